import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EventAvailableRoundedIcon from '@mui/icons-material/EventAvailableRounded';
import {
  type Availability,
  availabilitySchema,
  type ContractorBooking,
  type DayHours,
  GOOGLE_CALENDAR_MESSAGES,
  GOOGLE_CALENDAR_RESULTS,
  type GoogleCalendarResult,
  type Slot,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
} from '@rafter/domain/calendar';
import { LEAD_STATUS_LABELS, type LeadStatus } from '@rafter/domain/lead';
import { FEATURES, lowestPlanWithFeature } from '@rafter/domain/plans';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  useAvailability,
  useBookings,
  useCancelBooking,
  useConnectGoogleCalendar,
  useDisconnectGoogleCalendar,
  useFeedUrl,
  useFreeSlots,
  useGoogleCalendar,
  useRescheduleBooking,
  useRotateFeed,
  useSaveAvailability,
} from '../api/calendar';

export interface CalendarTabProps {
  /** Whether the plan includes inspection booking: unknown while the subscription loads. */
  access: 'loading' | 'allowed' | 'locked';
  /** The Subscription tab, where the contractor subscribes. */
  upgradeTo: string;
}

const CARD = { p: { xs: 2, sm: 3 }, borderRadius: 3 } as const;

/** 'YYYY-MM-DD' of an instant in a zone (the day an inspection falls on there). */
function dayKey(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

function dayLabel(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(new Date(iso));
}

function timeLabel(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** Items grouped by the day they fall on in `timeZone`, in order. */
function byDay<T>(items: T[], startOf: (item: T) => string, timeZone: string) {
  const groups = new Map<string, { label: string; items: T[] }>();
  for (const item of items) {
    const key = dayKey(startOf(item), timeZone);
    const group = groups.get(key) ?? { label: dayLabel(startOf(item), timeZone), items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.entries()];
}

function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

function UpgradeNotice({ upgradeTo }: { upgradeTo: string }) {
  const plan = lowestPlanWithFeature('calendar');
  return (
    <Paper variant="outlined" sx={CARD}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <EventAvailableRoundedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Box sx={{ flex: '1 1 260px' }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {FEATURES.calendar.label} come with every plan
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Homeowners pick a time for a free roof inspection right after their estimate, and it
            lands in your calendar without anyone typing it. Included from the {plan.name} plan.
          </Typography>
          <Button component={RouterLink} to={upgradeTo} variant="contained" sx={{ mt: 2 }}>
            Choose a plan
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

function RescheduleDialog({
  booking,
  onClose,
}: {
  booking: ContractorBooking;
  onClose: () => void;
}) {
  const slots = useFreeSlots(true);
  const reschedule = useRescheduleBooking();
  const [chosen, setChosen] = useState<string | null>(null);
  const timeZone = slots.data?.timeZone ?? 'UTC';
  const days = slots.data ? byDay<Slot>(slots.data.slots, (slot) => slot.startsAt, timeZone) : [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reschedule-title">
      <DialogTitle id="reschedule-title">Move {booking.name}’s inspection</DialogTitle>
      <DialogContent>
        {slots.isPending && <LinearProgress aria-label="Loading free times" />}
        {slots.isError && <Alert severity="error">{slots.error.message}</Alert>}
        {slots.data && days.length === 0 && (
          <DialogContentText>No free times in your availability.</DialogContentText>
        )}
        {days.map(([key, group]) => (
          <Box key={key} sx={{ mb: 2 }} role="group" aria-label={group.label}>
            <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
              {group.label}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {group.items.map((slot) => (
                <Chip
                  key={slot.startsAt}
                  label={timeLabel(slot.startsAt, timeZone)}
                  color={chosen === slot.startsAt ? 'primary' : 'default'}
                  variant={chosen === slot.startsAt ? 'filled' : 'outlined'}
                  onClick={() => setChosen(slot.startsAt)}
                  aria-pressed={chosen === slot.startsAt}
                />
              ))}
            </Box>
          </Box>
        ))}
        {reschedule.isError && (
          <Alert severity="error" role="alert">
            {reschedule.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep the time</Button>
        <Button
          variant="contained"
          disabled={!chosen || reschedule.isPending}
          onClick={() =>
            chosen &&
            reschedule.mutate({ id: booking.id, startsAt: chosen }, { onSuccess: onClose })
          }
        >
          Move inspection
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CancelDialog({ booking, onClose }: { booking: ContractorBooking; onClose: () => void }) {
  const cancel = useCancelBooking();
  return (
    <Dialog open onClose={onClose} aria-labelledby="cancel-title">
      <DialogTitle id="cancel-title">Cancel this inspection?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {booking.name} at {booking.address}. The homeowner will be e-mailed.
        </DialogContentText>
        {cancel.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {cancel.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep it</Button>
        <Button
          color="error"
          variant="contained"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(booking.id, { onSuccess: onClose })}
        >
          Cancel inspection
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function UpcomingInspections({ timeZone }: { timeZone: string }) {
  const bookings = useBookings();
  const [moving, setMoving] = useState<ContractorBooking | null>(null);
  const [cancelling, setCancelling] = useState<ContractorBooking | null>(null);
  const list = bookings.data?.bookings ?? [];
  return (
    <Paper variant="outlined" sx={CARD} component="section" aria-labelledby="inspections-title">
      <Typography id="inspections-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Upcoming inspections
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Times in {timeZone}.
      </Typography>
      {bookings.isPending && <LinearProgress aria-label="Loading inspections" />}
      {bookings.isError && <Alert severity="error">{bookings.error.message}</Alert>}
      {bookings.data && list.length === 0 && (
        <Typography color="text.secondary">
          No inspections yet. After a homeowner asks for a quote, your calculator offers them a time
          for a free roof inspection; what they book appears here and in your calendar feed.
        </Typography>
      )}
      {byDay(list, (booking) => booking.startsAt, timeZone).map(([key, group]) => (
        <Box key={key} sx={{ mt: 2 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {group.label}
          </Typography>
          {group.items.map((booking) => {
            const cancelled = booking.status === 'cancelled';
            return (
              <Box
                key={booking.id}
                data-testid="inspection"
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1,
                  py: 1.5,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                  <Typography
                    sx={{ fontWeight: 600, textDecoration: cancelled ? 'line-through' : 'none' }}
                  >
                    {timeLabel(booking.startsAt, timeZone)}–{timeLabel(booking.endsAt, timeZone)} ·{' '}
                    {booking.name}
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    <Link href={mapsUrl(booking.address)} target="_blank" rel="noopener">
                      {booking.address}
                    </Link>
                    {' · '}
                    <Link href={`tel:${booking.phone}`}>{booking.phone}</Link>
                  </Typography>
                </Box>
                {cancelled ? (
                  <Chip label="Cancelled" size="small" />
                ) : (
                  <>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={
                        LEAD_STATUS_LABELS[booking.leadStatus as LeadStatus] ?? booking.leadStatus
                      }
                    />
                    <Button size="small" onClick={() => setMoving(booking)}>
                      Reschedule
                    </Button>
                    <Button size="small" color="error" onClick={() => setCancelling(booking)}>
                      Cancel
                    </Button>
                  </>
                )}
              </Box>
            );
          })}
        </Box>
      ))}
      {moving && <RescheduleDialog booking={moving} onClose={() => setMoving(null)} />}
      {cancelling && <CancelDialog booking={cancelling} onClose={() => setCancelling(null)} />}
    </Paper>
  );
}

/** The form's fields as typed: numbers as text, so a cleared field can say it is empty. */
interface Draft {
  timeZone: string;
  weeklyHours: Record<Weekday, DayHours | null>;
  inspectionMinutes: string;
  bufferMinutes: string;
  minNoticeHours: string;
  horizonDays: string;
  dailyMax: string;
  daysOff: string[];
}

function toDraft(availability: Availability): Draft {
  return {
    ...availability,
    weeklyHours: { ...availability.weeklyHours },
    inspectionMinutes: String(availability.inspectionMinutes),
    bufferMinutes: String(availability.bufferMinutes),
    minNoticeHours: String(availability.minNoticeHours),
    horizonDays: String(availability.horizonDays),
    dailyMax: availability.dailyMax === null ? '' : String(availability.dailyMax),
    daysOff: [...availability.daysOff],
  };
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function toInput(draft: Draft) {
  return {
    ...draft,
    inspectionMinutes: number(draft.inspectionMinutes),
    bufferMinutes: number(draft.bufferMinutes),
    minNoticeHours: number(draft.minNoticeHours),
    horizonDays: number(draft.horizonDays),
    dailyMax: draft.dailyMax.trim() === '' ? null : number(draft.dailyMax),
  };
}

const TIME_ZONES: string[] =
  (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];

const NUMBER_FIELDS: { key: keyof Draft; label: string; helper: string }[] = [
  { key: 'inspectionMinutes', label: 'Inspection length (minutes)', helper: '15 to 480' },
  { key: 'bufferMinutes', label: 'Buffer between visits (minutes)', helper: 'Travel time' },
  { key: 'minNoticeHours', label: 'Minimum notice (hours)', helper: 'No bookings sooner' },
  { key: 'horizonDays', label: 'How far ahead (days)', helper: '1 to 90' },
  { key: 'dailyMax', label: 'Most inspections a day', helper: 'Empty for no maximum' },
];

function AvailabilityForm({ initial }: { initial: Availability }) {
  const save = useSaveAvailability();
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [dayOff, setDayOff] = useState('');
  const [problem, setProblem] = useState<{ path: string; message: string } | null>(null);
  const [saved, setSaved] = useState(false);

  const change = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
    setSaved(false);
  };
  const setDay = (day: Weekday, hours: DayHours | null) =>
    change({ weeklyHours: { ...draft.weeklyHours, [day]: hours } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = availabilitySchema.safeParse(toInput(draft));
    if (!result.success) {
      const issue = result.error.issues[0]!;
      setProblem({ path: issue.path.join('.'), message: issue.message });
      return;
    }
    setProblem(null);
    save.mutate(result.data, {
      onSuccess: (availability) => {
        setDraft(toDraft(availability));
        setSaved(true);
      },
    });
  };
  const errorAt = (path: string) => (problem && problem.path.startsWith(path) ? problem : null);

  return (
    <Paper
      variant="outlined"
      sx={CARD}
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="availability-title"
    >
      <Typography id="availability-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Availability
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        When homeowners may book an inspection.
      </Typography>
      <Autocomplete
        options={TIME_ZONES}
        value={draft.timeZone}
        disableClearable
        onChange={(_event, value) => change({ timeZone: value })}
        sx={{ maxWidth: 360, mb: 2 }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Time zone"
            error={!!errorAt('timeZone')}
            helperText={errorAt('timeZone')?.message}
          />
        )}
      />
      {WEEKDAYS.map((day) => {
        const hours = draft.weeklyHours[day];
        const dayProblem = errorAt(`weeklyHours.${day}`);
        return (
          <Box
            key={day}
            role="group"
            aria-label={WEEKDAY_LABELS[day]}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}
          >
            <FormControlLabel
              sx={{ width: 170 }}
              control={
                <Switch
                  checked={hours !== null}
                  onChange={(event) =>
                    setDay(day, event.target.checked ? { start: '08:00', end: '17:00' } : null)
                  }
                />
              }
              label={WEEKDAY_LABELS[day]}
            />
            {hours ? (
              <>
                <TextField
                  type="time"
                  size="small"
                  label="From"
                  value={hours.start}
                  onChange={(event) => setDay(day, { ...hours, start: event.target.value })}
                  slotProps={{ htmlInput: { 'aria-label': `${WEEKDAY_LABELS[day]} from` } }}
                />
                <TextField
                  type="time"
                  size="small"
                  label="To"
                  value={hours.end}
                  error={!!dayProblem}
                  helperText={dayProblem?.message}
                  onChange={(event) => setDay(day, { ...hours, end: event.target.value })}
                  slotProps={{ htmlInput: { 'aria-label': `${WEEKDAY_LABELS[day]} to` } }}
                />
              </>
            ) : (
              <Typography color="text.secondary">No inspections</Typography>
            )}
          </Box>
        );
      })}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 2,
          mt: 2,
          maxWidth: 640,
        }}
      >
        {NUMBER_FIELDS.map((field) => {
          const fieldProblem = errorAt(field.key);
          return (
            <TextField
              key={field.key}
              label={field.label}
              type="number"
              value={draft[field.key] as string}
              onChange={(event) => change({ [field.key]: event.target.value })}
              error={!!fieldProblem}
              helperText={fieldProblem?.message ?? field.helper}
              slotProps={{ htmlInput: { inputMode: 'numeric', min: 0 } }}
            />
          );
        })}
      </Box>
      <Box sx={{ mt: 3 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Days off
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1 }}>
          <TextField
            type="date"
            size="small"
            label="Day off"
            value={dayOff}
            onChange={(event) => setDayOff(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            onClick={() => {
              if (!dayOff || draft.daysOff.includes(dayOff)) return;
              change({ daysOff: [...draft.daysOff, dayOff].sort() });
              setDayOff('');
            }}
            disabled={!dayOff}
          >
            Add day off
          </Button>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {draft.daysOff.map((date) => (
            <Chip
              key={date}
              label={date}
              onDelete={() => change({ daysOff: draft.daysOff.filter((other) => other !== date) })}
            />
          ))}
        </Box>
        {errorAt('daysOff') && (
          <Typography color="error" variant="body2" sx={{ mt: 1 }}>
            {errorAt('daysOff')!.message}
          </Typography>
        )}
      </Box>
      {problem && !problem.path && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem.message}
        </Alert>
      )}
      {save.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {save.error.message}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 3 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save availability
        </Button>
        <Typography role="status" color="success.main">
          {saved ? 'Availability saved' : ''}
        </Typography>
      </Box>
    </Paper>
  );
}

function CalendarFeed() {
  const feed = useFeedUrl();
  const rotate = useRotateFeed();
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  return (
    <Paper variant="outlined" sx={CARD} component="section" aria-labelledby="feed-title">
      <Typography id="feed-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Calendar feed
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Subscribe to this link in Google Calendar, Apple Calendar or Outlook to see your inspections
        there. Keep it private: anyone with it sees your inspections.
      </Typography>
      {feed.isError && <Alert severity="error">{feed.error.message}</Alert>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          label="Feed link"
          value={feed.data?.url ?? ''}
          sx={{ flex: '1 1 320px' }}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <Button
          variant="outlined"
          disabled={!feed.data}
          onClick={() => {
            if (!feed.data) return;
            void navigator.clipboard?.writeText(feed.data.url).then(() => setCopied(true));
          }}
        >
          Copy
        </Button>
        <Button disabled={!feed.data} onClick={() => setConfirming(true)}>
          Get a new link
        </Button>
      </Box>
      <Typography role="status" variant="body2" color="success.main" sx={{ mt: 1 }}>
        {copied ? 'Link copied' : ''}
      </Typography>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="rotate-title">
        <DialogTitle id="rotate-title">Get a new feed link?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The old link stops working at once; calendars subscribed to it need the new one.
          </DialogContentText>
          {rotate.isError && <Alert severity="error">{rotate.error.message}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Keep the link</Button>
          <Button
            variant="contained"
            disabled={rotate.isPending}
            onClick={() =>
              rotate.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  setCopied(false);
                },
              })
            }
          >
            Get a new link
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/** "Nov 27, 10:42 AM": when something happened, in the browser's zone. */
function momentLabel(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** What the consent's return (`?google=`) says, until dismissed. */
function useGoogleResult(): [GoogleCalendarResult | null, () => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('google');
  const result = (GOOGLE_CALENDAR_RESULTS as readonly string[]).includes(value ?? '')
    ? (value as GoogleCalendarResult)
    : null;
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('google');
        return next;
      },
      { replace: true },
    );
  return [result, dismiss];
}

function GoogleCalendarSync() {
  const google = useGoogleCalendar();
  const connect = useConnectGoogleCalendar();
  const disconnect = useDisconnectGoogleCalendar();
  const [result, dismiss] = useGoogleResult();
  const [confirming, setConfirming] = useState(false);
  const status = google.data;
  if (status && !status.available) return null;
  return (
    <Paper variant="outlined" sx={CARD} component="section" aria-labelledby="google-title">
      <Typography id="google-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Google Calendar
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Connect your Google Calendar: times you are busy there are not offered to homeowners, and
        each inspection booked here is added there, and moved or removed with it.
      </Typography>
      {result && (
        <Alert
          severity={result === 'connected' ? 'success' : 'warning'}
          onClose={dismiss}
          sx={{ mb: 2 }}
        >
          {GOOGLE_CALENDAR_MESSAGES[result]}
        </Alert>
      )}
      {google.isError && <Alert severity="error">{google.error.message}</Alert>}
      {google.isPending && <LinearProgress aria-label="Loading Google Calendar" />}
      {status?.connected && (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Typography>
            Connected to <strong>{status.accountEmail}</strong>
            {status.busySyncedAt && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                · busy times read {momentLabel(status.busySyncedAt)}
              </Typography>
            )}
          </Typography>
          {status.error && (
            <Alert severity="warning">
              Sync failed {momentLabel(status.error.at)}: {status.error.message} Until it works,
              homeowners are offered times around your Rafter inspections only.
            </Alert>
          )}
          <Box>
            <Button onClick={() => setConfirming(true)}>Disconnect</Button>
          </Box>
        </Box>
      )}
      {status && !status.connected && (
        <Button variant="contained" disabled={connect.isPending} onClick={() => connect.mutate()}>
          Connect Google Calendar
        </Button>
      )}
      {connect.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {connect.error.message}
        </Alert>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="disconnect-title"
      >
        <DialogTitle id="disconnect-title">Disconnect Google Calendar?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Busy times there stop blocking inspection slots, and new inspections are no longer
            added. Events already added stay in your calendar.
          </DialogContentText>
          {disconnect.isError && <Alert severity="error">{disconnect.error.message}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Stay connected</Button>
          <Button
            variant="contained"
            disabled={disconnect.isPending}
            onClick={() => disconnect.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          >
            Disconnect
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/** The dashboard's Calendar tab: upcoming inspections, availability and the calendar feed. */
export function CalendarTab({ access, upgradeTo }: CalendarTabProps) {
  const availability = useAvailability(access === 'allowed');
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          Calendar
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Homeowners book a free roof inspection right after their estimate; here you see and change
          them, and set when you inspect.
        </Typography>
      </Box>
      {access === 'locked' && <UpgradeNotice upgradeTo={upgradeTo} />}
      {(access === 'loading' || (access === 'allowed' && availability.isPending)) && (
        <LinearProgress aria-label="Loading your calendar" />
      )}
      {access === 'allowed' && availability.isError && (
        <Alert
          severity="error"
          action={<Button onClick={() => void availability.refetch()}>Retry</Button>}
        >
          Your calendar did not load. {availability.error.message}
        </Alert>
      )}
      {access === 'allowed' && availability.data && (
        <>
          <UpcomingInspections timeZone={availability.data.timeZone} />
          <AvailabilityForm initial={availability.data} />
          <GoogleCalendarSync />
          <CalendarFeed />
        </>
      )}
    </Box>
  );
}
