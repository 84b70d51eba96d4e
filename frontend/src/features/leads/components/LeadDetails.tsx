import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import { Link as RouterLink } from 'react-router';
import type { LeadDetail } from '@rafter/domain/crm';
import { formatUsd } from '@rafter/domain/estimate';
import { formatUsPhone } from '@rafter/domain/lead';
import { materialLabel } from '@rafter/domain/materials';
import { OWNERSHIP_LABELS, storiesDisplay } from '@rafter/domain/property';
import { useLead } from '../api/get-lead';
import { useMarkLeadSpam } from '../api/mark-lead-spam';
import { formatArea, formatCoordinates, formatDateTime, timelineText } from '../utils/format';
import { AddNoteForm } from './AddNoteForm';
import { LeadScoreChip } from './LeadBadges';
import { LockedLeadNotice } from './LockedLeadNotice';
import { SoldPriceDialog } from './SoldPriceDialog';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <Typography component="h3" variant="subtitle2" sx={{ mb: 1, color: 'text.secondary' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 2,
        rowGap: 0.5,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

interface LeadDetailsProps {
  leadId: string;
  upgradeTo: string;
  /** After the lead was flagged as spam (it then leaves the list): offer to take it back. */
  onMarkedSpam?: (lead: LeadDetail) => void;
}

/** A lead's expanded view: contact, property, estimates, score with reasons, timeline, notes. */
export function LeadDetails({ leadId, upgradeTo, onMarkedSpam }: LeadDetailsProps) {
  const lead = useLead(leadId);

  useEffect(() => {
    if (lead.error) console.error('Failed to load lead details', lead.error);
  }, [lead.error]);

  if (lead.isPending) {
    return (
      <Box aria-busy sx={{ display: 'grid', gap: 1 }}>
        <Skeleton width="40%" />
        <Skeleton />
        <Skeleton width="70%" />
      </Box>
    );
  }
  if (lead.isError) {
    return (
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" onClick={() => void lead.refetch()}>
            Retry
          </Button>
        }
      >
        The lead's details did not load.
      </Alert>
    );
  }
  return <LeadDetailsView lead={lead.data} upgradeTo={upgradeTo} onMarkedSpam={onMarkedSpam} />;
}

/**
 * Flags the lead as spam, or takes the flag back: a flagged lead leaves the lists and figures
 * and gives its place in this month's lead allowance back.
 */
function SpamAction({
  lead,
  onMarkedSpam,
}: {
  lead: LeadDetail;
  onMarkedSpam?: (lead: LeadDetail) => void;
}) {
  const markSpam = useMarkLeadSpam();
  // mutateAsync: the row (and this component) leaves the list before mutate's own callbacks run.
  const mark = (spam: boolean) =>
    markSpam.mutateAsync({ id: lead.id, spam }).then(
      (changed) => (changed.spam ? onMarkedSpam?.(changed) : undefined),
      (error: unknown) => console.error('Failed to mark the lead', error),
    );
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Typography variant="body2" color="text.secondary">
        {lead.spam
          ? "Marked as spam: it is left out of your leads, figures and export, and doesn't count toward this month's leads."
          : "Not a real homeowner? Mark it as spam: it leaves your leads and figures and doesn't count toward this month's leads."}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        color={lead.spam ? 'primary' : 'error'}
        disabled={markSpam.isPending}
        onClick={() => void mark(!lead.spam)}
      >
        {lead.spam ? 'Not spam' : 'Mark as spam'}
      </Button>
      {markSpam.isError && (
        <Typography variant="body2" color="error" role="alert">
          That did not save. Please try again.
        </Typography>
      )}
    </Box>
  );
}

/** What the job sold for, with the button that enters or changes it. */
function SoldPrice({ lead }: { lead: LeadDetail }) {
  const [editing, setEditing] = useState(false);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {lead.soldPrice === null ? 'Not entered' : formatUsd(lead.soldPrice)}
      <Button
        size="small"
        onClick={() => setEditing(true)}
        aria-label={lead.soldPrice === null ? 'Enter the sold price' : 'Edit the sold price'}
      >
        {lead.soldPrice === null ? 'Enter' : 'Edit'}
      </Button>
      {editing && (
        <SoldPriceDialog
          leadId={lead.id}
          leadName={lead.name}
          soldPrice={lead.soldPrice}
          onClose={() => setEditing(false)}
        />
      )}
    </Box>
  );
}

function LeadDetailsView({
  lead,
  upgradeTo,
  onMarkedSpam,
}: {
  lead: LeadDetail;
  upgradeTo: string;
  onMarkedSpam?: (lead: LeadDetail) => void;
}) {
  const coordinates = formatCoordinates(lead.latitude, lead.longitude);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <Section title="Contact">
        {lead.locked ? (
          <LockedLeadNotice reason={lead.lockedReason} upgradeTo={upgradeTo} />
        ) : (
          <Facts
            rows={[
              ['Name', lead.name],
              ['Email', lead.email ? <Link href={`mailto:${lead.email}`}>{lead.email}</Link> : '-'],
              [
                'Phone',
                lead.phone ? (
                  <Link href={`tel:${lead.phone}`}>{formatUsPhone(lead.phone)}</Link>
                ) : (
                  '-'
                ),
              ],
            ]}
          />
        )}
      </Section>
      <Section title="Property">
        <Facts
          rows={[
            ...(lead.address ? [['Address', lead.address] as [string, ReactNode]] : []),
            ['Zip code', lead.zipCode],
            ...(coordinates ? [['Coordinates', coordinates] as [string, ReactNode]] : []),
            ['Homeowner', OWNERSHIP_LABELS[lead.ownership]],
            ['Material', materialLabel(lead.material)],
            ['Stories', storiesDisplay(lead.stories)],
            ['Roof area', formatArea(lead.roofArea)],
          ]}
        />
      </Section>
      <Section title="Estimate">
        <Facts
          rows={[
            ['Low', formatUsd(lead.estimateLow)],
            ['Average', formatUsd(lead.estimateMid)],
            ['High', formatUsd(lead.estimateHigh)],
            ...(lead.status === 'converted' || lead.soldPrice !== null
              ? [['Sold for', <SoldPrice key="sold" lead={lead} />] as [string, ReactNode]]
              : []),
          ]}
        />
      </Section>
      <Section title="Lead score">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <LeadScoreChip score={lead.score} />
          <Typography variant="body2" color="text.secondary">
            out of 100
          </Typography>
        </Box>
        {lead.scoreReasons ? (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {lead.scoreReasons.map((reason) => (
              <li key={reason.reason}>
                {reason.reason}: {reason.points > 0 ? '+' : ''}
                {reason.points}
              </li>
            ))}
          </Box>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <LockRoundedIcon fontSize="small" sx={{ color: 'text.secondary' }} />
            <Typography variant="body2">
              Why this score: AI lead scoring, on the Smart plan and up.
            </Typography>
            <Button component={RouterLink} to={upgradeTo} size="small">
              Upgrade
            </Button>
          </Box>
        )}
      </Section>
      <Section title="Timeline">
        <Typography variant="body2" sx={{ mb: 1 }}>
          Created {formatDateTime(lead.createdAt)}
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
          {lead.timeline.map((entry) => (
            <li key={entry.id}>
              <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                {timelineText(entry)}
              </Typography>{' '}
              <Typography variant="body2" component="span" color="text.secondary">
                {formatDateTime(entry.at)}
              </Typography>
              {entry.note && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.25 }}>
                  {entry.note}
                </Typography>
              )}
            </li>
          ))}
        </Box>
      </Section>
      <Section title="Notes">
        <AddNoteForm leadId={lead.id} />
      </Section>
      <Section title="Spam">
        <SpamAction lead={lead} onMarkedSpam={onMarkedSpam} />
      </Section>
    </Box>
  );
}
