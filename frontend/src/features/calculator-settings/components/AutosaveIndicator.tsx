import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Autosave } from '../hooks/use-autosave';

const TEXTS = {
  idle: '',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'All changes saved',
} as const;

/** The autosave's state; a failure keeps the edit and offers to save it again. */
export function AutosaveIndicator<T>({ autosave }: { autosave: Autosave<T> }) {
  if (autosave.status === 'failed') {
    return (
      <Alert
        severity="error"
        sx={{ width: '100%' }}
        action={
          <Button color="inherit" size="small" onClick={autosave.retry}>
            Retry
          </Button>
        }
      >
        Not saved: {autosave.error}
      </Alert>
    );
  }
  return (
    <Typography role="status" variant="body2" color="text.secondary" sx={{ minHeight: 20 }}>
      {TEXTS[autosave.status]}
    </Typography>
  );
}
