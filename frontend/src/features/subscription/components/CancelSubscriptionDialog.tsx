import DialogContentText from '@mui/material/DialogContentText';
import { useCancelSubscription } from '../api/cancel-subscription';
import { serverAnswered, serverErrorText } from '../utils/billing-errors';
import { formatBillingDate } from '../utils/format-billing-date';
import { ConfirmBillingDialog } from './ConfirmBillingDialog';

interface CancelSubscriptionDialogProps {
  open: boolean;
  planName: string;
  currentPeriodEnd: string | null;
  onClose: () => void;
  onCanceled: (accessEndsAt: string | null) => void;
}

/** Spec section 8: the server's text, else 'Failed to cancel subscription' or 'Cancellation failed'. */
function cancelErrorText(error: unknown): string {
  return (
    serverErrorText(error) ??
    (serverAnswered(error) ? 'Failed to cancel subscription' : 'Cancellation failed')
  );
}

export function CancelSubscriptionDialog({
  open,
  planName,
  currentPeriodEnd,
  onClose,
  onCanceled,
}: CancelSubscriptionDialogProps) {
  const cancel = useCancelSubscription();
  const until = currentPeriodEnd
    ? formatBillingDate(currentPeriodEnd)
    : 'the end of the billing period';

  const close = () => {
    cancel.reset();
    onClose();
  };

  return (
    <ConfirmBillingDialog
      open={open}
      title="Cancel your subscription?"
      confirmLabel="Cancel Subscription"
      pending={cancel.isPending}
      error={cancel.isError ? cancelErrorText(cancel.error) : null}
      onClose={close}
      onConfirm={() =>
        cancel.mutate(undefined, {
          onSuccess: (answer) => {
            cancel.reset();
            onCanceled(answer.currentPeriodEnd ?? currentPeriodEnd);
          },
        })
      }
    >
      <DialogContentText>
        You will not be charged again. Your {planName} plan stays active until {until}, then the
        calculator and new leads lock.
      </DialogContentText>
    </ConfirmBillingDialog>
  );
}
