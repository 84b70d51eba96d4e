import { Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { OnEvent } from '../../../core/events/on-event.decorator';
import { CalendarService } from '../calendar.service';

/**
 * Handles `booking.created`, `booking.changed` and `lead.deleted` for a contractor with Google
 * Calendar connected: the inspection is written there, moved, or removed. Google not answering throws, so
 * the outbox tries again later; a withdrawn access is recorded for the Calendar tab and not retried.
 */
@Injectable()
export class GoogleCalendarJob {
  constructor(private readonly calendar: CalendarService) {}

  @OnEvent('booking.created')
  async created(payload: EventPayload<'booking.created'>): Promise<{ outcome: string }> {
    return { outcome: await this.calendar.syncToGoogle(payload.bookingId) };
  }

  @OnEvent('booking.changed')
  async changed(payload: EventPayload<'booking.changed'>): Promise<{ outcome: string }> {
    return { outcome: await this.calendar.syncToGoogle(payload.bookingId) };
  }

  /** A lead deleted for good: its booked inspections' events leave Google Calendar too. */
  @OnEvent('lead.deleted')
  async leadDeleted({
    ownerId,
    bookingIds,
  }: EventPayload<'lead.deleted'>): Promise<{ outcome: string }> {
    if (!bookingIds?.length) return { outcome: 'no-booking' };
    return { outcome: await this.calendar.removeDeletedFromGoogle(ownerId, bookingIds) };
  }
}
