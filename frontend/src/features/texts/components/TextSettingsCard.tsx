import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSaveTextSettings, useTextSettings } from '../api/text-settings';

interface TextSettingsCardProps {
  /** The plan has no automated follow-ups: the switch opens 'Upgrade Required'. */
  locked: boolean;
  onLocked: () => void;
}

/** '+15125550100' → '(512) 555-0100' for the field; anything else as stored. */
function displayPhone(e164: string | null): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164 ?? '');
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : (e164 ?? '');
}

/**
 * Follow-ups: the contractor's mobile and 'Text me new leads' (speed to lead). The server checks
 * the number and stores it in E.164; its message shows under the field.
 */
export function TextSettingsCard({ locked, onLocked }: TextSettingsCardProps) {
  const settings = useTextSettings();
  const save = useSaveTextSettings();
  const [draft, setDraft] = useState<{ mobilePhone: string; textNewLeads: boolean } | null>(null);
  const [saved, setSaved] = useState(false);

  if (!settings.data) {
    return settings.isError ? (
      <Alert severity="error">Could not load the text settings.</Alert>
    ) : null;
  }
  const values = draft ?? {
    mobilePhone: displayPhone(settings.data.mobilePhone),
    textNewLeads: settings.data.textNewLeads,
  };
  const error = save.isError ? save.error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(
      { mobilePhone: values.mobilePhone.trim() || null, textNewLeads: values.textNewLeads },
      {
        onSuccess: () => {
          setDraft(null);
          setSaved(true);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography variant="h6" component="h2">
        Follow-ups
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        Get a text on your mobile within seconds of each new lead, besides the e-mail. Homeowners
        who reply HELP to your texts are given this number too.
      </Typography>
      <Box
        component="form"
        aria-label="Text settings"
        onSubmit={submit}
        noValidate
        sx={{ display: 'grid', gap: 1.5, maxWidth: 420 }}
      >
        <TextField
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          value={values.mobilePhone}
          onChange={(event) => {
            setSaved(false);
            setDraft({ ...values, mobilePhone: event.target.value });
          }}
          error={error !== null}
          // A blank helper keeps the space, so an error does not push the form down.
          helperText={error ?? ' '}
          disabled={save.isPending}
        />
        <FormControlLabel
          control={
            <Switch
              checked={values.textNewLeads}
              onChange={(event) => {
                if (locked && event.target.checked) {
                  onLocked();
                  return;
                }
                setSaved(false);
                setDraft({ ...values, textNewLeads: event.target.checked });
              }}
            />
          }
          label="Text me new leads"
        />
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
          <Box role="status">
            {saved && <Typography sx={{ color: '#15803d', fontWeight: 600 }}>Saved</Typography>}
          </Box>
        </Box>
      </Box>
    </Paper>
  );
}
