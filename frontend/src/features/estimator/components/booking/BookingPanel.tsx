import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EventAvailableRoundedIcon from '@mui/icons-material/EventAvailableRounded';
import type { BookingOffer, HomeownerBooking, Slot } from '@rafter/domain/calendar';
import { useBookInspection, useBookingOffer } from '../../api/booking';

/** The homeowner's own time zone (the browser's). */
const HOME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** The most days of times shown at once. */
const DAYS_SHOWN = 7;

const format = (iso: string, options: Intl.DateTimeFormatOptions, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { ...options, ...(timeZone ? { timeZone } : {}) }).format(
    new Date(iso),
  );

const dayKey = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
const dayLabel = (iso: string) => format(iso, { weekday: 'short', month: 'short', day: 'numeric' });
const timeLabel = (iso: string, timeZone?: string) =>
  format(iso, { hour: 'numeric', minute: '2-digit' }, timeZone);
const fullLabel = (iso: string) =>
  format(iso, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** Slots by the homeowner's day, the first DAYS_SHOWN days that have any. */
function days(slots: Slot[]): { key: string; label: string; slots: Slot[] }[] {
  const grouped = new Map<string, { key: string; label: string; slots: Slot[] }>();
  for (const slot of slots) {
    const key = dayKey(slot.startsAt);
    if (!grouped.has(key) && grouped.size >= DAYS_SHOWN) break;
    const day = grouped.get(key) ?? { key, label: dayLabel(slot.startsAt), slots: [] };
    day.slots.push(slot);
    grouped.set(key, day);
  }
  return [...grouped.values()];
}

function Booked({ booking }: { booking: HomeownerBooking }) {
  return (
    <Box role="status" sx={{ textAlign: 'center' }}>
      <EventAvailableRoundedIcon aria-hidden sx={{ fontSize: 44, color: 'primary.dark' }} />
      <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
        Your inspection is booked
      </Typography>
      <Typography sx={{ mt: 1 }}>
        {fullLabel(booking.startsAt)} with {booking.contractorName}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {booking.address}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mt: 1.5 }}>
        We e-mailed you a confirmation with a calendar invite and a link to reschedule or cancel.
      </Typography>
    </Box>
  );
}

function Picker({
  token,
  offer,
  onBooked,
}: {
  token: string;
  offer: BookingOffer;
  onBooked?: () => void;
}) {
  const book = useBookInspection(token);
  const grouped = days(offer.slots);
  const [dayChosen, setDayChosen] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const day = grouped.find((candidate) => candidate.key === dayChosen) ?? grouped[0];
  const labelId = useId();
  const otherZone = offer.timeZone !== HOME_ZONE;

  if (grouped.length === 0) {
    return (
      <Typography color="text.secondary">
        No times are open online right now. {offer.contractorName} will call you to arrange an
        inspection.
      </Typography>
    );
  }
  return (
    <>
      <Typography id={labelId} color="text.secondary" sx={{ mb: 1.5 }}>
        Pick a time for {offer.contractorName} to inspect your roof ({offer.inspectionMinutes}{' '}
        minutes, free).
      </Typography>
      <Box role="group" aria-label="Day" sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 1 }}>
        {grouped.map((candidate) => (
          <Button
            key={candidate.key}
            size="small"
            variant={candidate.key === day?.key ? 'contained' : 'outlined'}
            aria-pressed={candidate.key === day?.key}
            onClick={() => {
              setDayChosen(candidate.key);
              setChosen(null);
            }}
            sx={{ flex: '0 0 auto' }}
          >
            {candidate.label}
          </Button>
        ))}
      </Box>
      <Box
        role="group"
        aria-label={`Times on ${day?.label ?? ''}`}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: 1,
          mt: 1,
        }}
      >
        {day?.slots.map((slot) => (
          <Button
            key={slot.startsAt}
            variant={chosen === slot.startsAt ? 'contained' : 'outlined'}
            color="secondary"
            aria-pressed={chosen === slot.startsAt}
            onClick={() => setChosen(slot.startsAt)}
            sx={{ flexDirection: 'column', lineHeight: 1.3, py: 1 }}
          >
            <span>{timeLabel(slot.startsAt)}</span>
            {otherZone && (
              <Typography component="span" variant="caption">
                {timeLabel(slot.startsAt, offer.timeZone)} contractor’s time
              </Typography>
            )}
          </Button>
        ))}
      </Box>
      {otherZone && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Times are shown in your time zone ({HOME_ZONE}); the contractor is in {offer.timeZone}.
        </Typography>
      )}
      {book.isError && (
        <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
          {book.error.message}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        disabled={!chosen || book.isPending}
        onClick={() =>
          chosen && book.mutate(chosen, { onSuccess: onBooked, onError: () => setChosen(null) })
        }
      >
        {book.isPending ? <CircularProgress size={24} aria-label="Booking" /> : 'Book inspection'}
      </Button>
    </>
  );
}

/**
 * 'Book a free roof inspection', after a quote request (docs/calendar.md): the contractor's next
 * open times in the homeowner's time zone, one tap to pick, one to book. Shows nothing when the
 * contractor takes no online bookings.
 */
export default function BookingPanel({
  token,
  onBooked,
}: {
  token: string;
  /** The inspection was booked (the estimator counts it in its funnel). */
  onBooked?: () => void;
}) {
  const offer = useBookingOffer(token);
  const titleId = useId();
  if (offer.data === null) return null;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ mt: 3, p: { xs: 2, sm: 3 }, borderRadius: 3 }}
    >
      <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        Book a free roof inspection
      </Typography>
      {offer.isPending && <CircularProgress aria-label="Loading open times" />}
      {offer.isError && (
        <Alert
          severity="error"
          action={<Button onClick={() => void offer.refetch()}>Retry</Button>}
        >
          The open times could not be loaded.
        </Alert>
      )}
      {offer.data?.booking ? (
        <Booked booking={offer.data.booking} />
      ) : (
        offer.data && <Picker token={token} offer={offer.data} onBooked={onBooked} />
      )}
    </Paper>
  );
}
