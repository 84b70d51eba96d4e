import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MenuItem from '@mui/material/MenuItem';
import HomeRoundedIcon from '@mui/icons-material/HomeRounded';
import { NEW_LEAD_REMINDER_OPTIONS, newLeadReminderLabel } from '@rafter/domain/lead-reminders';
import { type BusinessProfileView } from '@rafter/domain/settings';
import { SAVED_INDICATOR_MS } from '../profile-constants';
import { useProfile, useSaveProfile } from '../api/profile';
import { LogoField } from './LogoField';
import { ServiceAreasField, serviceAreaErrors } from './ServiceAreasField';

export interface ProfileTabProps {
  /** The plan does not include a custom logo. */
  logoLocked: boolean;
  /** The locked logo field was used: the page shows the 'Upgrade Required' dialog. */
  onLogoLocked: () => void;
  /** The plan does not include automated follow-ups (the still-New reminder is one). */
  remindersLocked?: boolean;
}

const REMINDER_HELP =
  'Counted in business hours: Monday to Friday, 8 am to 6 pm in your time zone.';

interface FormValues {
  businessName: string;
  address: string;
  /** One entry per area, as typed. */
  areasOfService: string[];
  idealCustomerProfile: string;
  idealCustomerValue: string;
  notifyNewLeads: boolean;
  newLeadReminderMinutes: number;
}

function formValues(profile: BusinessProfileView): FormValues {
  return {
    businessName: profile.businessName ?? '',
    address: profile.address ?? '',
    areasOfService: profile.areasOfService.map((area) => area.label),
    idealCustomerProfile: profile.idealCustomerProfile ?? '',
    idealCustomerValue:
      profile.idealCustomerValue === null ? '' : String(profile.idealCustomerValue),
    notifyNewLeads: profile.notifyNewLeads,
    newLeadReminderMinutes: profile.newLeadReminderMinutes,
  };
}

const currency = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

function ViewRow({ label, value }: { label: string; value: string | null }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '240px 1fr' }, gap: 0.5 }}>
      <Typography component="dt" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
        {value || 'Not set'}
      </Typography>
    </Box>
  );
}

/** Business Profile: view mode, then edit mode with Cancel and Save Changes (spec section 4). */
export function ProfileTab({ logoLocked, onLogoLocked, remindersLocked = false }: ProfileTabProps) {
  const profile = useProfile();
  const save = useSaveProfile();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<FormValues | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  // Counts successful saves; each one shows 'Saved' for SAVED_INDICATOR_MS from its own time.
  const [savedCount, setSavedCount] = useState(0);
  const [savedShown, setSavedShown] = useState(false);

  useEffect(() => {
    if (savedCount === 0) return;
    const timer = setTimeout(() => setSavedShown(false), SAVED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [savedCount]);

  if (profile.isError) {
    return (
      <Alert severity="error">Your business profile did not load. {profile.error.message}</Alert>
    );
  }
  if (!profile.data) return <LinearProgress aria-label="Loading" />;
  const current = profile.data;
  // Areas kept from before areas were structured, with no state to be found (see the migration).
  const needsState = current.areasOfService
    .filter((area) => area.kind === 'place')
    .map((area) => area.label);

  const startEditing = () => {
    save.reset();
    setValues(formValues(current));
    setLogo(null);
    setEditing(true);
  };

  const field = (
    name: Exclude<keyof FormValues, 'notifyNewLeads' | 'areasOfService' | 'newLeadReminderMinutes'>,
  ) => ({
    value: values?.[name] ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((old) => (old ? { ...old, [name]: event.target.value } : old)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The entries that are not areas say so under the field; nothing is sent until they are fixed.
    if (!values || serviceAreaErrors(values.areasOfService).length > 0) return;
    const value = values.idealCustomerValue.trim();
    save.mutate(
      {
        profile: {
          businessName: values.businessName,
          address: values.address,
          areasOfService: values.areasOfService,
          idealCustomerProfile: values.idealCustomerProfile,
          idealCustomerValue: value === '' ? null : Number(value),
          // Not on the form (spec section 3): kept as stored.
          leadsPerDay: current.leadsPerDay,
          leadType: current.leadType,
          timezone: current.timezone,
          notifyNewLeads: values.notifyNewLeads,
          newLeadReminderMinutes: values.newLeadReminderMinutes,
        },
        logo,
      },
      {
        onSuccess: () => {
          setEditing(false);
          setSavedShown(true);
          setSavedCount((count) => count + 1);
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            Business Profile
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            How homeowners see your business on your calculator page, and which leads suit you.
          </Typography>
        </Box>
        <Box role="status" sx={{ minWidth: 90 }}>
          {savedShown && <Typography sx={{ color: '#15803d', fontWeight: 600 }}>Saved</Typography>}
          {save.isError && (
            <Typography sx={{ color: 'error.main', fontWeight: 600 }}>Error saving</Typography>
          )}
        </Box>
        {!editing && (
          <Button variant="contained" onClick={startEditing}>
            Edit Profile
          </Button>
        )}
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {editing && values ? (
          <Box
            component="form"
            aria-label="Business profile"
            onSubmit={submit}
            noValidate
            sx={{ display: 'grid', gap: 2.5 }}
          >
            <LogoField
              currentUrl={current.logoUrl}
              locked={logoLocked}
              onLocked={onLogoLocked}
              onChange={setLogo}
            />
            <TextField label="Business Name" {...field('businessName')} />
            <TextField label="Business Address" {...field('address')} />
            <ServiceAreasField
              value={values.areasOfService}
              onChange={(areasOfService) => setValues({ ...values, areasOfService })}
              disabled={save.isPending}
            />
            <TextField
              label="Ideal Customer Profile"
              multiline
              minRows={3}
              {...field('idealCustomerProfile')}
            />
            <TextField
              label="Preferred Minimum Deal Value"
              type="number"
              helperText="In dollars. Leave empty for no minimum."
              slotProps={{ htmlInput: { min: 0, step: 100, inputMode: 'numeric' } }}
              {...field('idealCustomerValue')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={values.notifyNewLeads}
                  onChange={(event) =>
                    setValues({ ...values, notifyNewLeads: event.target.checked })
                  }
                />
              }
              label="E-mail me about new leads"
            />
            <TextField
              select
              label="Remind me when a lead is still New"
              value={values.newLeadReminderMinutes}
              disabled={remindersLocked}
              // The explanation stays readable when the control is locked (contrast).
              slotProps={{
                formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
              }}
              helperText={
                remindersLocked
                  ? 'Part of automated follow-ups, on the Smart and Instant plans.'
                  : REMINDER_HELP
              }
              onChange={(event) =>
                setValues({ ...values, newLeadReminderMinutes: Number(event.target.value) })
              }
            >
              {NEW_LEAD_REMINDER_OPTIONS.map((minutes) => (
                <MenuItem key={minutes} value={minutes}>
                  {newLeadReminderLabel(minutes)}
                </MenuItem>
              ))}
            </TextField>
            {save.isError && <Alert severity="error">{save.error.message}</Alert>}
            <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
              <Button
                onClick={() => {
                  save.reset();
                  setEditing(false);
                }}
                disabled={save.isPending}
              >
                Cancel
              </Button>
              <Button type="submit" variant="contained" loading={save.isPending}>
                Save Changes
              </Button>
            </Box>
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Avatar
              variant="rounded"
              src={current.logoUrl ?? undefined}
              alt={current.logoUrl ? 'Business logo' : undefined}
              sx={{ width: 72, height: 72, bgcolor: 'grey.200', color: 'text.secondary' }}
            >
              <HomeRoundedIcon />
            </Avatar>
            {needsState.length > 0 && (
              <Alert severity="warning">
                Add a state to {needsState.join(', ')}: without one, a place of that name in any
                state counts as your area. Edit the profile and write it like &quot;
                {needsState[0]}, TX&quot;.
              </Alert>
            )}
            <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
              <ViewRow label="Business Name" value={current.businessName} />
              <ViewRow label="Business Address" value={current.address} />
              <ViewRow
                label="Areas of Service"
                value={current.areasOfService.map((area) => area.label).join(' · ')}
              />
              <ViewRow label="Ideal Customer Profile" value={current.idealCustomerProfile} />
              <ViewRow
                label="Preferred Minimum Deal Value"
                value={
                  current.idealCustomerValue === null
                    ? null
                    : currency.format(current.idealCustomerValue)
                }
              />
              <ViewRow
                label="E-mail me about new leads"
                value={current.notifyNewLeads ? 'On' : 'Off'}
              />
              <ViewRow
                label="Remind me when a lead is still New"
                value={
                  remindersLocked
                    ? 'Smart and Instant plans'
                    : newLeadReminderLabel(current.newLeadReminderMinutes)
                }
              />
            </Box>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
