import { useId } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { isLimitReached, usagePercent } from '@rafter/domain/plans';

interface LeadUsageProps {
  count: number;
  /** null: unlimited. */
  limit: number | null;
}

/** This month's leads against the plan's limit (spec section 9's usage bar). */
export function LeadUsage({ count, limit }: LeadUsageProps) {
  const labelId = useId();
  const reached = isLimitReached(count, limit);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={labelId} sx={{ fontWeight: 600 }}>
          Leads this month
        </Typography>
        {reached && <Chip label="Limit Reached" color="error" size="small" />}
        <Typography sx={{ ml: 'auto' }} color="textSecondary">
          {limit === null
            ? `${count} ${count === 1 ? 'lead' : 'leads'} · Unlimited`
            : `${count} / ${limit} leads`}
        </Typography>
      </Box>
      {limit !== null && (
        <LinearProgress
          variant="determinate"
          value={usagePercent(count, limit)}
          color={reached ? 'error' : 'primary'}
          aria-labelledby={labelId}
          aria-valuetext={`${count} of ${limit} leads`}
          sx={{ mt: 1, height: 8, borderRadius: 4 }}
        />
      )}
    </Box>
  );
}
