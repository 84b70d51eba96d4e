import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import type { Plan } from '@rafter/domain/plans';

function formatMonthlyPrice(priceCents: number): string {
  return `$${(priceCents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

function formatLeadLimit(limit: number | null): string {
  return limit === null ? 'Unlimited leads' : `${limit} leads per month`;
}

interface PlanCardProps {
  plan: Plan;
  /** The card's button; without it the card only describes the plan. */
  onSelect?: (plan: Plan) => void;
  onIntent?: () => void;
}

export function PlanCard({ plan, onSelect, onIntent }: PlanCardProps) {
  const titleId = `plan-${plan.id}-title`;
  const highlighted = plan.mostPopular;

  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        p: { xs: 3, md: 4 },
        borderRadius: 4,
        bgcolor: 'background.paper',
        border: highlighted ? 2 : 1,
        borderColor: highlighted ? 'primary.main' : 'divider',
        boxShadow: highlighted
          ? '0 24px 48px -16px rgba(22, 163, 74, 0.35)'
          : '0 1px 2px rgba(15, 23, 42, 0.04)',
      }}
    >
      {highlighted && (
        <Chip
          label="Most Popular"
          size="small"
          sx={{
            position: 'absolute',
            top: 0,
            left: '50%',
            transform: 'translate(-50%, -50%)',
            bgcolor: 'primary.dark',
            color: 'common.white',
            px: 1,
          }}
        />
      )}
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1.25rem' }}>
        {plan.name}
      </Typography>
      <Box sx={{ mt: 2, display: 'flex', alignItems: 'baseline', gap: 0.5 }}>
        <Typography
          component="p"
          sx={{ fontSize: '2.75rem', fontWeight: 800, lineHeight: 1, letterSpacing: '-0.03em' }}
        >
          {formatMonthlyPrice(plan.priceCents)}
        </Typography>
        <Typography component="span" color="textSecondary" sx={{ fontWeight: 500 }}>
          /month
        </Typography>
      </Box>
      <Typography sx={{ mt: 1.5, fontWeight: 600, color: 'primary.dark' }}>
        {formatLeadLimit(plan.monthlyLeadLimit)}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 3, pt: 3, borderTop: 1, borderColor: 'divider' }}
      >
        {plan.features.map((feature) => (
          <Box
            component="li"
            key={feature}
            sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.25, py: 0.75 }}
          >
            <CheckRoundedIcon
              aria-hidden
              sx={{ color: 'primary.main', fontSize: 20, mt: '2px', flexShrink: 0 }}
            />
            <Typography variant="body2">{feature}</Typography>
          </Box>
        ))}
      </Box>
      {onSelect && (
        <Box sx={{ mt: 'auto', pt: 3 }}>
          <Button
            variant={highlighted ? 'contained' : 'outlined'}
            size="large"
            fullWidth
            onClick={() => onSelect(plan)}
            onPointerEnter={onIntent}
            onFocus={onIntent}
          >
            Choose {plan.name}
          </Button>
        </Box>
      )}
    </Box>
  );
}
