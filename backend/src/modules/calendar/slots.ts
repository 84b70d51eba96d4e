import {
  type Availability,
  minutesOfDay,
  SLOT_STEP_MINUTES,
  type Slot,
  WEEKDAYS,
} from '@rafter/domain/calendar';
import { DateTime } from 'luxon';

/** A time the contractor is not free: a booked inspection (with its buffer) or a busy event. */
export interface BusyInterval {
  start: Date;
  end: Date;
}

/** A booked inspection, counted toward its day's maximum. */
export interface BookedInspection {
  startsAt: Date;
}

export interface SlotQuery {
  availability: Availability;
  now: Date;
  /** Booked inspections ([startsAt, blockedUntil)) and busy times from a synced calendar. */
  busy: readonly BusyInterval[];
  /** The booked inspections, for the daily maximum. */
  booked: readonly BookedInspection[];
  /** Stop after this many days with open times (what a picker shows); all by default. */
  maxDays?: number;
}

/**
 * The inspection times the contractor offers (docs/calendar.md): every SLOT_STEP_MINUTES of wall-
 * clock time within each day's hours in the contractor's time zone, from today for `horizonDays`
 * days, at least `minNoticeHours` from now, not on a day off or a full day, and whose inspection
 * plus the buffer after it overlaps nothing busy (the same rule as the bookings table's exclusion
 * constraint). Days follow the zone's calendar, so a daylight-saving change moves no working hour:
 * a time that does not exist that night (the spring gap) is not offered, and the hour the autumn
 * change repeats is offered once.
 */
export function availableSlots({
  availability,
  now,
  busy,
  booked,
  maxDays = Number.POSITIVE_INFINITY,
}: SlotQuery): Slot[] {
  const zone = availability.timeZone;
  const earliest = now.getTime() + availability.minNoticeHours * 3_600_000;
  const lengthMs = availability.inspectionMinutes * 60_000;
  const blockedMs = lengthMs + availability.bufferMinutes * 60_000;
  const daysOff = new Set(availability.daysOff);
  const intervals = merged(busy);
  // Intl, not Luxon, for the per-booking day: hundreds of bookings, each a lookup.
  const dateIn = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const perDay = new Map<string, number>();
  for (const inspection of booked) {
    const day = dateIn.format(inspection.startsAt);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }

  const slots: Slot[] = [];
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  // Intervals that end before a slot can no longer touch a later one: a moving start index.
  let first = 0;
  let daysWithSlots = 0;
  for (let offset = 0; offset <= availability.horizonDays && daysWithSlots < maxDays; offset++) {
    const day = today.plus({ days: offset });
    const date = day.toISODate()!;
    const hours = availability.weeklyHours[WEEKDAYS[day.weekday - 1]!];
    if (!hours || daysOff.has(date)) continue;
    let left =
      availability.dailyMax === null
        ? Number.POSITIVE_INFINITY
        : availability.dailyMax - (perDay.get(date) ?? 0);
    if (left <= 0) continue;
    const open = minutesOfDay(hours.start);
    const close = minutesOfDay(hours.end);
    const opening = wallClock(day, open);
    const lastEnd = wallClock(day, close);
    if (opening === null || lastEnd === null) continue;
    // Without a daylight-saving change inside the day's hours (the offsets at opening and closing
    // agree, both wall-clock times exist), each time is the opening plus its minutes; only the
    // two change days a year go through Luxon time by time.
    const uniform =
      opening.offset === lastEnd.offset &&
      opening.hour * 60 + opening.minute === open &&
      lastEnd.hour * 60 + lastEnd.minute === close;
    const openMs = opening.toMillis();
    const before = slots.length;
    const closeMs = lastEnd.toMillis();
    for (
      let minute = open;
      minute + availability.inspectionMinutes <= close;
      minute += SLOT_STEP_MINUTES
    ) {
      let startMs: number;
      if (uniform) {
        startMs = openMs + (minute - open) * 60_000;
      } else {
        const start = wallClock(day, minute);
        // In the spring gap the wall-clock time does not exist (luxon moves it an hour on).
        if (start === null || start.hour * 60 + start.minute !== minute) continue;
        startMs = start.toMillis();
      }
      const endMs = startMs + lengthMs;
      if (startMs < earliest || endMs > closeMs) continue;
      while (first < intervals.length && intervals[first]!.end <= startMs) first++;
      if (overlapsAny(intervals, first, startMs, startMs + blockedMs)) continue;
      slots.push({
        startsAt: new Date(startMs).toISOString(),
        endsAt: new Date(endMs).toISOString(),
      });
      if (--left <= 0) break;
    }
    if (slots.length > before) daysWithSlots++;
  }
  return slots;
}

/** The intervals sorted and merged where they overlap or touch: starts and ends both ascend. */
function merged(busy: readonly BusyInterval[]): { start: number; end: number }[] {
  const sorted = busy
    .map((interval) => ({ start: interval.start.getTime(), end: interval.end.getTime() }))
    .filter((interval) => interval.end > interval.start)
    .sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const interval of sorted) {
    const last = out[out.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else out.push({ ...interval });
  }
  return out;
}

/** True when [start, end) overlaps one of the merged intervals from index `from`. */
function overlapsAny(
  intervals: readonly { start: number; end: number }[],
  from: number,
  start: number,
  end: number,
): boolean {
  for (let index = from; index < intervals.length; index++) {
    const interval = intervals[index]!;
    if (interval.start >= end) return false;
    if (interval.end > start) return true;
  }
  return false;
}

/** The day's wall-clock time `minutes` after midnight in the day's zone; null if invalid. */
function wallClock(day: DateTime, minutes: number): DateTime | null {
  const time = day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  return time.isValid ? time : null;
}

/** True when `startsAt` is exactly one of the offered slots. */
export function isOffered(slots: readonly Slot[], startsAt: Date): Slot | undefined {
  const iso = startsAt.toISOString();
  return slots.find((slot) => slot.startsAt === iso);
}
