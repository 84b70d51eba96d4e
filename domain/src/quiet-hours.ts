import { lookup } from 'zipcode-to-timezone';

/**
 * Texts to homeowners go out only between 8 am and 9 pm where the homeowner lives (the TCPA's
 * calling hours, which several states narrow further; 9 pm is the stricter common end).
 */
export const QUIET_HOURS = { startHour: 8, endHour: 21 } as const;

/**
 * The US zones a zip code with no known zone could be in: a text is sent only when it is allowed
 * in every one of them, so an unknown zip never wakes anybody.
 */
export const US_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;

/** The IANA zone of a 5-digit US zip code, or null when it is not known. */
export function zipTimeZone(zipCode: string): string | null {
  if (!/^\d{5}$/.test(zipCode)) return null;
  return lookup(zipCode);
}

/** The zones a text to this zip code must respect: its own, or every US zone when unknown. */
export function homeownerTimeZones(zipCode: string): readonly string[] {
  const zone = zipTimeZone(zipCode);
  return zone ? [zone] : US_TIME_ZONES;
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes since local midnight at `at` in `timeZone`. */
export function localMinutes(at: Date, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    hourFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value);
  return hour * 60 + minute;
}

/** Whether a text may be sent at `at` in every one of `timeZones`. */
export function isTextingAllowed(at: Date, timeZones: readonly string[]): boolean {
  return timeZones.every((zone) => {
    const minutes = localMinutes(at, zone);
    return minutes >= QUIET_HOURS.startHour * 60 && minutes < QUIET_HOURS.endHour * 60;
  });
}

const STEP_MS = 15 * 60_000;

/**
 * Whether a text may go out now, and if not, the first moment it may: 8:00 local time the next
 * morning (or this morning), found by walking forward in quarter hours, so a day that gains or
 * loses an hour (daylight saving) needs no special case.
 */
export function quietHoursCheck(
  now: Date,
  timeZones: readonly string[],
): { allowed: true } | { allowed: false; retryAt: Date } {
  if (isTextingAllowed(now, timeZones)) return { allowed: true };
  let at = Math.ceil(now.getTime() / STEP_MS) * STEP_MS;
  // Two days bounds the walk: every zone's window opens within one.
  for (let step = 0; step < 2 * 96; step++, at += STEP_MS) {
    if (isTextingAllowed(new Date(at), timeZones)) return { allowed: false, retryAt: new Date(at) };
  }
  throw new Error(`No texting window in ${timeZones.join(', ')}`);
}
