import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ApiKeySummary } from '@rafter/domain/api-keys';
import { useRevokeApiKey } from '../api/api-keys';

interface RevokeApiKeyDialogProps {
  open: boolean;
  /** The key asked about; kept while the dialog closes, so its text does not change. */
  apiKey: ApiKeySummary | null;
  onClose: () => void;
}

/** Asks before revoking: whatever uses the key stops working at once, for good. */
export function RevokeApiKeyDialog({ open, apiKey, onClose }: RevokeApiKeyDialogProps) {
  const revoke = useRevokeApiKey();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Dialog
      open={open && apiKey !== null}
      onClose={close}
      aria-labelledby="revoke-api-key-title"
      aria-describedby="revoke-api-key-text"
    >
      <DialogTitle id="revoke-api-key-title">Revoke “{apiKey?.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText id="revoke-api-key-text">
          Every app or integration using this key ({apiKey?.prefix}…) stops working at once. This
          cannot be undone: create a new key to connect it again.
        </DialogContentText>
        {revoke.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            The key could not be revoked. Please try again.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={revoke.isPending}
          onClick={() => apiKey && revoke.mutate(apiKey.id, { onSuccess: close })}
        >
          {revoke.isPending ? 'Revoking…' : 'Revoke key'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
