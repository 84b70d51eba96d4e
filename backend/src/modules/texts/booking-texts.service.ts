import { Inject, Injectable } from '@nestjs/common';
import { REMINDER_HOURS } from '@rafter/domain/calendar';
import { type EventPayload } from '@rafter/domain/events';
import { leadDisplayName } from '@rafter/domain/lead';
import { canUseFeature } from '@rafter/domain/plans';
import { type TextSkipReason } from '@rafter/domain/texts';
import { DateTime } from 'luxon';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { CalendarService } from '../calendar/calendar.service';
import { TextsRepository } from './texts.repository';
import { TextsService } from './texts.service';

type Reminder = EventPayload<'booking.reminder-due'>;

export type BookingTextOutcome =
  'queued' | 'off' | 'not_enabled' | 'booking-not-found' | 'superseded';

export type ReminderTextOutcome =
  'queued' | 'held' | 'booking-not-found' | 'superseded' | 'too-late' | TextSkipReason;

/** "Tue Dec 8, 10:00 AM": the inspection's time where the contractor is, for their own text. */
export function contractorInspectionTime(startsAt: Date, timeZone: string): string {
  return DateTime.fromJSDate(startsAt, { zone: timeZone })
    .setLocale('en-US')
    .toFormat('ccc LLL d, h:mm a');
}

/**
 * "tomorrow, Tue Dec 8 at 10:00 AM MST": the inspection's time where the contractor is, named
 * with its zone (the homeowner may be in another), and "today" or "tomorrow" as seen at `now`
 * there (a reminder held overnight may go out on the inspection's own day).
 */
export function homeownerInspectionTime(startsAt: Date, timeZone: string, now: Date): string {
  const start = DateTime.fromJSDate(startsAt, { zone: timeZone }).setLocale('en-US');
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  const days = Math.round(start.startOf('day').diff(today, 'days').days);
  const day = days === 0 ? 'today, ' : days === 1 ? 'tomorrow, ' : '';
  return `${day}${start.toFormat("ccc LLL d 'at' h:mm a ZZZZ")}`;
}

/**
 * The texts of a booked roof inspection (docs/texts.md): the contractor's notice when a homeowner
 * books (with speed-to-lead texts on), and the homeowner's reminders 24 h and 2 h before (with
 * their consent, through `TextsService.sendToHomeowner`). Each is queued once per booking, or
 * per booking version and reminder (its idempotency key).
 */
@Injectable()
export class BookingTextsService {
  constructor(
    private readonly repository: TextsRepository,
    private readonly texts: TextsService,
    private readonly calendar: CalendarService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Texts the contractor's mobile about a new booking, as it is now (if not cancelled since). */
  async notifyContractor(
    { bookingId, ownerId }: EventPayload<'booking.created'>,
    now = new Date(),
  ): Promise<BookingTextOutcome> {
    const owner = await this.repository.findOwner(ownerId);
    if (!owner) return 'booking-not-found';
    const mobile = owner.settings.mobilePhone;
    // The same switch and number as the new-lead text: most contractors text nothing.
    if (!owner.settings.textNewLeads || !mobile) return 'off';
    if (!this.config.textsEnabled || !canUseFeature(owner.subscription, 'followups', now)) {
      return 'not_enabled';
    }
    const booking = await this.calendar.booking(bookingId);
    if (!booking || booking.ownerId !== ownerId) return 'booking-not-found';
    if (booking.status !== 'booked') return 'superseded';
    const timeZone = await this.timeZoneOf(ownerId);
    if (!timeZone) return 'booking-not-found';
    const name = leadDisplayName(booking.lead.firstName, booking.lead.lastName);
    const when = contractorInspectionTime(booking.startsAt, timeZone);
    await this.repository.queue({
      ownerId,
      leadId: booking.leadId,
      audience: 'contractor',
      idempotencyKey: `booking-created:${booking.id}`,
      to: mobile,
      body:
        `Rafter: ${name} booked a roof inspection ${when} at ${booking.lead.address}. ` +
        `${this.config.PUBLIC_URL}/dashboard?tab=calendar`,
    });
    return 'queued';
  }

  /**
   * The homeowner's reminder text, if the booking is still at the reminder's version (as the
   * reminder e-mail checks) and ahead. At night where the homeowner lives it is held until the
   * morning (`text.booking-reminder-due`), unless the inspection or a later reminder comes first.
   */
  async remindHomeowner(reminder: Reminder, now = new Date()): Promise<ReminderTextOutcome> {
    const booking = await this.calendar.booking(reminder.bookingId);
    if (!booking) return 'booking-not-found';
    if (booking.status !== 'booked' || booking.version !== reminder.version) return 'superseded';
    if (booking.startsAt.getTime() <= now.getTime()) return 'too-late';
    const lead = await this.repository.findLead(booking.ownerId, booking.leadId);
    // Most homeowners did not agree to texts: nothing else is read for them.
    if (!lead?.textConsentAt) return 'no_consent';
    const [owner, timeZone] = await Promise.all([
      this.repository.findOwner(booking.ownerId),
      this.timeZoneOf(booking.ownerId),
    ]);
    if (!owner || !timeZone) return 'booking-not-found';
    const when = homeownerInspectionTime(booking.startsAt, timeZone, now);
    const result = await this.texts.sendToHomeowner({
      ownerId: booking.ownerId,
      leadId: booking.leadId,
      now,
      idempotencyKey: `booking-reminder:${booking.id}:v${booking.version}:${reminder.hoursBefore}h`,
      body:
        `Hi ${lead.firstName}, a reminder: ${owner.name} inspects your roof ${when}, at ` +
        `${booking.lead.address}. Reschedule or cancel: ${this.calendar.manageUrl(booking)}`,
    });
    if (result.sent) return 'queued';
    if (!result.retryAt) return result.reason;
    const retryAt = result.retryAt.getTime();
    const supersededBy = REMINDER_HOURS.filter((hours) => hours < reminder.hoursBefore).map(
      (hours) => booking.startsAt.getTime() - hours * 3_600_000,
    );
    if (retryAt >= booking.startsAt.getTime() || supersededBy.some((due) => retryAt >= due)) {
      return result.reason;
    }
    await this.repository.scheduleBookingReminder(reminder, result.retryAt);
    return 'held';
  }

  /** The contractor's calendar time zone (their availability, else their profile's). */
  private async timeZoneOf(ownerId: string): Promise<string | null> {
    const owner = await this.calendar.ownerOf(ownerId);
    return owner ? this.calendar.availabilityOf(owner).timeZone : null;
  }
}
