import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import type { LeadListItem } from '@rafter/domain/crm';
import { formatEstimateRange, formatUsd } from '@rafter/domain/estimate';
import { formatUsPhone } from '@rafter/domain/lead';
import { materialLabel } from '@rafter/domain/materials';
import { storiesDisplay } from '@rafter/domain/property';
import { formatArea, formatDate } from '../utils/format';

/** Name, contact and date; a locked lead shows that its contact details are hidden. */
export function LeadContactSummary({ lead }: { lead: LeadListItem }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 700 }} noWrap title={lead.name}>
        {lead.name}
      </Typography>
      {lead.locked ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
        >
          <LockRoundedIcon sx={{ fontSize: 16 }} aria-hidden />
          Contact hidden
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" noWrap title={lead.email ?? ''}>
            {lead.email}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {lead.phone ? formatUsPhone(lead.phone) : ''}
          </Typography>
        </>
      )}
      <Typography variant="caption" color="text.secondary">
        {formatDate(lead.createdAt)}
      </Typography>
    </Box>
  );
}

/** Address (zip code alone when locked), material, stories and roof area. */
export function LeadPropertySummary({ lead }: { lead: LeadListItem }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {lead.address ?? `Zip code ${lead.zipCode}`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {materialLabel(lead.material)} · {storiesDisplay(lead.stories)}{' '}
        {storiesDisplay(lead.stories) === 1 ? 'story' : 'stories'} · {formatArea(lead.roofArea)}
      </Typography>
    </Box>
  );
}

/** The average estimate, with the range under it. */
export function LeadEstimateSummary({ lead }: { lead: LeadListItem }) {
  return (
    <Box>
      <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {formatUsd(lead.estimateMid)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {formatEstimateRange({ low: lead.estimateLow, high: lead.estimateHigh })}
      </Typography>
    </Box>
  );
}
