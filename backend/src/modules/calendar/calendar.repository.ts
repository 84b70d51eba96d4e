import { Injectable } from '@nestjs/common';
import { type BookingStatus, REMINDER_HOURS } from '@rafter/domain/calendar';
import { type EventPayload } from '@rafter/domain/events';
import { type LeadStatus } from '@rafter/domain/lead';
import { lockUntilCommit } from '../../core/database/advisory-locks';
import { OutboxService } from '../../core/outbox/outbox.service';
import { PrismaService } from '../../core/database/prisma.service';
import { Prisma } from '../../generated/prisma/client';

/** Who the homeowner books with: the contractor's name, contact and saved availability. */
export interface CalendarOwner {
  id: string;
  email: string;
  businessName: string | null;
  profileTimeZone: string | null;
  /** As saved (availabilitySchema), or null for the defaults. */
  availability: unknown;
  feedToken: string | null;
  /** The connected Google Calendar, if any (google/google-calendar.service.ts). */
  google: GoogleConnection | null;
}

/** A contractor's Google Calendar connection as stored (the refresh token still sealed). */
export interface GoogleConnection {
  accountEmail: string;
  calendarId: string;
  sealedRefreshToken: string;
  /** [{ start, end }] as ISO strings, as last read. */
  busy: unknown;
  busyFetchedAt: Date | null;
  syncError: string | null;
  syncErrorAt: Date | null;
  connectedAt: Date;
}

const GOOGLE_SELECT = {
  accountEmail: true,
  calendarId: true,
  refreshToken: true,
  busy: true,
  busyFetchedAt: true,
  syncError: true,
  syncErrorAt: true,
  connectedAt: true,
} as const;

export interface BookingLead {
  id: string;
  ownerId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  status: LeadStatus;
  locked: boolean;
  spam: boolean;
}

export interface BookingRow {
  id: string;
  ownerId: string;
  leadId: string;
  startsAt: Date;
  endsAt: Date;
  blockedUntil: Date;
  status: BookingStatus;
  version: number;
  createdAt: Date;
  lead: BookingLead;
}

export interface BookingTimes {
  startsAt: Date;
  endsAt: Date;
  blockedUntil: Date;
}

/** Why a booking could not be stored or changed. */
/** `hidden`: the lead was flagged as spam or locked before the booking could commit. */
export type BookingConflict = 'slot_taken' | 'already_booked' | 'stale' | 'hidden';

const LEAD_SELECT = {
  id: true,
  ownerId: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  address: true,
  status: true,
  locked: true,
  spamAt: true,
} as const;

const BOOKING_SELECT = {
  id: true,
  ownerId: true,
  leadId: true,
  startsAt: true,
  endsAt: true,
  blockedUntil: true,
  status: true,
  version: true,
  createdAt: true,
  lead: { select: LEAD_SELECT },
} as const;

type SelectedBooking = Prisma.BookingGetPayload<{ select: typeof BOOKING_SELECT }>;

function toBookingRow({ lead, ...booking }: SelectedBooking): BookingRow {
  const { spamAt, ...rest } = lead;
  return { ...booking, lead: { ...rest, spam: spamAt !== null } };
}

/** PostgreSQL's answer when the exclusion constraint or the one-per-lead index refused a row. */
function conflictOf(error: unknown): BookingConflict | null {
  const text = error instanceof Error ? error.message : String(error);
  if (text.includes('bookings_no_overlap') || text.includes('23P01')) return 'slot_taken';
  if (text.includes('bookings_one_per_lead_idx')) return 'already_booked';
  return null;
}

/** How a booking appears in the lead's timeline (its `detail`): the start, ISO. */
const detailOf = (startsAt: Date) => startsAt.toISOString();

/**
 * Inspections and availability (docs/calendar.md). A booking and what it does to its lead (the
 * timeline entry, New → Contacted with its own entry and event, the outbox event that sends the
 * e-mails) commit together; PostgreSQL refuses overlapping inspections.
 *
 * Bookings and moves in one contractor's calendar take turns (an advisory lock on the
 * contractor). The exclusion constraint alone refuses an overlap, but two inserts that race each
 * add their index entry, then each waits for the other's transaction: PostgreSQL breaks such a
 * deadlock only after `deadlock_timeout` (1 s), one pair at a time. Twenty homeowners tapping the
 * same time got errors, and on a busy host the last one standing ran out of its transaction's
 * time, so no one got the time. In turn, each insert after the first meets a committed row and
 * is refused at once.
 */
@Injectable()
export class CalendarRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxService,
  ) {}

  async owner(userId: string): Promise<CalendarOwner | null> {
    const user = await this.prisma.user.findUnique({
      where: { id: userId },
      select: {
        id: true,
        email: true,
        businessProfile: { select: { businessName: true, timezone: true } },
        calendarSettings: { select: { availability: true, feedToken: true } },
        googleCalendar: { select: GOOGLE_SELECT },
      },
    });
    if (!user) return null;
    const google = user.googleCalendar;
    return {
      id: user.id,
      email: user.email,
      businessName: user.businessProfile?.businessName ?? null,
      profileTimeZone: user.businessProfile?.timezone ?? null,
      availability: user.calendarSettings?.availability ?? null,
      feedToken: user.calendarSettings?.feedToken ?? null,
      google: google
        ? {
            accountEmail: google.accountEmail,
            calendarId: google.calendarId,
            sealedRefreshToken: google.refreshToken,
            busy: google.busy,
            busyFetchedAt: google.busyFetchedAt,
            syncError: google.syncError,
            syncErrorAt: google.syncErrorAt,
            connectedAt: google.connectedAt,
          }
        : null,
    };
  }

  // --- Google Calendar ---------------------------------------------------------------------

  /** Connects (or reconnects, to another account) the contractor's Google Calendar. */
  async connectGoogle(userId: string, accountEmail: string, sealedRefreshToken: string) {
    const fresh = {
      accountEmail,
      calendarId: 'primary',
      refreshToken: sealedRefreshToken,
      busy: [],
      busyFetchedAt: null,
      syncError: null,
      syncErrorAt: null,
      connectedAt: new Date(),
    };
    await this.prisma.googleCalendarConnection.upsert({
      where: { userId },
      create: { userId, ...fresh },
      update: fresh,
    });
  }

  /** Removes the connection; answers the sealed refresh token it had, to revoke. */
  async disconnectGoogle(userId: string): Promise<string | null> {
    const removed = await this.prisma.googleCalendarConnection
      .delete({ where: { userId }, select: { refreshToken: true } })
      .catch(() => null);
    return removed?.refreshToken ?? null;
  }

  /** Busy times just read: kept, and any earlier failure cleared. */
  async saveGoogleBusy(userId: string, busy: { start: string; end: string }[], at: Date) {
    await this.prisma.googleCalendarConnection.updateMany({
      where: { userId },
      data: { busy, busyFetchedAt: at, syncError: null, syncErrorAt: null },
    });
  }

  /** A read or write failed: shown in the Calendar tab until one succeeds. */
  async saveGoogleError(userId: string, message: string, at: Date) {
    await this.prisma.googleCalendarConnection.updateMany({
      where: { userId },
      data: { syncError: message, syncErrorAt: at },
    });
  }

  /** A write succeeded: an earlier failure is no longer news. */
  async clearGoogleError(userId: string) {
    await this.prisma.googleCalendarConnection.updateMany({
      where: { userId, syncError: { not: null } },
      data: { syncError: null, syncErrorAt: null },
    });
  }

  async saveAvailability(userId: string, availability: Prisma.InputJsonObject): Promise<void> {
    await this.prisma.calendarSettings.upsert({
      where: { userId },
      create: { userId, availability },
      update: { availability },
    });
  }

  /** Sets the feed's secret (a new one replaces the old); the availability row is kept. */
  async setFeedToken(userId: string, feedToken: string, availability: Prisma.InputJsonObject) {
    await this.prisma.calendarSettings.upsert({
      where: { userId },
      create: { userId, availability, feedToken },
      update: { feedToken },
    });
  }

  async ownerIdByFeedToken(feedToken: string): Promise<string | null> {
    const row = await this.prisma.calendarSettings.findUnique({
      where: { feedToken },
      select: { userId: true },
    });
    return row?.userId ?? null;
  }

  /** The contractor's booked inspections that end after `from` (their busy times). */
  booked(
    ownerId: string,
    from: Date,
  ): Promise<{ startsAt: Date; blockedUntil: Date; id: string }[]> {
    return this.prisma.booking.findMany({
      where: { ownerId, status: 'booked', blockedUntil: { gt: from } },
      select: { id: true, startsAt: true, blockedUntil: true },
      orderBy: { startsAt: 'asc' },
    });
  }

  async lead(ownerId: string, leadId: string): Promise<BookingLead | null> {
    const lead = await this.prisma.lead.findFirst({
      where: { id: leadId, ownerId },
      select: LEAD_SELECT,
    });
    if (!lead) return null;
    const { spamAt, ...rest } = lead;
    return { ...rest, spam: spamAt !== null };
  }

  async activeBookingOf(leadId: string): Promise<BookingRow | null> {
    const row = await this.prisma.booking.findFirst({
      where: { leadId, status: 'booked' },
      select: BOOKING_SELECT,
    });
    return row ? toBookingRow(row) : null;
  }

  async booking(id: string): Promise<BookingRow | null> {
    const row = await this.prisma.booking.findUnique({ where: { id }, select: BOOKING_SELECT });
    return row ? toBookingRow(row) : null;
  }

  /** The contractor's inspections starting from `from`, soonest first (booked and cancelled). */
  async upcoming(ownerId: string, from: Date, limit: number): Promise<BookingRow[]> {
    const rows = await this.prisma.booking.findMany({
      where: { ownerId, endsAt: { gt: from } },
      select: BOOKING_SELECT,
      orderBy: [{ startsAt: 'asc' }, { createdAt: 'asc' }],
      take: limit,
    });
    return rows.map(toBookingRow);
  }

  /**
   * Stores the homeowner's booking with its timeline entry; a New lead becomes Contacted (with
   * its status entry and `lead.status-changed`), and `booking.created` sends the e-mails.
   */
  async create(
    ownerId: string,
    leadId: string,
    times: BookingTimes,
  ): Promise<BookingRow | BookingConflict> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        await lockUntilCommit(tx, 'ownerBookings', ownerId);
        // The lead as it is now, locked: a spam flag that committed since the homeowner's
        // checks is seen here, and one still to come waits for this booking, then cancels it.
        const [current] = await tx.$queryRaw<{ status: LeadStatus; hidden: boolean }[]>`
          SELECT status, (locked OR spam_at IS NOT NULL) AS hidden
          FROM leads WHERE id = ${leadId}::uuid FOR UPDATE`;
        if (!current || current.hidden) return 'hidden' as const;
        const booking = await tx.booking.create({
          data: { ownerId, leadId, ...times },
          select: BOOKING_SELECT,
        });
        await tx.leadEvent.create({
          data: { leadId, ownerId, type: 'inspection_booked', detail: detailOf(times.startsAt) },
        });
        if (current.status === 'new') {
          await tx.lead.update({ where: { id: leadId }, data: { status: 'contacted' } });
          const event = await tx.leadEvent.create({
            data: {
              leadId,
              ownerId,
              type: 'status_changed',
              fromStatus: 'new',
              toStatus: 'contacted',
            },
            select: { id: true },
          });
          await this.outbox.add(tx, 'lead.status-changed', { leadId, ownerId, eventId: event.id });
          booking.lead.status = 'contacted';
        }
        await this.outbox.add(tx, 'booking.created', { bookingId: booking.id, ownerId, leadId });
        await this.addReminders(tx, booking.id, 0, times.startsAt);
        return toBookingRow(booking);
      });
    } catch (error) {
      const conflict = conflictOf(error);
      if (conflict) return conflict;
      throw error;
    }
  }

  /** The inspection's reminders, each due its hours before the start, if that is still ahead. */
  private async addReminders(
    tx: Prisma.TransactionClient,
    bookingId: string,
    version: number,
    startsAt: Date,
  ): Promise<void> {
    for (const hoursBefore of REMINDER_HOURS) {
      const availableAt = new Date(startsAt.getTime() - hoursBefore * 3_600_000);
      if (availableAt.getTime() <= Date.now()) continue;
      await this.outbox.add(
        tx,
        'booking.reminder-due',
        { bookingId, version, hoursBefore },
        { availableAt },
      );
    }
  }

  /**
   * Moves (`times`) or cancels (null) a booked inspection if it is still at `version`, bumping
   * the version (so the links that named the old one stop working), with its timeline entry and
   * `booking.changed`.
   */
  async change(
    id: string,
    version: number,
    times: BookingTimes | null,
    by: EventPayload<'booking.changed'>['by'],
  ): Promise<BookingRow | BookingConflict> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        if (times) {
          const moved = await tx.booking.findUnique({ where: { id }, select: { ownerId: true } });
          if (moved) await lockUntilCommit(tx, 'ownerBookings', moved.ownerId);
        }
        const { count } = await tx.booking.updateMany({
          where: { id, version, status: 'booked' },
          data: times
            ? { ...times, version: { increment: 1 } }
            : { status: 'cancelled', version: { increment: 1 } },
        });
        if (count === 0) return 'stale' as const;
        const booking = toBookingRow(
          await tx.booking.findUniqueOrThrow({ where: { id }, select: BOOKING_SELECT }),
        );
        await tx.leadEvent.create({
          data: {
            leadId: booking.leadId,
            ownerId: booking.ownerId,
            type: times ? 'inspection_rescheduled' : 'inspection_cancelled',
            detail: times
              ? detailOf(times.startsAt)
              : by === 'spam'
                ? 'with the lead marked as spam'
                : `by the ${by}`,
          },
        });
        if (times) await this.addReminders(tx, id, booking.version, times.startsAt);
        await this.outbox.add(tx, 'booking.changed', {
          bookingId: id,
          ownerId: booking.ownerId,
          leadId: booking.leadId,
          change: times ? 'rescheduled' : 'cancelled',
          by,
          version: booking.version,
        });
        return booking;
      });
    } catch (error) {
      const conflict = conflictOf(error);
      if (conflict) return conflict;
      throw error;
    }
  }
}
