import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@rafter/domain/webhooks';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
} from './api/webhook-endpoints';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';

export interface WebhookEndpointsProps {
  /** The plan has no webhooks (below Smart): existing endpoints are shown, nothing can be added. */
  locked?: boolean;
  /** Offered beside the locked notice, to open the plans. */
  onUpgrade?: () => void;
}

/** Where the endpoint was added, when not here: a Zap's REST hook, or the public API. */
function sourceChip(endpoint: WebhookEndpoint) {
  if (endpoint.source === 'zapier') return <Chip size="small" color="warning" label="Zapier" />;
  if (endpoint.source === 'api') return <Chip size="small" variant="outlined" label="API" />;
  return null;
}

function statusChip(endpoint: WebhookEndpoint) {
  if (endpoint.enabled) return <Chip size="small" color="success" label="Active" />;
  if (endpoint.disabledReason === 'failing') {
    return <Chip size="small" color="error" label="Disabled after failures" />;
  }
  return <Chip size="small" label="Paused" />;
}

/** Shows a new secret once, with a Copy button. */
function SecretDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointWithSecret | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!endpoint) return;
    await navigator.clipboard.writeText(endpoint.secret);
    setCopied(true);
  };
  return (
    <Dialog
      open={endpoint !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="webhook-secret-title"
    >
      <DialogTitle id="webhook-secret-title">Signing secret</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Copy this secret now: it will not be shown again. Your receiver verifies each delivery
          with it (Standard Webhooks).
          {endpoint?.previousSecretExpiresAt &&
            ` The previous secret also signs deliveries until ${new Date(endpoint.previousSecretExpiresAt).toLocaleString()}.`}
        </DialogContentText>
        <TextField
          label="Secret"
          value={endpoint?.secret ?? ''}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
        <Typography role="status" variant="body2" sx={{ mt: 1, minHeight: 20 }}>
          {copied ? 'Copied' : ''}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>Copy</Button>
        <Button
          variant="contained"
          onClick={() => {
            setCopied(false);
            onClose();
          }}
        >
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function EndpointCard({
  endpoint,
  locked,
  onEdit,
  onDelete,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  locked: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onSecret: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const test = useSendWebhookTest();
  const rotate = useRotateWebhookSecret();
  const update = useUpdateWebhookEndpoint();
  const error = test.error ?? rotate.error ?? update.error;
  const logId = `webhook-log-${endpoint.id}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography
          component="h3"
          sx={{ fontFamily: 'monospace', fontSize: 15, wordBreak: 'break-all', flexBasis: '100%' }}
        >
          {endpoint.url}
        </Typography>
        {sourceChip(endpoint)}
        {statusChip(endpoint)}
        <Typography variant="body2" color="text.secondary">
          Secret {endpoint.secretPrefix}
        </Typography>
      </Stack>
      {endpoint.source === 'zapier' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Added by a Zap: turning the Zap off in Zapier removes it.
        </Typography>
      )}
      {endpoint.description && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {endpoint.description}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Events: {endpoint.events.join(', ')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error.message}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
        <Button
          size="small"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog(!showLog)}
        >
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        {!locked && (
          <>
            <Button
              size="small"
              disabled={test.isPending}
              onClick={() => test.mutate(endpoint.id, { onSuccess: () => setShowLog(true) })}
            >
              Send test event
            </Button>
            <Button size="small" onClick={onEdit}>
              Edit
            </Button>
            <Button
              size="small"
              onClick={() =>
                update.mutate({ id: endpoint.id, input: { enabled: !endpoint.enabled } })
              }
            >
              {endpoint.enabled ? 'Pause' : 'Enable'}
            </Button>
            <Button
              size="small"
              disabled={rotate.isPending}
              onClick={() => rotate.mutate(endpoint.id, { onSuccess: onSecret })}
            >
              Rotate secret
            </Button>
          </>
        )}
        <Button size="small" color="error" onClick={onDelete}>
          Delete
        </Button>
      </Stack>
      {showLog && (
        <Box id={logId} sx={{ mt: 1 }}>
          <WebhookDeliveryLog endpointId={endpoint.id} />
        </Box>
      )}
    </Paper>
  );
}

/**
 * The Integrations tab's webhooks section: the contractor's endpoints, each with its signing
 * secret (shown once), test event, delivery log and resends.
 */
export function WebhookEndpoints({ locked = false, onUpgrade }: WebhookEndpointsProps) {
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);

  return (
    <Box component="section" aria-labelledby="webhooks-heading">
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
      >
        <Typography id="webhooks-heading" component="h2" variant="h6">
          Webhooks
        </Typography>
        {!locked && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            Add endpoint
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Rafter posts signed events (a new lead, a status change, a note…) to your systems as they
        happen, and retries for three days when your endpoint is down.
      </Typography>
      {locked && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            onUpgrade && (
              <Button color="inherit" size="small" onClick={onUpgrade}>
                Upgrade
              </Button>
            )
          }
        >
          Webhooks come with the Smart and Instant plans.
        </Alert>
      )}
      {endpoints.isPending && <Typography>Loading endpoints…</Typography>}
      {endpoints.isError && (
        <Alert severity="error">Could not load the endpoints: {endpoints.error.message}</Alert>
      )}
      {endpoints.data?.length === 0 && !locked && (
        <Typography variant="body2">No endpoints yet.</Typography>
      )}
      {endpoints.data && endpoints.data.length > 0 && (
        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label="Webhook endpoints">
          {endpoints.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              locked={locked}
              onEdit={() => setEditing(endpoint)}
              onDelete={() => setDeleting(endpoint)}
              onSecret={setSecret}
            />
          ))}
        </Stack>
      )}
      <WebhookEndpointDialog
        open={editing !== null}
        endpoint={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSave={async (values) => {
          if (editing === 'new') {
            setSecret(await create.mutateAsync(values));
          } else if (editing) {
            await update.mutateAsync({ id: editing.id, input: values });
          }
          setEditing(null);
        }}
      />
      <SecretDialog endpoint={secret} onClose={() => setSecret(null)} />
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        aria-labelledby="webhook-delete-title"
      >
        <DialogTitle id="webhook-delete-title">Delete endpoint?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ wordBreak: 'break-all' }}>
            {deleting?.url} stops receiving events, and its delivery log is deleted.
          </DialogContentText>
          {remove.isError && <Alert severity="error">{remove.error.message}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
            }
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
