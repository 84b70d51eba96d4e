import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import type { Plan } from '@rafter/domain/plans';

interface PlanOptionCardProps {
  plan: Plan;
  current: boolean;
  /** The button's text: Choose, Upgrade to or Switch to the plan. */
  actionLabel: string;
  disabled: boolean;
  pending: boolean;
  onChoose: () => void;
}

export function PlanOptionCard({
  plan,
  current,
  actionLabel,
  disabled,
  pending,
  onChoose,
}: PlanOptionCardProps) {
  const titleId = `subscription-plan-${plan.id}`;
  const highlighted = current || plan.mostPopular;

  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        p: 3,
        borderRadius: 3,
        bgcolor: 'background.paper',
        border: highlighted ? 2 : 1,
        borderColor: highlighted ? 'primary.main' : 'divider',
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', minHeight: 24 }}>
        {current && <Chip label="Current Plan" color="primary" size="small" />}
        {plan.mostPopular && (
          <Chip
            label="Most Popular"
            size="small"
            sx={{ bgcolor: 'primary.dark', color: 'common.white' }}
          />
        )}
      </Box>
      <Typography id={titleId} variant="h2" sx={{ mt: 1.5, fontSize: '1.25rem' }}>
        {plan.name}
      </Typography>
      <Typography sx={{ mt: 1 }}>
        <Box component="span" sx={{ fontSize: '2rem', fontWeight: 800 }}>
          ${plan.priceCents / 100}
        </Box>
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>
          /month
        </Box>
      </Typography>
      <Typography sx={{ mt: 0.5, fontWeight: 600, color: 'primary.dark' }}>
        {plan.monthlyLeadLimit === null
          ? 'Unlimited leads'
          : `${plan.monthlyLeadLimit} leads per month`}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, mb: 3 }}>
        {plan.features.map((feature) => (
          <Box component="li" key={feature} sx={{ display: 'flex', gap: 1, py: 0.5 }}>
            <CheckRoundedIcon aria-hidden sx={{ color: 'primary.main', fontSize: 20, mt: '2px' }} />
            <Typography variant="body2">{feature}</Typography>
          </Box>
        ))}
      </Box>
      <Button
        variant={highlighted && !current ? 'contained' : 'outlined'}
        size="large"
        fullWidth
        disabled={current || disabled}
        onClick={onChoose}
        loading={pending}
        sx={{ mt: 'auto' }}
      >
        {current ? 'Current Plan' : actionLabel}
      </Button>
    </Box>
  );
}
