import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type Availability,
  availabilitySchema,
  BOOKING_PAGE_PATH,
  type BookingOffer,
  type ContractorBooking,
  calendarFeedPath,
  DEFAULT_AVAILABILITY,
  type HomeownerBooking,
  isTimeZone,
  type Slot,
} from '@rafter/domain/calendar';
import { APP_ROUTES } from '@rafter/domain/routes';
import { canUseFeature } from '@rafter/domain/plans';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { PlanAccessService } from '../plans/plan-access.service';
import { BookingTokens } from '../../core/links/booking-tokens';
import { CalendarException } from './calendar.exception';
import {
  type BookingRow,
  type BookingTimes,
  CalendarRepository,
  type CalendarOwner,
} from './calendar.repository';
import { GoogleCalendarService } from './google/google-calendar.service';
import { availableSlots, type BusyInterval, isOffered } from './slots';

/** Days with open times offered to pick from (the widget shows a week; moving one, two). */
const OFFERED_DAYS = 14;
/** How many inspections the Calendar tab lists at most. */
const AGENDA_LIMIT = 500;
/** The feed carries inspections from this long ago on, so a calendar keeps the recent past. */
const FEED_PAST_MS = 30 * 24 * 3_600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const PROD_ID = { company: 'Rafter', product: 'Roof inspections', language: 'EN' } as const;

/**
 * A booking as an iCalendar event: one UID for its whole life and its version as SEQUENCE, so a
 * calendar updates (or, cancelled, removes) the event it already has instead of adding another.
 */
function inspectionEvent(booking: BookingRow) {
  return {
    id: `${booking.id}@rafter`,
    start: booking.startsAt,
    end: booking.endsAt,
    sequence: booking.version,
    status: booking.status === 'booked' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    location: booking.lead.address,
  };
}

/** The contractor's availability as saved, or the defaults in the profile's time zone. */
export function availabilityOf(
  owner: Pick<CalendarOwner, 'availability' | 'profileTimeZone'>,
): Availability {
  const saved = availabilitySchema.safeParse(owner.availability);
  if (saved.success) return saved.data;
  const timeZone =
    owner.profileTimeZone && isTimeZone(owner.profileTimeZone)
      ? owner.profileTimeZone
      : DEFAULT_AVAILABILITY.timeZone;
  return { ...DEFAULT_AVAILABILITY, timeZone };
}

/** The contractor's display name, as the homeowner sees it. */
export function contractorName(owner: Pick<CalendarOwner, 'businessName'>): string {
  return owner.businessName?.trim() || 'Your roofing contractor';
}

/**
 * Roof inspections (docs/calendar.md): the contractor's availability and the slots it offers,
 * homeowners booking one (a book token from their quote request) and moving or cancelling it
 * (a manage link that works once), the Calendar tab's agenda, and the iCalendar feed.
 */
@Injectable()
export class CalendarService {
  private readonly logger = new Logger(CalendarService.name);
  private readonly tokens: BookingTokens;

  constructor(
    private readonly repository: CalendarRepository,
    private readonly plans: PlanAccessService,
    private readonly google: GoogleCalendarService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tokens = new BookingTokens(config.AUTH_SECRET);
  }

  /** The manage page's address for a booking at its current version (booking-page.ts). */
  manageUrl(booking: Pick<BookingRow, 'id' | 'version'>): string {
    const url = new URL(BOOKING_PAGE_PATH, this.config.PUBLIC_URL);
    url.searchParams.set(
      'token',
      this.tokens.manage({ bookingId: booking.id, version: booking.version }),
    );
    return url.href;
  }

  // --- The contractor ----------------------------------------------------------------------

  async availability(userId: string): Promise<Availability> {
    await this.plans.assertFeature(userId, 'calendar');
    return this.availabilityOf(await this.requireOwner(userId));
  }

  async saveAvailability(userId: string, input: Availability): Promise<Availability> {
    await this.plans.assertFeature(userId, 'calendar');
    const availability = availabilitySchema.parse(input);
    const daysOff = [...availability.daysOff].sort();
    const saved = { ...availability, daysOff };
    await this.repository.saveAvailability(userId, saved);
    return saved;
  }

  async freeSlots(userId: string, now = new Date()): Promise<{ timeZone: string; slots: Slot[] }> {
    await this.plans.assertFeature(userId, 'calendar');
    const owner = await this.requireOwner(userId);
    const availability = this.availabilityOf(owner);
    return { timeZone: availability.timeZone, slots: await this.slotsOf(owner, availability, now) };
  }

  async agenda(userId: string, now = new Date()): Promise<{ bookings: ContractorBooking[] }> {
    await this.plans.assertFeature(userId, 'calendar');
    const rows = await this.repository.upcoming(userId, now, AGENDA_LIMIT);
    return { bookings: rows.map(toContractorBooking) };
  }

  /** A booking as stored, with its lead: what a job reads when it runs (texts, reminders). */
  booking(bookingId: string): Promise<BookingRow | null> {
    return UUID.test(bookingId) ? this.repository.booking(bookingId) : Promise.resolve(null);
  }

  /** One of the contractor's inspections, in their time zone (the booking.created webhook). */
  async bookingOf(
    ownerId: string,
    bookingId: string,
  ): Promise<{ booking: ContractorBooking; timeZone: string } | null> {
    const row = UUID.test(bookingId) ? await this.repository.booking(bookingId) : null;
    if (!row || row.ownerId !== ownerId) return null;
    const owner = await this.repository.owner(ownerId);
    if (!owner) return null;
    return { booking: toContractorBooking(row), timeZone: this.availabilityOf(owner).timeZone };
  }

  async cancelByContractor(userId: string, bookingId: string): Promise<ContractorBooking> {
    const booking = await this.contractorBooking(userId, bookingId);
    const changed = await this.repository.change(booking.id, booking.version, null, 'contractor');
    if (typeof changed === 'string') throw new CalendarException('booking_changed');
    return toContractorBooking(changed);
  }

  /**
   * Cancels the lead's booked inspection when its contractor marks it as spam: a stranger's quote
   * request must not keep a slot that real homeowners could book (docs/security.md). E-mailed
   * and removed from Google Calendar as a cancellation by the contractor is: the address already
   * had the booking's e-mail, and a homeowner flagged by mistake learns it (marking the lead as
   * not spam does not bring the booking back; it lets the homeowner book again). Returns what it
   * did.
   */
  async cancelForSpam(ownerId: string, leadId: string): Promise<'cancelled' | 'no-booking'> {
    // A change that lands first moves the booking's version: a cancellation leaves nothing
    // booked; a reschedule (the homeowner moving the time meanwhile) is read again and cancelled.
    for (let attempt = 0; attempt < 5; attempt++) {
      const booking = await this.repository.activeBookingOf(leadId);
      if (!booking || booking.ownerId !== ownerId) return 'no-booking';
      const changed = await this.repository.change(booking.id, booking.version, null, 'spam');
      if (typeof changed !== 'string') return 'cancelled';
    }
    throw new Error(`The booking of lead ${leadId} kept changing while it was being cancelled`);
  }

  async rescheduleByContractor(
    userId: string,
    bookingId: string,
    startsAt: Date,
    now = new Date(),
  ): Promise<ContractorBooking> {
    const booking = await this.contractorBooking(userId, bookingId);
    const owner = await this.requireOwner(userId);
    const times = await this.timesFor(owner, startsAt, now, booking.id);
    const changed = await this.repository.change(booking.id, booking.version, times, 'contractor');
    if (changed === 'stale') throw new CalendarException('booking_changed');
    if (typeof changed === 'string') throw new CalendarException('slot_taken');
    return toContractorBooking(changed);
  }

  /** The feed's URL, creating its secret on first use. */
  async feedUrl(userId: string): Promise<{ url: string }> {
    await this.plans.assertFeature(userId, 'calendar');
    const owner = await this.requireOwner(userId);
    if (owner.feedToken) return { url: this.feedUrlOf(owner.feedToken) };
    return this.rotateFeed(userId);
  }

  /** A new secret: the old URL stops working at once. */
  async rotateFeed(userId: string): Promise<{ url: string }> {
    await this.plans.assertFeature(userId, 'calendar');
    const owner = await this.requireOwner(userId);
    const token = `cal_${randomBytes(24).toString('base64url')}`;
    await this.repository.setFeedToken(userId, token, this.availabilityOf(owner));
    return { url: this.feedUrlOf(token) };
  }

  /** The iCalendar feed of a feed token, or null when no contractor has it. */
  async feed(token: string, now = new Date()): Promise<string | null> {
    if (!/^cal_[A-Za-z0-9_-]{32}$/.test(token)) return null;
    const ownerId = await this.repository.ownerIdByFeedToken(token);
    if (!ownerId) return null;
    const owner = await this.requireOwner(ownerId);
    const rows = await this.repository.upcoming(
      ownerId,
      new Date(now.getTime() - FEED_PAST_MS),
      AGENDA_LIMIT,
    );
    const calendar = ical({
      name: `${contractorName(owner)}: roof inspections`,
      prodId: PROD_ID,
      timezone: this.availabilityOf(owner).timeZone,
      ttl: 15 * 60,
    });
    for (const booking of rows) {
      calendar.createEvent({ ...inspectionEvent(booking), ...this.contractorEvent(booking) });
    }
    return calendar.toString();
  }

  /** An inspection as the contractor's own calendar shows it (the feed, Google Calendar). */
  private contractorEvent(booking: BookingRow): { summary: string; description: string } {
    const leadsUrl = new URL(`${APP_ROUTES.dashboard}?tab=leads`, this.config.PUBLIC_URL).href;
    return {
      summary: `Roof inspection: ${booking.lead.firstName} ${booking.lead.lastName}`.trim(),
      description: [
        `Phone: ${booking.lead.phone}`,
        `E-mail: ${booking.lead.email}`,
        `Lead: ${leadsUrl}`,
      ].join('\n'),
    };
  }

  /**
   * Writes a booking as it is now to the contractor's Google Calendar, if connected (the job of
   * booking.created and booking.changed). Read again after writing: a change that landed
   * meanwhile is written too, so the calendar never keeps an older time.
   */
  async syncToGoogle(bookingId: string): Promise<string> {
    let outcome = 'booking-not-found';
    for (let attempt = 0; attempt < 3; attempt++) {
      const booking = await this.repository.booking(bookingId);
      if (!booking) return outcome;
      const owner = await this.repository.owner(booking.ownerId);
      if (!owner) return 'owner-not-found';
      outcome = await this.google.write(booking, owner, {
        ...this.contractorEvent(booking),
        timeZone: this.availabilityOf(owner).timeZone,
      });
      if (outcome === 'not_connected' || outcome === 'revoked') return outcome;
      const now = await this.repository.booking(bookingId);
      if (!now || now.version === booking.version) return outcome;
    }
    return outcome;
  }

  /** Removes the Google Calendar events of bookings deleted with their lead (lead.deleted). */
  async removeDeletedFromGoogle(ownerId: string, bookingIds: readonly string[]): Promise<string> {
    const owner = await this.repository.owner(ownerId);
    if (!owner) return 'owner-not-found';
    return this.google.removeDeleted(owner, bookingIds);
  }

  /** The homeowner's invite for a booking (`.ics` attached to its e-mails). */
  invite(owner: CalendarOwner, booking: BookingRow): string {
    const calendar = ical({
      prodId: PROD_ID,
      method: booking.status === 'booked' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
    });
    calendar.createEvent({
      ...inspectionEvent(booking),
      summary: `Roof inspection with ${contractorName(owner)}`,
      description: `Reschedule or cancel: ${this.manageUrl(booking)}`,
      organizer: { name: contractorName(owner), email: owner.email },
    });
    return calendar.toString();
  }

  // --- The homeowner -----------------------------------------------------------------------

  /** The slots for a book token's lead, and its inspection if it has one. */
  async offer(token: string, now = new Date()): Promise<BookingOffer> {
    // The token names the contractor and the lead: every read goes out at once.
    const subject = this.tokens.verifyBook(token);
    const [{ owner }, existing, booked] = await Promise.all([
      this.bookable(token, now),
      subject ? this.repository.activeBookingOf(subject.leadId) : null,
      subject ? this.repository.booked(subject.ownerId, now) : [],
    ]);
    const availability = this.availabilityOf(owner);
    const busy = existing ? [] : await this.google.busy(owner, availability, now);
    return {
      contractorName: contractorName(owner),
      timeZone: availability.timeZone,
      inspectionMinutes: availability.inspectionMinutes,
      slots: existing ? [] : this.slotsFrom(availability, now, booked, busy, OFFERED_DAYS),
      booking: existing ? this.homeownerBooking(owner, existing) : null,
    };
  }

  async book(token: string, startsAt: Date, now = new Date()): Promise<HomeownerBooking> {
    const { owner, lead } = await this.bookable(token, now);
    if (await this.repository.activeBookingOf(lead.id)) {
      throw new CalendarException('already_booked');
    }
    const times = await this.timesFor(owner, startsAt, now);
    const booking = await this.repository.create(owner.id, lead.id, times);
    if (booking === 'already_booked') throw new CalendarException('already_booked');
    if (booking === 'hidden') throw new CalendarException('not_offered');
    if (typeof booking === 'string') throw new CalendarException('slot_taken');
    this.logger.log(
      { ownerId: owner.id, leadId: lead.id, bookingId: booking.id },
      'Inspection booked',
    );
    return this.homeownerBooking(owner, booking);
  }

  /** The booking a manage link names, with the slots it may move to. */
  async manage(
    token: string,
    now = new Date(),
  ): Promise<{ booking: HomeownerBooking; offer: BookingOffer }> {
    const { owner, booking } = await this.managed(token);
    const availability = this.availabilityOf(owner);
    const slots = await this.slotsOf(owner, availability, now, booking.id);
    return {
      booking: this.homeownerBooking(owner, booking),
      offer: {
        contractorName: contractorName(owner),
        timeZone: availability.timeZone,
        inspectionMinutes: availability.inspectionMinutes,
        slots,
        booking: this.homeownerBooking(owner, booking),
      },
    };
  }

  async cancelByHomeowner(token: string): Promise<HomeownerBooking> {
    const { owner, booking } = await this.managed(token);
    const changed = await this.repository.change(booking.id, booking.version, null, 'homeowner');
    if (typeof changed === 'string') throw new CalendarException('link_invalid');
    return this.homeownerBooking(owner, changed);
  }

  async rescheduleByHomeowner(
    token: string,
    startsAt: Date,
    now = new Date(),
  ): Promise<HomeownerBooking> {
    const { owner, booking } = await this.managed(token);
    const times = await this.timesFor(owner, startsAt, now, booking.id);
    const changed = await this.repository.change(booking.id, booking.version, times, 'homeowner');
    if (changed === 'stale') throw new CalendarException('link_invalid');
    if (typeof changed === 'string') throw new CalendarException('slot_taken');
    return this.homeownerBooking(owner, changed);
  }

  // --- Shared ------------------------------------------------------------------------------

  availabilityOf(owner: CalendarOwner): Availability {
    return availabilityOf(owner);
  }

  async ownerOf(ownerId: string): Promise<CalendarOwner | null> {
    return this.repository.owner(ownerId);
  }

  homeownerBooking(owner: CalendarOwner, booking: BookingRow): HomeownerBooking {
    return {
      id: booking.id,
      startsAt: booking.startsAt.toISOString(),
      endsAt: booking.endsAt.toISOString(),
      status: booking.status,
      contractorName: contractorName(owner),
      timeZone: this.availabilityOf(owner).timeZone,
      address: booking.lead.address,
      manageToken: this.tokens.manage({ bookingId: booking.id, version: booking.version }),
    };
  }

  private feedUrlOf(token: string): string {
    return new URL(calendarFeedPath(token), this.config.PUBLIC_URL).href;
  }

  private async requireOwner(userId: string): Promise<CalendarOwner> {
    const owner = await this.repository.owner(userId);
    if (!owner) throw new CalendarException('not_found');
    return owner;
  }

  /** The open times: the first OFFERED_DAYS days that have any, or (`all`) every one. */
  private async slotsOf(
    owner: CalendarOwner,
    availability: Availability,
    now: Date,
    exceptBookingId?: string,
    all = false,
  ): Promise<Slot[]> {
    const [rows, busy] = await Promise.all([
      this.repository.booked(owner.id, now),
      this.google.busy(owner, availability, now),
    ]);
    const booked = rows.filter((booking) => booking.id !== exceptBookingId);
    return this.slotsFrom(availability, now, booked, busy, all ? undefined : OFFERED_DAYS);
  }

  /** The open times around Rafter's booked inspections and the Google Calendar's busy times. */
  private slotsFrom(
    availability: Availability,
    now: Date,
    booked: { startsAt: Date; blockedUntil: Date }[],
    busy: readonly BusyInterval[],
    maxDays?: number,
  ): Slot[] {
    const bufferMs = availability.bufferMinutes * 60_000;
    return availableSlots({
      availability,
      now,
      busy: [
        ...booked.map((booking) => ({ start: booking.startsAt, end: booking.blockedUntil })),
        // Travel from another appointment takes the same buffer as from an inspection.
        ...busy.map(({ start, end }) => ({ start, end: new Date(end.getTime() + bufferMs) })),
      ],
      booked,
      ...(maxDays === undefined ? {} : { maxDays }),
    });
  }

  /** The times of an inspection at `startsAt`, if it is one of the slots offered now. */
  private async timesFor(
    owner: CalendarOwner,
    startsAt: Date,
    now: Date,
    exceptBookingId?: string,
  ): Promise<BookingTimes> {
    if (Number.isNaN(startsAt.getTime())) throw new CalendarException('slot_unavailable');
    const availability = this.availabilityOf(owner);
    const slot = isOffered(
      await this.slotsOf(owner, availability, now, exceptBookingId, true),
      startsAt,
    );
    if (!slot) throw new CalendarException('slot_unavailable');
    const endsAt = new Date(slot.endsAt);
    return {
      startsAt,
      endsAt,
      blockedUntil: new Date(endsAt.getTime() + availability.bufferMinutes * 60_000),
    };
  }

  /** The contractor and lead of a book token, if that lead may book (a paid plan, visible). */
  private async bookable(token: string, now: Date) {
    const subject = this.tokens.verifyBook(token);
    if (!subject) throw new CalendarException('link_invalid');
    const [owner, lead, state] = await Promise.all([
      this.repository.owner(subject.ownerId),
      this.repository.lead(subject.ownerId, subject.leadId),
      this.plans.state(subject.ownerId),
    ]);
    if (!owner || !lead) throw new CalendarException('link_invalid');
    // A locked lead's details are hidden from the contractor; a booking would show them.
    if (!canUseFeature(state, 'calendar', now) || lead.locked || lead.spam) {
      throw new CalendarException('not_offered');
    }
    return { owner, lead };
  }

  private async managed(token: string): Promise<{ owner: CalendarOwner; booking: BookingRow }> {
    const subject = this.tokens.verifyManage(token);
    if (!subject) throw new CalendarException('link_invalid');
    const booking = await this.repository.booking(subject.bookingId);
    if (!booking || booking.version !== subject.version || booking.status !== 'booked') {
      throw new CalendarException('link_invalid');
    }
    const owner = await this.requireOwner(booking.ownerId);
    return { owner, booking };
  }

  private async contractorBooking(userId: string, bookingId: string): Promise<BookingRow> {
    await this.plans.assertFeature(userId, 'calendar');
    const booking = UUID.test(bookingId) ? await this.repository.booking(bookingId) : null;
    if (!booking || booking.ownerId !== userId) throw new CalendarException('booking_not_found');
    if (booking.status !== 'booked') throw new CalendarException('booking_changed');
    return booking;
  }
}

export function toContractorBooking(row: BookingRow): ContractorBooking {
  return {
    id: row.id,
    leadId: row.leadId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status,
    name: `${row.lead.firstName} ${row.lead.lastName}`.trim(),
    address: row.lead.address,
    phone: row.lead.phone,
    email: row.lead.email,
    leadStatus: row.lead.status,
  };
}
