import Alert from '@mui/material/Alert';
import type { SubscriptionView } from '@rafter/domain/billing';
import { PLANS } from '@rafter/domain/plans';

export type CheckoutOutcome = 'success' | 'canceled';

interface CheckoutNoticeProps {
  outcome: CheckoutOutcome;
  view: SubscriptionView | undefined;
  onClose: () => void;
}

/**
 * The return from Stripe Checkout. Stripe's webhook may land after the browser does, so a paid
 * checkout says the plan is being activated until the subscription reads active.
 */
export function CheckoutNotice({ outcome, view, onClose }: CheckoutNoticeProps) {
  if (outcome === 'canceled') {
    return (
      <Alert severity="info" role="status" onClose={onClose}>
        Checkout was canceled. You have not been charged.
      </Alert>
    );
  }
  const activePlan = view?.active && view.plan !== null ? PLANS[view.plan] : null;
  return (
    <Alert severity="success" role="status" onClose={onClose}>
      {activePlan
        ? `Payment received — your ${activePlan.name} plan is active.`
        : 'Payment received. Activating your plan...'}
    </Alert>
  );
}
