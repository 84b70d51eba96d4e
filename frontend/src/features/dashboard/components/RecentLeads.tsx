import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import InboxRoundedIcon from '@mui/icons-material/InboxRounded';
import { Link } from 'react-router';
import type { LeadListItem } from '@rafter/domain/crm';
import { formatUsd } from '@rafter/domain/estimate';
import { LEAD_STATUS_COLORS, LEAD_STATUS_LABELS } from '@rafter/domain/lead';
import { scoreBand } from '@rafter/domain/lead-score';
import { badgeSx } from '../../../theme/lead-colors';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

interface RecentLeadsProps {
  /** Undefined while loading. */
  leads: LeadListItem[] | undefined;
  allLeadsTo: string;
}

/** The 5 newest leads: name, date, score, average estimate and status. */
export function RecentLeads({ leads, allLeadsTo }: RecentLeadsProps) {
  return (
    <Card component="section" aria-labelledby="recent-leads-title">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Typography id="recent-leads-title" component="h2" variant="h6">
            Recent Leads
          </Typography>
          <Button component={Link} to={allLeadsTo} size="small" sx={{ ml: 'auto' }}>
            View all leads
          </Button>
        </Box>
        {leads === undefined ? (
          [0, 1, 2].map((row) => <Skeleton key={row} variant="rounded" height={52} />)
        ) : leads.length === 0 ? (
          <Box sx={{ py: 5, textAlign: 'center', color: 'text.secondary' }}>
            <InboxRoundedIcon sx={{ fontSize: 40 }} aria-hidden />
            <Typography
              component="p"
              variant="subtitle1"
              sx={{ color: 'text.primary', fontWeight: 700 }}
            >
              No recent leads yet
            </Typography>
            <Typography>New leads will appear here</Typography>
          </Box>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {leads.map((lead) => (
              <Box
                component="li"
                key={lead.id}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(0, 1fr) auto',
                  alignItems: 'center',
                  gap: 1,
                  py: 1.5,
                  borderTop: 1,
                  borderColor: 'divider',
                  '&:first-of-type': { borderTop: 0 },
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700 }} noWrap>
                    {lead.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {dateFormat.format(new Date(lead.createdAt))} · {formatUsd(lead.estimateMid)}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                  <Chip
                    size="small"
                    label={`${lead.score}/100`}
                    sx={badgeSx(scoreBand(lead.score))}
                  />
                  <Chip
                    size="small"
                    label={LEAD_STATUS_LABELS[lead.status]}
                    sx={badgeSx(LEAD_STATUS_COLORS[lead.status])}
                  />
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
