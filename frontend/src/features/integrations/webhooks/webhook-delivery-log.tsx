import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery } from '@rafter/domain/webhooks';
import { useResendWebhookDelivery, useWebhookDeliveries } from './api/webhook-endpoints';

const STATE_LABEL: Record<WebhookDelivery['state'], string> = {
  pending: 'Sending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

const STATE_COLOR = { pending: 'warning', succeeded: 'success', failed: 'error' } as const;

function time(iso: string): string {
  return new Date(iso).toLocaleString();
}

function Excerpt({ label, text }: { label: string; text: string | null }) {
  if (!text) return null;
  return (
    <Box>
      <Typography variant="caption" component="p" color="text.secondary">
        {label}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: 12,
          maxHeight: 160,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {text}
      </Box>
    </Box>
  );
}

function DeliveryItem({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const [open, setOpen] = useState(false);
  const resend = useResendWebhookDelivery();
  const detailsId = `delivery-${delivery.id}`;
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography component="span" sx={{ fontFamily: 'monospace', fontSize: 14 }}>
          {delivery.eventType}
        </Typography>
        <Chip
          size="small"
          color={STATE_COLOR[delivery.state]}
          label={STATE_LABEL[delivery.state]}
        />
        <Typography component="span" variant="body2" color="text.secondary">
          {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
          {delivery.lastStatusCode !== null && ` · HTTP ${delivery.lastStatusCode}`} ·{' '}
          {time(delivery.createdAt)}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide attempts' : 'Attempts'}
        </Button>
        <Button
          size="small"
          disabled={resend.isPending}
          onClick={() => resend.mutate({ endpointId, deliveryId: delivery.id })}
          aria-label={`Resend ${delivery.eventType} from ${time(delivery.createdAt)}`}
        >
          Resend
        </Button>
      </Stack>
      {resend.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {resend.error.message}
        </Alert>
      )}
      {open && (
        <Box id={detailsId} component="ol" sx={{ pl: 0, m: 0, mt: 1 }}>
          {delivery.attemptLog.length === 0 && (
            <Typography component="li" variant="body2" sx={{ listStyle: 'none' }}>
              Not attempted yet.
            </Typography>
          )}
          {delivery.attemptLog.map((attempt) => (
            <Stack
              component="li"
              key={attempt.attempt}
              spacing={0.5}
              sx={{ listStyle: 'none', mb: 1.5 }}
            >
              <Typography variant="body2">
                Attempt {attempt.attempt} · {time(attempt.at)} ·{' '}
                {attempt.statusCode === null ? 'no answer' : `HTTP ${attempt.statusCode}`} ·{' '}
                {attempt.durationMs} ms
                {attempt.error && ` · ${attempt.error}`}
              </Typography>
              <Excerpt label="Request" text={attempt.requestExcerpt} />
              <Excerpt label="Response" text={attempt.responseExcerpt} />
            </Stack>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** An endpoint's newest deliveries, each with its attempts and a Resend button. */
export function WebhookDeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  if (deliveries.isPending) return <Typography variant="body2">Loading deliveries…</Typography>;
  if (deliveries.isError) {
    return (
      <Alert severity="error">Could not load the deliveries: {deliveries.error.message}</Alert>
    );
  }
  if (deliveries.data.items.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No deliveries yet. Send a test event to try the endpoint.
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label="Deliveries" sx={{ p: 0, m: 0 }}>
      {deliveries.data.items.map((delivery) => (
        <DeliveryItem key={delivery.id} endpointId={endpointId} delivery={delivery} />
      ))}
    </Box>
  );
}
