import { wallClockUtc } from './billing';

/**
 * The contractor's reminder when a new lead is still New after a while (speed to lead): the
 * minutes they may choose, counted in business hours in their time zone, and when it is due.
 * 0 is off.
 */
export const NEW_LEAD_REMINDER_OPTIONS = [0, 15, 30, 60, 120, 240] as const;
export type NewLeadReminderMinutes = (typeof NEW_LEAD_REMINDER_OPTIONS)[number];
export const DEFAULT_NEW_LEAD_REMINDER_MINUTES: NewLeadReminderMinutes = 60;

/** Business hours the reminder counts in: Monday to Friday, 8 am to 6 pm local time. */
export const BUSINESS_HOURS = { startHour: 8, endHour: 18, days: [1, 2, 3, 4, 5] } as const;

export function newLeadReminderLabel(minutes: number): string {
  if (minutes === 0) return 'Off';
  if (minutes < 60) return `After ${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? 'After 1 hour' : `After ${hours} hours`;
}

export function isNewLeadReminderMinutes(value: number): value is NewLeadReminderMinutes {
  return (NEW_LEAD_REMINDER_OPTIONS as readonly number[]).includes(value);
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The instant whose wall-clock time in `timeZone` is `wall` (epoch ms read as UTC). */
function instantOfWallClock(wall: number, timeZone: string): number {
  // The zone's offset at the guess, then again at the corrected instant (DST changes).
  const first = wall - (wallClockUtc(wall, timeZone) - wall);
  return wall - (wallClockUtc(first, timeZone) - first);
}

/**
 * When a lead captured at `capturedAt` has been New for `minutes` of business hours in the
 * contractor's `timeZone` (UTC when unknown or unset): a lead at 5:30 pm on a Friday with a
 * 60-minute reminder is due at 8:30 am on Monday; one on a Saturday at 9 am on Monday.
 */
export function newLeadReminderDueAt(
  capturedAt: Date,
  minutes: number,
  timeZone: string | null,
): Date {
  const zone = timeZone && isKnownZone(timeZone) ? timeZone : 'UTC';
  let wall = wallClockUtc(capturedAt.getTime(), zone);
  let left = minutes * MINUTE_MS;
  for (let day = 0; day < 14; day++) {
    const midnight = Math.floor(wall / DAY_MS) * DAY_MS;
    const open = midnight + BUSINESS_HOURS.startHour * 60 * MINUTE_MS;
    const close = midnight + BUSINESS_HOURS.endHour * 60 * MINUTE_MS;
    const weekday = new Date(midnight).getUTCDay();
    if ((BUSINESS_HOURS.days as readonly number[]).includes(weekday) && wall < close) {
      const from = Math.max(wall, open);
      if (from + left <= close) return new Date(instantOfWallClock(from + left, zone));
      left -= close - from;
    }
    wall = midnight + DAY_MS;
  }
  return new Date(capturedAt.getTime() + minutes * MINUTE_MS);
}

function isKnownZone(timeZone: string): boolean {
  try {
    wallClockUtc(0, timeZone);
    return true;
  } catch {
    return false;
  }
}
