import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import type { ApiKeySummary } from '@rafter/domain/api-keys';
import { useApiKeys } from '../api/api-keys';
import { ApiQuickStart } from './ApiQuickStart';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';
import { RevokeApiKeyDialog } from './RevokeApiKeyDialog';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function lastUse(key: ApiKeySummary): string {
  if (!key.lastUsedAt) return 'Never used';
  const when = dateTime.format(new Date(key.lastUsedAt));
  return key.lastUsedBy ? `Last used ${when} by ${key.lastUsedBy}` : `Last used ${when}`;
}

function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKeySummary; onRevoke: () => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        opacity: revoked ? 0.7 : 1,
      }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {apiKey.name}
          </Typography>
          {revoked && (
            <Chip
              size="small"
              label={`Revoked ${date.format(new Date(apiKey.revokedAt!))}`}
              variant="outlined"
            />
          )}
        </Box>
        <Typography
          component="code"
          aria-label={`Key starts with ${apiKey.prefix}`}
          sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 14, color: 'text.secondary' }}
        >
          {apiKey.prefix}…
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', my: 0.5 }}>
          {apiKey.scopes.map((scope) => (
            <Chip key={scope} size="small" label={scope} />
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Created {date.format(new Date(apiKey.createdAt))} · {lastUse(apiKey)}
        </Typography>
      </Box>
      {!revoked && (
        <Button
          color="error"
          variant="outlined"
          onClick={onRevoke}
          aria-label={`Revoke ${apiKey.name}`}
        >
          Revoke
        </Button>
      )}
    </Box>
  );
}

/** The Integrations tab's API keys: create (shown once), list by prefix with last use, revoke. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const [confirming, setConfirming] = useState(false);

  return (
    <Paper
      component="section"
      aria-labelledby="api-keys-title"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          mb: 2,
        }}
      >
        <Box sx={{ flex: '1 1 280px' }}>
          <Typography id="api-keys-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            API keys
          </Typography>
          <Typography color="text.secondary">
            Let your CRM, Zapier or your own code read and update your leads through the Rafter API.
            Send a key as <code>Authorization: Bearer …</code>; see the{' '}
            <Link href="/developers">API reference</Link> (OpenAPI document:{' '}
            <Link href="/api/v1/openapi.json">/api/v1/openapi.json</Link>).
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddRoundedIcon />}
          onClick={() => setCreating(true)}
        >
          Create API key
        </Button>
      </Box>
      {keys.isPending && <LinearProgress aria-label="Loading API keys" />}
      {keys.isError && <Alert severity="error">Your API keys could not be loaded.</Alert>}
      {keys.data && keys.data.items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No API keys yet.
        </Typography>
      )}
      {keys.data && keys.data.items.length > 0 && (
        <Box component="ul" aria-label="API keys" sx={{ m: 0, p: 0 }}>
          {keys.data.items.map((key) => (
            <ApiKeyRow
              key={key.id}
              apiKey={key}
              onRevoke={() => {
                setRevoking(key);
                setConfirming(true);
              }}
            />
          ))}
        </Box>
      )}
      <ApiQuickStart />
      <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} />
      <RevokeApiKeyDialog
        open={confirming}
        apiKey={revoking}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
