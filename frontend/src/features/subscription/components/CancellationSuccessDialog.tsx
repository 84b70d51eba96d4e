import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { formatBillingDate } from '../utils/format-billing-date';

interface CancellationSuccessDialogProps {
  open: boolean;
  planName: string;
  accessEndsAt: string | null;
  onClose: () => void;
}

/** After a cancel (spec section 4): the end date, and that access remains until then. */
export function CancellationSuccessDialog({
  open,
  planName,
  accessEndsAt,
  onClose,
}: CancellationSuccessDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`}>Subscription canceled</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-body`}>
          Your subscription ends on{' '}
          {accessEndsAt ? formatBillingDate(accessEndsAt) : 'the last day of this billing period'}.
          You keep full access to the {planName} plan until then, and you will not be charged again.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          Got it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
