import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import { Link } from 'react-router';
import type { LeadDetail, LeadListItem } from '@rafter/domain/crm';
import type { LeadStatus } from '@rafter/domain/lead';
import { LeadDetails } from './LeadDetails';
import { LeadScoreChip } from './LeadBadges';
import { LeadStatusSelect } from './LeadStatusSelect';
import { LeadContactSummary, LeadEstimateSummary, LeadPropertySummary } from './LeadSummary';

export interface LeadRowProps {
  lead: LeadListItem;
  expanded: boolean;
  onToggle: () => void;
  savingStatus: boolean;
  onStatusChange: (status: LeadStatus) => void;
  upgradeTo: string;
  onMarkedSpam: (lead: LeadDetail) => void;
}

const COLUMN_COUNT = 6;

function DetailsToggle({
  lead,
  expanded,
  onToggle,
}: Pick<LeadRowProps, 'lead' | 'expanded' | 'onToggle'>) {
  return (
    <IconButton
      onClick={onToggle}
      aria-expanded={expanded}
      aria-controls={`lead-details-${lead.id}`}
      aria-label={`${expanded ? 'Hide' : 'Show'} details of ${lead.name}`}
    >
      {expanded ? <ExpandLessRoundedIcon /> : <ExpandMoreRoundedIcon />}
    </IconButton>
  );
}

function UpgradeButton({ upgradeTo }: { upgradeTo: string }) {
  return (
    <Button component={Link} to={upgradeTo} size="small" variant="outlined">
      Upgrade
    </Button>
  );
}

/** One lead in the wide table, with its details in a row of their own below it. */
export function LeadTableRow(props: LeadRowProps) {
  const { lead, expanded, savingStatus, onStatusChange, upgradeTo, onMarkedSpam } = props;
  return (
    <>
      <TableRow
        data-lead-id={lead.id}
        sx={{ '& > td': { borderBottom: expanded ? 0 : undefined, verticalAlign: 'top' } }}
      >
        <TableCell sx={{ maxWidth: 240 }}>
          <LeadContactSummary lead={lead} />
        </TableCell>
        <TableCell sx={{ maxWidth: 280 }}>
          <LeadPropertySummary lead={lead} />
        </TableCell>
        <TableCell>
          <LeadEstimateSummary lead={lead} />
        </TableCell>
        <TableCell>
          <LeadScoreChip score={lead.score} />
        </TableCell>
        <TableCell>
          <LeadStatusSelect
            leadName={lead.name}
            status={lead.status}
            saving={savingStatus}
            onChange={onStatusChange}
          />
        </TableCell>
        <TableCell>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <DetailsToggle {...props} />
            {lead.locked && <UpgradeButton upgradeTo={upgradeTo} />}
          </Box>
        </TableCell>
      </TableRow>
      {expanded && (
        <TableRow>
          <TableCell
            colSpan={COLUMN_COUNT}
            id={`lead-details-${lead.id}`}
            sx={{ bgcolor: 'grey.50' }}
          >
            <LeadDetails leadId={lead.id} upgradeTo={upgradeTo} onMarkedSpam={onMarkedSpam} />
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** One lead as a card, for phones. */
export function LeadCard(props: LeadRowProps) {
  const { lead, expanded, savingStatus, onStatusChange, upgradeTo, onMarkedSpam } = props;
  return (
    <Card component="li" data-lead-id={lead.id} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <LeadContactSummary lead={lead} />
          </Box>
          <LeadScoreChip score={lead.score} />
        </Box>
        <LeadPropertySummary lead={lead} />
        <LeadEstimateSummary lead={lead} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <LeadStatusSelect
            leadName={lead.name}
            status={lead.status}
            saving={savingStatus}
            onChange={onStatusChange}
          />
          {lead.locked && <UpgradeButton upgradeTo={upgradeTo} />}
          <Box sx={{ ml: 'auto' }}>
            <DetailsToggle {...props} />
          </Box>
        </Box>
        {expanded && (
          <Box id={`lead-details-${lead.id}`} sx={{ pt: 1, borderTop: 1, borderColor: 'divider' }}>
            <LeadDetails leadId={lead.id} upgradeTo={upgradeTo} onMarkedSpam={onMarkedSpam} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
