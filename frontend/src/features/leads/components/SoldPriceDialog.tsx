import { type FormEvent, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { formatUsd } from '@rafter/domain/estimate';
import { parseDollars, soldPriceSchema } from '@rafter/domain/sold-price';
import { useSetLeadSoldPrice } from '../api/set-lead-sold-price';

interface SoldPriceDialogProps {
  leadId: string;
  leadName: string;
  /** The price saved so far, to edit; null asks for the first time. */
  soldPrice: number | null;
  onClose: () => void;
}

/**
 * Asks, optionally, what a Converted lead sold for: estimate accuracy compares it with the
 * estimate. Skip closes without saving; an empty field saved clears a price entered before.
 */
export function SoldPriceDialog({ leadId, leadName, soldPrice, onClose }: SoldPriceDialogProps) {
  const [text, setText] = useState(soldPrice === null ? '' : String(soldPrice));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetLeadSoldPrice();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseDollars(text);
    if (amount === null && soldPrice === null) {
      setProblem('Enter what you sold it for, or Skip');
      return;
    }
    const checked = amount === null ? null : soldPriceSchema.safeParse(amount);
    if (checked && !checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Sold price is not valid');
      return;
    }
    setProblem(null);
    save.mutate({ id: leadId, soldPrice: checked ? checked.data : null }, { onSuccess: onClose });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="sold-price-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="sold-price-title">What did you sell it for?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Optional: the price of {leadName}'s job, in whole dollars. Analytics compares it with
            the estimate{soldPrice === null ? '' : ` (now ${formatUsd(soldPrice)})`}.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label="Sold price"
            inputMode="numeric"
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={problem !== null}
            helperText={problem ?? ' '}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
          {save.isError && (
            <Alert severity="error" role="alert">
              The price was not saved. {save.error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            Skip
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
