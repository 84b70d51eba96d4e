import DialogContentText from '@mui/material/DialogContentText';
import { BILLING_TERMS } from '@rafter/domain/plans';
import { useRequestRefund } from '../api/request-refund';
import { serverErrorText } from '../utils/billing-errors';
import { ConfirmBillingDialog } from './ConfirmBillingDialog';

interface RefundDialogProps {
  open: boolean;
  planName: string;
  onClose: () => void;
  onRefunded: () => void;
}

export function RefundDialog({ open, planName, onClose, onRefunded }: RefundDialogProps) {
  const refund = useRequestRefund();

  const close = () => {
    refund.reset();
    onClose();
  };

  return (
    <ConfirmBillingDialog
      open={open}
      title="Request a refund?"
      confirmLabel="Request Refund"
      pending={refund.isPending}
      error={
        refund.isError
          ? (serverErrorText(refund.error) ?? 'The refund failed. Please try again.')
          : null
      }
      onClose={close}
      onConfirm={() =>
        refund.mutate(undefined, {
          onSuccess: () => {
            refund.reset();
            onRefunded();
          },
        })
      }
    >
      <DialogContentText>
        Your payment is refunded and your {planName} plan is canceled immediately: the calculator
        and new leads lock now. Refunds are processed in {BILLING_TERMS.refundProcessingText}.
      </DialogContentText>
    </ConfirmBillingDialog>
  );
}
