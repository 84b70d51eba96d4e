import { useState } from 'react';
import Alert from '@mui/material/Alert';
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
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  createWebhookEndpointSchema,
  type CreateWebhookEndpoint,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@rafter/domain/webhooks';

interface FormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
}

interface WebhookEndpointDialogProps {
  open: boolean;
  /** The endpoint being edited; none when adding one. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  /** Saves; a rejection's message is shown in the dialog. */
  onSave: (values: CreateWebhookEndpoint) => Promise<void>;
}

/** Adds or edits an endpoint: its URL, a description and the events it receives. */
export function WebhookEndpointDialog({
  open,
  endpoint,
  onClose,
  onSave,
}: WebhookEndpointDialogProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, CreateWebhookEndpoint>({
    resolver: zodResolver(createWebhookEndpointSchema) as never,
    values: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? ['lead.created'],
    },
    mode: 'onTouched',
  });
  const title = endpoint ? 'Edit endpoint' : 'Add endpoint';

  const submit = async (values: CreateWebhookEndpoint) => {
    setFailure(null);
    try {
      await onSave(values);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Could not save the endpoint');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="webhook-form">
      <DialogTitle id="webhook-form">{title}</DialogTitle>
      <form onSubmit={handleSubmit(submit)} aria-label={title} noValidate>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <TextField
            {...register('url')}
            label="Endpoint URL"
            placeholder="https://example.com/webhooks/rafter"
            fullWidth
            required
            margin="dense"
            inputMode="url"
            error={Boolean(errors.url)}
            helperText={errors.url?.message ?? 'Where Rafter sends events (https)'}
          />
          <TextField
            {...register('description')}
            label="Description"
            fullWidth
            margin="dense"
            error={Boolean(errors.description)}
            helperText={errors.description?.message ?? ' '}
          />
          <Controller
            control={control}
            name="events"
            render={({ field }) => (
              <FormControl component="fieldset" error={Boolean(errors.events)} sx={{ mt: 1 }}>
                <FormLabel component="legend">Events</FormLabel>
                <FormGroup>
                  {WEBHOOK_EVENT_TYPES.map((type) => (
                    <FormControlLabel
                      key={type}
                      label={`${type}: ${WEBHOOK_EVENT_LABELS[type]}`}
                      control={
                        <Checkbox
                          checked={field.value.includes(type)}
                          onBlur={field.onBlur}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...field.value, type]
                                : field.value.filter((value) => value !== type),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
                <FormHelperText>{errors.events?.message ?? ' '}</FormHelperText>
              </FormControl>
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {endpoint ? 'Save' : 'Add endpoint'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
