import { useState, type FocusEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import {
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_SCOPE_TEXTS,
  API_KEY_SCOPES,
  type ApiKeyScope,
  createApiKeySchema,
  type CreatedApiKey,
} from '@rafter/domain/api-keys';
import { ApiError } from '../../../../lib/api-client';
import { useCreateApiKey } from '../api/api-keys';
import { ApiKeyTest } from './ApiKeyTest';

const COPIED_MS = 2000;

interface CreateApiKeyDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Name and scopes, then the new key, shown this once with a Copy button: the server keeps only
 * its hash, so closing the dialog is the last chance to copy it.
 */
export function CreateApiKeyDialog({ open, onClose }: CreateApiKeyDialogProps) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['leads:read']);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);

  const close = () => {
    setName('');
    setScopes(['leads:read']);
    setErrors({});
    setCreated(null);
    setCopied(false);
    setCopyFailed(false);
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createApiKeySchema.safeParse({ name, scopes });
    if (!parsed.success) {
      const next: { name?: string; scopes?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'scopes' ? 'scopes' : 'name';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, { onSuccess: setCreated });
  };

  const copy = (key: string) => {
    setCopyFailed(false);
    navigator.clipboard.writeText(key).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), COPIED_MS);
      },
      () => setCopyFailed(true),
    );
  };

  const toggle = (scope: ApiKeyScope, checked: boolean) =>
    setScopes((current) =>
      checked ? [...current, scope] : current.filter((value) => value !== scope),
    );

  if (created) {
    return (
      <Dialog open={open} onClose={close} aria-labelledby="api-key-created-title" fullWidth>
        <DialogTitle id="api-key-created-title">Copy your new API key</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            This is the only time the whole key is shown. Store it somewhere safe, such as your
            integration&apos;s settings or a password manager.
          </Alert>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              label={`API key "${created.name}"`}
              value={created.key}
              fullWidth
              slotProps={{
                htmlInput: {
                  readOnly: true,
                  spellCheck: false,
                  style: { fontFamily: 'ui-monospace, monospace', fontSize: 14 },
                  onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select(),
                },
              }}
              sx={{ flex: '1 1 260px' }}
            />
            <Button
              variant="contained"
              startIcon={<ContentCopyRoundedIcon />}
              onClick={() => copy(created.key)}
            >
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          </Box>
          <Typography role="status" sx={{ minHeight: 24, mt: 1 }} color="text.secondary">
            {copied ? 'The key is on your clipboard.' : ''}
          </Typography>
          {copyFailed && (
            <Alert severity="error">Copying failed: select the key and copy it by hand.</Alert>
          )}
          <ApiKeyTest apiKey={created.key} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} variant="outlined">
            Done
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const serverError =
    create.error instanceof ApiError
      ? create.error.message
      : create.error
        ? 'The key could not be created. Please try again.'
        : null;

  return (
    <Dialog open={open} onClose={close} aria-labelledby="create-api-key-title" fullWidth>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="create-api-key-title">
        <DialogTitle id="create-api-key-title">Create API key</DialogTitle>
        <DialogContent>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name ?? 'Where you will use it, e.g. "Zapier" or "CRM sync"'}
            fullWidth
            required
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX_LENGTH } }}
          />
          <FormControl
            component="fieldset"
            error={Boolean(errors.scopes)}
            sx={{ mt: 2 }}
            variant="standard"
          >
            <FormLabel component="legend">What the key may do</FormLabel>
            <FormGroup>
              {API_KEY_SCOPES.map((scope) => (
                <FormControlLabel
                  key={scope}
                  control={
                    <Checkbox
                      checked={scopes.includes(scope)}
                      onChange={(event) => toggle(scope, event.target.checked)}
                    />
                  }
                  label={
                    <span>
                      <Box component="code" sx={{ fontWeight: 600 }}>
                        {scope}
                      </Box>{' '}
                      {API_KEY_SCOPE_TEXTS[scope]}
                    </span>
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText sx={{ minHeight: 20 }}>{errors.scopes ?? ' '}</FormHelperText>
          </FormControl>
          {serverError && <Alert severity="error">{serverError}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create key'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
