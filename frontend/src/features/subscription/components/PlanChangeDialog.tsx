import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  planChangeDirection,
  type PlanChangePreview,
  type PlanChangeTiming,
} from '@rafter/domain/billing';
import { PLANS, type PlanId } from '@rafter/domain/plans';
import { ApiError } from '../../../lib/api-client';
import { billingKeys } from '../api/billing-keys';
import { changeSubscription } from '../api/change-subscription';
import { createCheckout } from '../api/create-checkout';
import { usePlanChangePreview } from '../api/preview-plan-change';
import { CHANGE_FAILED, CHECKOUT_FAILED, serverErrorText } from '../utils/billing-errors';
import { formatBillingDate } from '../utils/format-billing-date';
import { formatCents } from '../utils/format-money';
import { leavePage } from '../utils/leave-page';

const PREVIEW_FAILED = 'Could not work out the price of this change. Please try again.';

export interface PlanChanged {
  plan: PlanId;
  /** ISO date-time the change takes effect; null when it took effect now. */
  scheduledFor: string | null;
}

interface PlanChangeDialogProps {
  /** The plan being chosen; the dialog is open while set. */
  plan: PlanId | null;
  /** The plan held now. */
  currentPlan: PlanId;
  onClose: () => void;
  onChanged: (change: PlanChanged) => void;
}

function dialogTitle(currentPlan: PlanId, plan: PlanId): string {
  const name = PLANS[plan].name;
  return planChangeDirection(currentPlan, plan) === 'upgrade'
    ? `Upgrade to ${name}?`
    : `Switch to ${name}?`;
}

function explanation(preview: PlanChangePreview): string {
  const current = PLANS[preview.currentPlan].name;
  const next = PLANS[preview.plan].name;
  if (preview.via === 'checkout') {
    return `You pay for ${next} on the secure payment page; it starts once the payment goes through.`;
  }
  if (preview.timing === 'period_end') {
    return `You keep ${current} until ${formatBillingDate(preview.nextRenewal.date)}, then ${next} starts. Nothing is charged today.`;
  }
  if (preview.direction === 'upgrade') {
    return `${next} starts at once. You pay its price for the rest of this billing period, less the unused part of ${current}, charged now to your card on file.`;
  }
  return `${next} starts at once. The unused part of ${current} is credited toward your next invoices; nothing is paid out.`;
}

function confirmLabel(preview: PlanChangePreview): string {
  if (preview.via === 'checkout') return 'Continue to Payment';
  return preview.amountDueToday > 0
    ? `Confirm and Pay ${formatCents(preview.amountDueToday)}`
    : 'Confirm Change';
}

/** A failed change: the server's reason when it refused this change, else the spec's text. */
function changeErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.status === 402 || error.status === 409)) {
    return serverErrorText(error) ?? CHANGE_FAILED;
  }
  return CHANGE_FAILED;
}

/**
 * The confirmation of a plan change: Stripe's preview of what is due today and at the next
 * renewal, and for a smaller plan the choice of when. Nothing changes until Confirm, and the
 * change is sent with the preview's proration time and amount, so the charge is the one shown.
 * Give it a `key` per plan, so each choice starts afresh.
 */
export function PlanChangeDialog({ plan, currentPlan, onClose, onChanged }: PlanChangeDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [timing, setTiming] = useState<PlanChangeTiming | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = usePlanChangePreview(plan, timing);

  const shown = preview.data?.plan === plan ? preview.data : undefined;
  // The numbers on screen are the ones a confirmation would charge: never a stale timing's.
  const ready =
    shown !== undefined && !preview.isFetching && (timing === undefined || shown.timing === timing);

  const checkout = async () => {
    let url: string | undefined;
    try {
      ({ url } = await createCheckout(shown!.plan));
    } catch {
      url = undefined;
    }
    if (!url) {
      setError(CHECKOUT_FAILED);
      setPending(false);
      return;
    }
    // Pending stays set: the page is unloading towards the checkout.
    leavePage(url);
  };

  const confirm = async () => {
    if (!shown || !ready) return;
    setError(null);
    setPending(true);
    let answer;
    try {
      answer = await changeSubscription(
        shown.via === 'checkout'
          ? { newProductId: shown.plan }
          : {
              newProductId: shown.plan,
              timing: shown.timing,
              ...(shown.prorationDate === null ? {} : { prorationDate: shown.prorationDate }),
              ...(shown.timing === 'now' ? { expectedAmountDue: shown.amountDueToday } : {}),
            },
      );
    } catch (failure) {
      setError(changeErrorText(failure));
      setPending(false);
      // A refused quote is out of date: show the current one.
      if (failure instanceof ApiError && failure.status === 409) void preview.refetch();
      return;
    }
    void queryClient.invalidateQueries({ queryKey: billingKeys.subscription() });
    if (shown.via === 'checkout' || answer.canceledCount > 0) {
      await checkout();
      return;
    }
    setPending(false);
    onChanged({ plan: shown.plan, scheduledFor: answer.scheduledFor });
  };

  const titleId = `${id}-title`;
  return (
    <Dialog
      open={plan !== null}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {plan && <DialogTitle id={titleId}>{dialogTitle(currentPlan, plan)}</DialogTitle>}
      <DialogContent>
        {preview.isError && !shown ? (
          <Alert severity="error" role="alert">
            {serverErrorText(preview.error) ?? PREVIEW_FAILED}
          </Alert>
        ) : !shown ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>Working out what you would pay…</Typography>
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 2.5 }}>
            {shown.timings.length > 1 && (
              <FormControl>
                <FormLabel id={`${id}-timing`}>When should the change start?</FormLabel>
                <RadioGroup
                  aria-labelledby={`${id}-timing`}
                  value={timing ?? shown.timing}
                  onChange={(event) => setTiming(event.target.value as PlanChangeTiming)}
                >
                  {shown.timings.map((option) => (
                    <FormControlLabel
                      key={option}
                      value={option}
                      disabled={pending}
                      control={<Radio />}
                      label={
                        option === 'period_end'
                          ? `At renewal on ${formatBillingDate(shown.nextRenewal.date)} — keep ${PLANS[shown.currentPlan].name} until then`
                          : 'Now — the unused time is credited toward your next invoices'
                      }
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
            <Box
              component="dl"
              aria-busy={!ready}
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 3,
                rowGap: 1,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, fontWeight: 700, textAlign: 'right' },
              }}
            >
              <dt>Due today</dt>
              <dd data-testid="due-today">{formatCents(shown.amountDueToday)}</dd>
              {shown.credit > 0 && (
                <>
                  <dt>Credit for unused time</dt>
                  <dd data-testid="credit">{formatCents(shown.credit)}</dd>
                </>
              )}
              <dt>Next renewal</dt>
              <dd data-testid="next-renewal">
                {formatCents(shown.nextRenewal.amount)} on{' '}
                {formatBillingDate(shown.nextRenewal.date)}
              </dd>
            </Box>
            <Typography color="textSecondary">{explanation(shown)}</Typography>
            {shown.withdrawsCancellation && (
              <Alert severity="info" role="note">
                Your cancellation will be withdrawn: the subscription continues on{' '}
                {PLANS[shown.plan].name}.
              </Alert>
            )}
          </Box>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={pending}>
          Keep Current Plan
        </Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          disabled={!ready}
          loading={pending}
        >
          {shown ? confirmLabel(shown) : 'Confirm Change'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
