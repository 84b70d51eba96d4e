import Chip from '@mui/material/Chip';
import { LEAD_STATUS_COLORS, LEAD_STATUS_LABELS, type LeadStatus } from '@rafter/domain/lead';
import { scoreBand } from '@rafter/domain/lead-score';
import { badgeSx } from '../../../theme/lead-colors';

/** The status badge: new blue, contacted yellow, qualified green, converted purple, lost red. */
export function LeadStatusChip({ status }: { status: LeadStatus }) {
  return (
    <Chip
      size="small"
      label={LEAD_STATUS_LABELS[status]}
      sx={badgeSx(LEAD_STATUS_COLORS[status])}
    />
  );
}

/** The score out of 100 in its colour band: 80+ green, 60-79 yellow, 40-59 orange, below red. */
export function LeadScoreChip({ score }: { score: number }) {
  return (
    <Chip
      size="small"
      label={`${score}/100`}
      sx={{ ...badgeSx(scoreBand(score)), fontVariantNumeric: 'tabular-nums' }}
    />
  );
}
