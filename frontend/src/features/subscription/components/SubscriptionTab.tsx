import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import type { SubscriptionView } from '@rafter/domain/billing';
import { BILLING_TERMS, isPlanId, PLAN_LIST, PLANS, type Plan } from '@rafter/domain/plans';
import { useCancelPendingChange } from '../api/cancel-pending-change';
import { useSubscription } from '../api/get-subscription';
import { usePlanChoice } from '../hooks/use-plan-choice';
import { serverErrorText } from '../utils/billing-errors';
import { formatBillingDate } from '../utils/format-billing-date';
import { CancellationSuccessDialog } from './CancellationSuccessDialog';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog';
import { CheckoutNotice, type CheckoutOutcome } from './CheckoutNotice';
import { CurrentPlanCard } from './CurrentPlanCard';
import { PlanChangeDialog, type PlanChanged } from './PlanChangeDialog';
import { PlanOptionCard } from './PlanOptionCard';
import { RefundDialog } from './RefundDialog';

function checkoutOutcome(value: string | null): CheckoutOutcome | null {
  return value === 'success' || value === 'canceled' ? value : null;
}

function actionLabel(plan: Plan, view: SubscriptionView): string {
  if (!view.active || view.plan === null) return `Choose ${plan.name}`;
  return plan.level > PLANS[view.plan].level ? `Upgrade to ${plan.name}` : `Switch to ${plan.name}`;
}

/** The dashboard's Subscription tab ('Choose Your Plan'). */
export default function SubscriptionTab() {
  const [params, setParams] = useSearchParams();
  const checkout = checkoutOutcome(params.get('checkout'));
  const subscription = useSubscription({ pollUntilActive: checkout === 'success' });
  const view = subscription.data;
  const choice = usePlanChoice(view);
  const [dialog, setDialog] = useState<'cancel' | 'refund' | null>(null);
  // Kept after closing, so the success dialog's text does not change while it fades out.
  const [cancelDone, setCancelDone] = useState({ open: false, until: null as string | null });
  const [refunded, setRefunded] = useState(false);
  const [changed, setChanged] = useState<PlanChanged | null>(null);
  const keepPlan = useCancelPendingChange();

  // A plan chosen elsewhere (the landing's pricing, /subscribe) arrives as ?change=plan: it opens
  // the same confirmation, once, and leaves the address.
  const requested = params.get('change');
  const { open: openChange } = choice;
  useEffect(() => {
    if (requested === null || !view) return;
    if (isPlanId(requested) && view.active && view.plan !== null && view.plan !== requested) {
      openChange(requested);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('change');
        return next;
      },
      { replace: true },
    );
  }, [requested, view, openChange, setParams]);

  const dismissCheckout = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );

  const planName = view?.plan ? PLANS[view.plan].name : '';

  return (
    <Box component="section" aria-labelledby="subscription-title" sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography
          id="subscription-title"
          variant="h1"
          sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
        >
          Choose Your Plan
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          Month-to-month billing, no contracts. Use code <strong>{BILLING_TERMS.promoCode}</strong>{' '}
          for {BILLING_TERMS.promoPercentOff}% off your first month.
        </Typography>
      </Box>

      {checkout && <CheckoutNotice outcome={checkout} view={view} onClose={dismissCheckout} />}
      {changed && (
        <Alert severity="success" role="status" onClose={() => setChanged(null)}>
          {changed.scheduledFor
            ? `Your plan changes to ${PLANS[changed.plan].name} on ${formatBillingDate(changed.scheduledFor)}.`
            : `Your plan is now ${PLANS[changed.plan].name}.`}
        </Alert>
      )}
      {refunded && (
        <Alert severity="success" role="status" onClose={() => setRefunded(false)}>
          Your refund is on its way and your subscription is canceled. Refunds are processed in{' '}
          {BILLING_TERMS.refundProcessingText}.
        </Alert>
      )}
      {view?.testMode && (
        <Alert severity="info" role="note">
          Payments are in test mode: use card 4242 4242 4242 4242
        </Alert>
      )}

      {subscription.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading subscription" />
        </Box>
      ) : subscription.isError ? (
        <Alert severity="error" role="alert">
          {serverErrorText(subscription.error) ?? 'Failed to load subscription'}
        </Alert>
      ) : (
        <>
          <CurrentPlanCard
            view={subscription.data}
            onCancel={() => setDialog('cancel')}
            onRequestRefund={() => setDialog('refund')}
            onKeepPlan={() => {
              setChanged(null);
              keepPlan.mutate();
            }}
            keepingPlan={keepPlan.isPending}
            keepPlanError={
              keepPlan.isError
                ? (serverErrorText(keepPlan.error) ?? 'Failed to keep your plan. Please try again.')
                : null
            }
          />
          {choice.error && (
            <Alert severity="error" role="alert" onClose={choice.clearError}>
              {choice.error}
            </Alert>
          )}
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
              gap: 3,
            }}
          >
            {PLAN_LIST.map((plan) => (
              <PlanOptionCard
                key={plan.id}
                plan={plan}
                current={subscription.data.active && subscription.data.plan === plan.id}
                actionLabel={actionLabel(plan, subscription.data)}
                disabled={choice.pendingPlan !== null}
                pending={choice.pendingPlan === plan.id}
                onChoose={() => void choice.choose(plan.id)}
              />
            ))}
          </Box>
        </>
      )}

      {view?.active && view.plan && (
        <PlanChangeDialog
          key={choice.changeTarget ?? 'none'}
          plan={choice.changeTarget}
          currentPlan={view.plan}
          onClose={choice.closeChange}
          onChanged={(change) => {
            choice.closeChange();
            setChanged(change);
          }}
        />
      )}
      {view && (
        <>
          <CancelSubscriptionDialog
            open={dialog === 'cancel'}
            planName={planName}
            currentPeriodEnd={view.currentPeriodEnd}
            onClose={() => setDialog(null)}
            onCanceled={(until) => {
              setDialog(null);
              setCancelDone({ open: true, until });
            }}
          />
          <RefundDialog
            open={dialog === 'refund'}
            planName={planName}
            onClose={() => setDialog(null)}
            onRefunded={() => {
              setDialog(null);
              setRefunded(true);
            }}
          />
        </>
      )}
      <CancellationSuccessDialog
        open={cancelDone.open}
        planName={planName}
        accessEndsAt={cancelDone.until}
        onClose={() => setCancelDone((done) => ({ ...done, open: false }))}
      />
    </Box>
  );
}
