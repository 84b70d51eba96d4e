import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import {
  FOLLOW_UP_CHANNEL_LABELS,
  FOLLOW_UP_CHANNELS,
  FOLLOW_UP_EXAMPLE_VALUES,
  FOLLOW_UP_MAX_STEPS,
  FOLLOW_UP_MERGE_FIELDS,
  FOLLOW_UP_STOP_STATUSES,
  type FollowUpChannel,
  type FollowUpSequence,
  type FollowUpMergeField,
  followUpSequenceSchema,
  followUpStepName,
  renderFollowUp,
} from '@rafter/domain/follow-ups';
import { LEAD_STATUS_LABELS } from '@rafter/domain/lead';
import { FEATURES, lowestPlanWithFeature } from '@rafter/domain/plans';
import { Link as RouterLink } from 'react-router';
import { useSaveSequence, useSequence } from '../api/sequence';

export interface FollowUpsTabProps {
  /** Whether the plan includes follow-ups: unknown while the subscription loads. */
  access: 'loading' | 'allowed' | 'locked';
  /** The Subscription tab, where the contractor upgrades. */
  upgradeTo: string;
}

/** A step as the form holds it: every field as typed (the day as text). */
interface StepDraft {
  channel: FollowUpChannel;
  delayDays: string;
  subject: string;
  body: string;
}

interface Draft {
  enabled: boolean;
  steps: StepDraft[];
  stopStatuses: string[];
}

function toDraft(sequence: FollowUpSequence): Draft {
  return {
    enabled: sequence.enabled,
    steps: sequence.steps.map((step) => ({
      channel: step.channel,
      delayDays: String(step.delayDays),
      subject: step.channel === 'email' ? step.subject : '',
      body: step.body,
    })),
    stopStatuses: [...sequence.stopStatuses],
  };
}

function toInput(draft: Draft) {
  return {
    enabled: draft.enabled,
    steps: draft.steps.map((step) => {
      const delayDays = step.delayDays.trim() === '' ? Number.NaN : Number(step.delayDays);
      return step.channel === 'email'
        ? { channel: step.channel, delayDays, subject: step.subject, body: step.body }
        : { channel: step.channel, delayDays, body: step.body };
    }),
    stopStatuses: draft.stopStatuses,
  };
}

/** The form's problems by field path (`steps.0.body`, `stopStatuses`, `steps`). */
function problems(draft: Draft): Map<string, string> {
  const result = followUpSequenceSchema.safeParse(toInput(draft));
  const found = new Map<string, string>();
  if (result.success) return found;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (!found.has(path)) found.set(path, issue.message);
  }
  return found;
}

const FIELD_NAMES = Object.keys(FOLLOW_UP_MERGE_FIELDS) as FollowUpMergeField[];

function UpgradeNotice({ upgradeTo }: { upgradeTo: string }) {
  const plan = lowestPlanWithFeature('followups');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <ForumRoundedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Box sx={{ flex: '1 1 260px' }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {FEATURES.followups.label} come with the {plan.name} plan
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Most homeowners who ask for a quote are never followed up twice, and the first roofer to
            answer usually gets the job. Rafter follows up in your name by e-mail and text until the
            homeowner answers or you take over, and reminds you of every lead still waiting for your
            call. Available on the {plan.name} plan and up.
          </Typography>
          <Button component={RouterLink} to={upgradeTo} variant="contained" sx={{ mt: 2 }}>
            Upgrade to {plan.name}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

/** What the homeowner would get from the step, with example values. */
function StepPreview({ step }: { step: StepDraft }) {
  const body = renderFollowUp(step.body, FOLLOW_UP_EXAMPLE_VALUES);
  if (step.channel === 'text') {
    return (
      <Box
        sx={{
          bgcolor: 'grey.100',
          borderRadius: 3,
          p: 1.5,
          maxWidth: 320,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {`${FOLLOW_UP_EXAMPLE_VALUES.contractorName}: ${body}\nReply STOP to opt out`}
      </Box>
    );
  }
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
      <Box sx={{ px: 2, py: 1, bgcolor: 'grey.50', borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="body2" color="text.secondary">
          From {FOLLOW_UP_EXAMPLE_VALUES.contractorName}
        </Typography>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {renderFollowUp(step.subject, FOLLOW_UP_EXAMPLE_VALUES)}
        </Typography>
      </Box>
      <Typography sx={{ p: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {body}
      </Typography>
    </Box>
  );
}

function SequenceForm({ initial }: { initial: FollowUpSequence }) {
  const save = useSaveSequence();
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [previewed, setPreviewed] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState(false);
  const found = problems(draft);
  const shown = submitted ? found : new Map<string, string>();

  const change = (next: Draft) => {
    setDraft(next);
    setSaved(false);
  };
  const setStep = (index: number, patch: Partial<StepDraft>) =>
    change({
      ...draft,
      steps: draft.steps.map((step, i) => (i === index ? { ...step, ...patch } : step)),
    });

  const addStep = () => {
    const last = draft.steps.at(-1);
    const day = last ? Number(last.delayDays) + 3 || 3 : 2;
    change({
      ...draft,
      steps: [
        ...draft.steps,
        { channel: 'email', delayDays: String(day), subject: 'Hi {{firstName}}', body: '' },
      ],
    });
    setPreviewed(draft.steps.length);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (found.size > 0) return;
    save.mutate(toInput(draft) as Parameters<typeof save.mutate>[0], {
      onSuccess: (sequence) => {
        setDraft(toDraft(sequence));
        setSaved(true);
      },
    });
  };

  const preview = draft.steps[Math.min(previewed, draft.steps.length - 1)];

  return (
    <Box
      component="form"
      aria-label="Follow-up sequence"
      noValidate
      onSubmit={submit}
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}
    >
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, display: 'grid', gap: 2 }}
      >
        <FormControlLabel
          control={
            <Switch
              checked={draft.enabled}
              onChange={(event) => change({ ...draft, enabled: event.target.checked })}
            />
          }
          label="Follow up with homeowners automatically"
        />
        <Typography variant="body2" color="text.secondary">
          Each step is sent its days after the quote request (the estimate e-mail goes at once).
          Texts go only to homeowners who agreed to them, between 8 am and 9 pm their time, with
          your business name and &quot;Reply STOP to opt out&quot;.
        </Typography>
        {draft.steps.length === 0 && (
          <Alert severity="info">No steps: homeowners get only their estimate e-mail.</Alert>
        )}
        {draft.steps.map((step, index) => (
          <Paper
            key={index}
            component="fieldset"
            variant="outlined"
            aria-label={`Step ${index + 1}`}
            onFocus={() => setPreviewed(index)}
            sx={{ m: 0, p: 2, borderRadius: 2, display: 'grid', gap: 1.5, minWidth: 0 }}
          >
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <Typography component="legend" sx={{ fontWeight: 700, flex: '1 1 100%' }}>
                Step {index + 1}
              </Typography>
              <TextField
                label="Day"
                type="number"
                value={step.delayDays}
                onChange={(event) => setStep(index, { delayDays: event.target.value })}
                error={shown.has(`steps.${index}.delayDays`)}
                helperText={shown.get(`steps.${index}.delayDays`) ?? 'After the request'}
                slotProps={{ htmlInput: { min: 1, max: 60, inputMode: 'numeric' } }}
                sx={{ width: 120 }}
              />
              <TextField
                select
                label="Channel"
                value={step.channel}
                onChange={(event) =>
                  setStep(index, { channel: event.target.value as FollowUpChannel })
                }
                sx={{ width: 180 }}
              >
                {FOLLOW_UP_CHANNELS.map((channel) => (
                  <MenuItem key={channel} value={channel}>
                    {FOLLOW_UP_CHANNEL_LABELS[channel]}
                  </MenuItem>
                ))}
              </TextField>
              <IconButton
                aria-label={`Remove step ${index + 1}`}
                onClick={() => {
                  change({ ...draft, steps: draft.steps.filter((_, i) => i !== index) });
                  setPreviewed(0);
                }}
                sx={{ ml: 'auto' }}
              >
                <DeleteOutlineRoundedIcon />
              </IconButton>
            </Box>
            {step.channel === 'email' && (
              <TextField
                label="Subject"
                value={step.subject}
                onChange={(event) => setStep(index, { subject: event.target.value })}
                error={shown.has(`steps.${index}.subject`)}
                helperText={shown.get(`steps.${index}.subject`)}
              />
            )}
            <TextField
              label={step.channel === 'email' ? 'Message' : 'Text'}
              multiline
              minRows={step.channel === 'email' ? 5 : 2}
              value={step.body}
              onChange={(event) => setStep(index, { body: event.target.value })}
              error={shown.has(`steps.${index}.body`)}
              helperText={shown.get(`steps.${index}.body`)}
            />
            <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                Insert:
              </Typography>
              {FIELD_NAMES.map((field) => (
                <Chip
                  key={field}
                  size="small"
                  label={FOLLOW_UP_MERGE_FIELDS[field].label}
                  onClick={() => setStep(index, { body: `${step.body}{{${field}}}` })}
                />
              ))}
            </Box>
          </Paper>
        ))}
        {shown.has('steps') && <Alert severity="error">{shown.get('steps')}</Alert>}
        <Box>
          <Button
            startIcon={<AddRoundedIcon />}
            onClick={addStep}
            disabled={draft.steps.length >= FOLLOW_UP_MAX_STEPS}
          >
            Add a step
          </Button>
        </Box>
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 700 }}>
            Stop the follow-ups when the lead is
          </Typography>
          <FormGroup row>
            {FOLLOW_UP_STOP_STATUSES.map((status) => (
              <FormControlLabel
                key={status}
                label={LEAD_STATUS_LABELS[status]}
                control={
                  <Checkbox
                    checked={draft.stopStatuses.includes(status)}
                    onChange={(event) =>
                      change({
                        ...draft,
                        stopStatuses: event.target.checked
                          ? [...draft.stopStatuses, status]
                          : draft.stopStatuses.filter((s) => s !== status),
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          <Typography variant="body2" color="text.secondary">
            They also stop when the homeowner unsubscribes or replies STOP.
          </Typography>
          {shown.has('stopStatuses') && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {shown.get('stopStatuses')}
            </Alert>
          )}
        </Box>
        {save.isError && <Alert severity="error">{save.error.message}</Alert>}
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', justifyContent: 'flex-end' }}>
          {saved && (
            <Typography role="status" color="success.main">
              Saved
            </Typography>
          )}
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save sequence
          </Button>
        </Box>
      </Paper>
      <Paper
        component="section"
        aria-label="Preview"
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, alignSelf: 'start', display: 'grid', gap: 1.5 }}
      >
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Preview
        </Typography>
        {preview ? (
          <>
            <Typography color="text.secondary">
              {followUpStepName({
                channel: preview.channel,
                delayDays: Number(preview.delayDays) || 0,
              })}
              , with example details
            </Typography>
            <StepPreview step={preview} />
          </>
        ) : (
          <Typography color="text.secondary">Add a step to see it here.</Typography>
        )}
      </Paper>
    </Box>
  );
}

/**
 * The Follow-ups tab: the homeowner's follow-up sequence, edited with a live preview (Smart and
 * up); below Smart it explains what the plan would add and offers the upgrade.
 */
export function FollowUpsTab({ access, upgradeTo }: FollowUpsTabProps) {
  const sequence = useSequence();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          Follow-ups
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Rafter follows up with every homeowner who asks for a quote, in your name, until they
          answer or you take over.
        </Typography>
      </Box>
      {(access === 'loading' || (access === 'allowed' && sequence.isPending)) && (
        <LinearProgress aria-label="Loading" />
      )}
      {access === 'locked' && <UpgradeNotice upgradeTo={upgradeTo} />}
      {access === 'allowed' && sequence.isError && (
        <Alert severity="error">Your follow-ups did not load. {sequence.error.message}</Alert>
      )}
      {access === 'allowed' && sequence.data && <SequenceForm initial={sequence.data} />}
    </Box>
  );
}
