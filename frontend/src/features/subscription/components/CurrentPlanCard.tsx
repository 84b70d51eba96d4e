import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { SubscriptionView } from '@rafter/domain/billing';
import { PLANS } from '@rafter/domain/plans';
import { formatBillingDate } from '../utils/format-billing-date';
import { LeadUsage } from './LeadUsage';

interface CurrentPlanCardProps {
  view: SubscriptionView;
  onCancel: () => void;
  onRequestRefund: () => void;
  /** Takes back the plan change waiting for the renewal. */
  onKeepPlan: () => void;
  keepingPlan: boolean;
  /** Why taking back the change failed, if it did. */
  keepPlanError: string | null;
}

const cardSx = {
  p: { xs: 2.5, sm: 3 },
  borderRadius: 3,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
} as const;

/** The plan the contractor is on, when it renews or ends, and this month's lead usage. */
export function CurrentPlanCard({
  view,
  onCancel,
  onRequestRefund,
  onKeepPlan,
  keepingPlan,
  keepPlanError,
}: CurrentPlanCardProps) {
  if (!view.active || view.plan === null) {
    return (
      <Box component="section" aria-labelledby="current-plan-title" sx={cardSx}>
        <Typography id="current-plan-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
          No Active Plan
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          {view.plan === null
            ? 'Choose a plan below to turn on your calculator and start receiving leads.'
            : `Your ${PLANS[view.plan].name} subscription is not active. Choose a plan below to turn your calculator back on.`}
        </Typography>
      </Box>
    );
  }

  const plan = PLANS[view.plan];
  const canceling = view.cancelAtPeriodEnd;
  const periodEnd = view.currentPeriodEnd ? formatBillingDate(view.currentPeriodEnd) : null;

  return (
    <Box component="section" aria-labelledby="current-plan-title" sx={cardSx}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          variant="overline"
          color="textSecondary"
          sx={{ width: '100%', lineHeight: 1.5 }}
        >
          Current plan
        </Typography>
        <Typography id="current-plan-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {plan.name}
        </Typography>
        {canceling ? (
          // Amber text dark enough for 4.5:1 on its light background (the theme's warning is not).
          <Chip label="Canceling" size="small" sx={{ bgcolor: '#fef3c7', color: '#92400e' }} />
        ) : (
          <Chip label="Active" color="primary" size="small" />
        )}
      </Box>
      {periodEnd && (
        <Typography sx={{ mt: 1 }} color="textSecondary">
          {canceling ? `Cancels on ${periodEnd}` : `Renews on ${periodEnd}`}
        </Typography>
      )}
      {view.pendingChange && (
        <Box sx={{ mt: 1.5, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>
            Changes to {PLANS[view.pendingChange.plan].name} on{' '}
            {formatBillingDate(view.pendingChange.effectiveAt)}
          </Typography>
          <Button variant="outlined" size="small" onClick={onKeepPlan} loading={keepingPlan}>
            Keep {plan.name}
          </Button>
        </Box>
      )}
      {keepPlanError && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {keepPlanError}
        </Alert>
      )}
      <Box sx={{ mt: 3 }}>
        <LeadUsage count={view.monthlyLeadCount} limit={view.monthlyLeadLimit} />
      </Box>
      <Box sx={{ mt: 3, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {!canceling && (
          <Button variant="outlined" color="error" onClick={onCancel}>
            Cancel Subscription
          </Button>
        )}
        {view.refund.eligible ? (
          <>
            <Button variant="text" onClick={onRequestRefund}>
              Request refund
            </Button>
            {view.refund.deadline && (
              <Typography variant="body2" color="textSecondary">
                Money-back guarantee until {formatBillingDate(view.refund.deadline)}
              </Typography>
            )}
          </>
        ) : (
          <Typography variant="body2" color="textSecondary">
            {view.refund.message}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
