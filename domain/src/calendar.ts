import { z } from 'zod';

/**
 * Roof inspections the homeowner books after their quote request (docs/calendar.md): the
 * contractor's availability (Calendar tab), the slots offered, and a booking as the dashboard, the
 * widget and the manage page see it. Slots are computed by the backend in the contractor's time
 * zone (wall-clock hours, daylight-saving changes included); the browser only shows them.
 */

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const INSPECTION_MINUTES = { min: 15, max: 480 } as const;
export const BUFFER_MINUTES = { min: 0, max: 240 } as const;
export const MIN_NOTICE_HOURS = { min: 0, max: 336 } as const;
export const HORIZON_DAYS = { min: 1, max: 90 } as const;
export const DAILY_MAX = { min: 1, max: 50 } as const;
export const MAX_DAYS_OFF = 366;
/** Hours before an inspection the homeowner is reminded of it. */
export const REMINDER_HOURS = [24, 2] as const;
/** Slots start on this grid of minutes past the hour (wall-clock time where the contractor is). */
export const SLOT_STEP_MINUTES = 30;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Minutes since midnight of an "HH:MM" time. */
export function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** True when the runtime knows `zone` as an IANA time zone (e.g. America/Chicago). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/.test(zone) && zone !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timeOfDay = (label: string) =>
  z
    .string({ error: `${label} must be a time` })
    .regex(TIME, { error: `${label} must be a time like 08:00` });

/** One day's working hours; null when the contractor does not inspect that day. */
export const dayHoursSchema = z
  .object({ start: timeOfDay('The start'), end: timeOfDay('The end') })
  .refine((day) => minutesOfDay(day.end) > minutesOfDay(day.start), {
    error: 'The end of a day must be after its start',
  });
export type DayHours = z.infer<typeof dayHoursSchema>;

const wholeNumber = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(max, { error: `${label} must be at most ${max}` });

export const availabilitySchema = z
  .object({
    timeZone: z
      .string({ error: 'The time zone must be text' })
      .refine(isTimeZone, { error: 'The time zone must be one like America/Chicago' }),
    weeklyHours: z.object(
      Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema.nullable()])) as Record<
        Weekday,
        z.ZodNullable<typeof dayHoursSchema>
      >,
      { error: 'The weekly hours must name each day' },
    ),
    inspectionMinutes: wholeNumber('The inspection length', INSPECTION_MINUTES),
    bufferMinutes: wholeNumber('The buffer between visits', BUFFER_MINUTES),
    minNoticeHours: wholeNumber('The minimum notice', MIN_NOTICE_HOURS),
    horizonDays: wholeNumber('How far ahead', HORIZON_DAYS),
    /** The most inspections in one day; null for no maximum. */
    dailyMax: wholeNumber('The daily maximum', DAILY_MAX).nullable(),
    /** Dates ("YYYY-MM-DD", the contractor's calendar) with no inspections. */
    daysOff: z
      .array(z.string().regex(DATE, { error: 'A day off must be a date like 2026-12-24' }), {
        error: 'The days off must be a list of dates',
      })
      .max(MAX_DAYS_OFF, { error: `At most ${MAX_DAYS_OFF} days off` }),
  })
  .refine((availability) => new Set(availability.daysOff).size === availability.daysOff.length, {
    error: 'A day off is listed twice',
    path: ['daysOff'],
  });
export type Availability = z.infer<typeof availabilitySchema>;

const WORKDAY: DayHours = { start: '08:00', end: '17:00' };

/** Weekdays 8 am to 5 pm, one-hour inspections, 24 hours' notice, two weeks ahead. */
export const DEFAULT_AVAILABILITY: Availability = {
  timeZone: 'America/Chicago',
  weeklyHours: {
    monday: WORKDAY,
    tuesday: WORKDAY,
    wednesday: WORKDAY,
    thursday: WORKDAY,
    friday: WORKDAY,
    saturday: null,
    sunday: null,
  },
  inspectionMinutes: 60,
  bufferMinutes: 30,
  minNoticeHours: 24,
  horizonDays: 14,
  dailyMax: null,
  daysOff: [],
};

/** An inspection time offered to the homeowner: ISO instants (UTC). */
export interface Slot {
  startsAt: string;
  endsAt: string;
}

export const BOOKING_STATUSES = ['booked', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

const instant = z.iso.datetime({ offset: true, error: 'The time must be an ISO date-time' });
const token = z
  .string({ error: 'The link is invalid' })
  .min(1, { error: 'The link is invalid' })
  .max(200, { error: 'The link is invalid' });

/** The homeowner books a slot: `token` came with the quote request's answer (or its e-mail). */
export const bookingRequestSchema = z.object({ token, startsAt: instant });
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

/** A booking changed through its manage link (reschedule needs `startsAt`). */
export const manageBookingSchema = z.object({ token });
export const rescheduleBookingSchema = z.object({ token, startsAt: instant });
/** The contractor moves a booking from the Calendar tab. */
export const contractorRescheduleSchema = z.object({ startsAt: instant });

/** What the homeowner sees: the slots and, once booked, their inspection. */
export interface BookingOffer {
  contractorName: string;
  /** The contractor's time zone; the browser shows times in the homeowner's own as well. */
  timeZone: string;
  inspectionMinutes: number;
  slots: Slot[];
  /** The homeowner's upcoming inspection, when they already booked one. */
  booking: HomeownerBooking | null;
}

export interface HomeownerBooking {
  id: string;
  startsAt: string;
  endsAt: string;
  status: BookingStatus;
  contractorName: string;
  timeZone: string;
  address: string;
  /** Single-purpose link tokens, valid until the booking changes (then new ones are sent). */
  manageToken: string;
}

/** A booking in the contractor's Calendar tab. */
export interface ContractorBooking {
  id: string;
  leadId: string;
  startsAt: string;
  endsAt: string;
  status: BookingStatus;
  name: string;
  address: string;
  phone: string;
  email: string;
  leadStatus: string;
}

export const BOOKING_MESSAGES = {
  slotTaken: 'That time was just booked by someone else. Please pick another time.',
  slotUnavailable: 'That time is no longer available. Please pick another time.',
  linkInvalid: 'This link is invalid or has already been used.',
  alreadyBooked: 'You already have an inspection booked.',
} as const;

/**
 * The homeowner's booking page (server-rendered, no script): with a book token (the estimate
 * e-mail's link) it offers times; with a manage token (booking e-mails) it moves or cancels.
 */
export const BOOKING_PAGE_PATH = '/api/booking/page';

/** The calendar feed's address for a token (the server's public URL in front). */
export function calendarFeedPath(feedToken: string): string {
  return `/api/calendar/feed/${feedToken}.ics`;
}

/**
 * Google Calendar sync as the Calendar tab shows it: whether the server offers it, the connected
 * account, when its busy times were last read, and the last failure (until a read or write works).
 */
export interface GoogleCalendarStatus {
  available: boolean;
  connected: boolean;
  accountEmail: string | null;
  connectedAt: string | null;
  busySyncedAt: string | null;
  error: { message: string; at: string } | null;
}

/** Busy times read from Google are used for this long; older ones are read again first. */
export const GOOGLE_BUSY_MAX_AGE_MINUTES = 3;

/** Where the consent sends the browser back to: the Calendar tab, with how it went. */
export const GOOGLE_CALENDAR_RESULTS = ['connected', 'denied', 'failed'] as const;
export type GoogleCalendarResult = (typeof GOOGLE_CALENDAR_RESULTS)[number];

export const GOOGLE_CALENDAR_MESSAGES: Readonly<Record<GoogleCalendarResult, string>> = {
  connected: 'Google Calendar connected. Busy times there now block inspection slots.',
  denied: 'Google Calendar was not connected: access was not granted.',
  failed: 'Google Calendar could not be connected. Please try again.',
};
