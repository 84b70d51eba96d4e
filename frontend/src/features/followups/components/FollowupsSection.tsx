import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MarkEmailReadRoundedIcon from '@mui/icons-material/MarkEmailReadRounded';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import {
  followupSettingsSchema,
  type FollowupSettingsInput,
  type FollowupSettingsView,
} from '@rafter/domain/followups';
import { formatUsPhone } from '@rafter/domain/lead';
import { FEATURES, lowestPlanWithFeature } from '@rafter/domain/plans';
import { useFollowupSettings, useSaveFollowupSettings } from '../api/followup-settings';

export interface FollowupsSectionProps {
  /** Whether the plan includes follow-ups: unknown while the subscription loads. */
  access: 'loading' | 'allowed' | 'locked';
  /** The Subscription tab, where the contractor upgrades. */
  upgradeTo: string;
}

const TITLE_ID = 'followups-title';

function UpgradeNotice({ upgradeTo }: { upgradeTo: string }) {
  const plan = lowestPlanWithFeature('followups');
  return (
    <>
      <Typography color="text.secondary">
        {FEATURES.followups.label} come with the {plan.name} plan: the moment a homeowner asks for a
        quote, they get their estimate by e-mail from your business, with your logo, colour, phone
        and e-mail, and their replies come to you. The first roofer to answer usually wins the job.
        Available on the {plan.name} plan and up.
      </Typography>
      <Button component={RouterLink} to={upgradeTo} variant="contained" sx={{ mt: 2 }}>
        Upgrade to {plan.name}
      </Button>
    </>
  );
}

function SettingsForm({ settings }: { settings: FollowupSettingsView }) {
  const save = useSaveFollowupSettings();
  const [saved, setSaved] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<FollowupSettingsInput, unknown, FollowupSettingsView>({
    resolver: zodResolver(followupSettingsSchema),
    defaultValues: {
      estimateEmail: settings.estimateEmail,
      phone: settings.phone ? formatUsPhone(settings.phone) : '',
    },
  });

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), 3000);
    return () => clearTimeout(timer);
  }, [saved]);

  const submit = async (values: FollowupSettingsView) => {
    setSaved(false);
    const stored = await save.mutateAsync(values);
    reset({
      estimateEmail: stored.estimateEmail,
      phone: stored.phone ? formatUsPhone(stored.phone) : '',
    });
    setSaved(true);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event).catch(() => {})}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Box>
        <Controller
          name="estimateEmail"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'estimate-email-help' } }}
                />
              }
              label="E-mail homeowners their estimate"
            />
          )}
        />
        <FormHelperText id="estimate-email-help" sx={{ mt: 0 }}>
          Right after a quote request, the homeowner gets their estimate from your business: your
          logo, colour, phone and e-mail, with an unsubscribe link. Replies come to your e-mail.
        </FormHelperText>
      </Box>
      <TextField
        {...register('phone')}
        label="Phone number for homeowners"
        type="tel"
        autoComplete="tel"
        error={Boolean(errors.phone)}
        helperText={errors.phone?.message ?? 'Shown in the e-mail. Leave blank to show none.'}
        sx={{ maxWidth: 360 }}
      />
      {save.isError && (
        <Alert severity="error">
          {save.error instanceof Error ? save.error.message : 'Could not save the settings.'}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
          Save follow-ups
        </Button>
        {saved && (
          <Typography role="status" sx={{ color: '#15803d', fontWeight: 600 }}>
            Saved
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function Settings() {
  const settings = useFollowupSettings();
  if (settings.isPending) return <LinearProgress aria-label="Loading follow-up settings" />;
  if (settings.isError) {
    return <Alert severity="error">Could not load the follow-up settings.</Alert>;
  }
  return <SettingsForm settings={settings.data} />;
}

/**
 * Follow-ups in the Business Profile tab: the homeowner's instant estimate e-mail, on by default
 * (Smart and up); below Smart it explains what the plan would add and offers the upgrade.
 */
export function FollowupsSection({ access, upgradeTo }: FollowupsSectionProps) {
  return (
    <Paper
      component="section"
      aria-labelledby={TITLE_ID}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <MarkEmailReadRoundedIcon color="primary" aria-hidden />
        <Typography id={TITLE_ID} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Follow-ups
        </Typography>
      </Box>
      {access === 'loading' && <LinearProgress aria-label="Loading your plan" />}
      {access === 'locked' && <UpgradeNotice upgradeTo={upgradeTo} />}
      {access === 'allowed' && <Settings />}
    </Paper>
  );
}
