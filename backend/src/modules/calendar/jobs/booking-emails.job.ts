import { Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { OnEvent } from '../../../core/events/on-event.decorator';
import { BookingEmailsService } from '../booking-emails.service';

/**
 * Handles `booking.created` and `booking.changed` (the homeowner's and the contractor's e-mails)
 * and `booking.reminder-due` (the homeowner's reminder 24 h and 2 h before).
 */
@Injectable()
export class BookingEmailsJob {
  constructor(private readonly emails: BookingEmailsService) {}

  @OnEvent('booking.created')
  async created(payload: EventPayload<'booking.created'>): Promise<{ outcome: string }> {
    return { outcome: await this.emails.created(payload) };
  }

  @OnEvent('booking.reminder-due')
  async reminder(payload: EventPayload<'booking.reminder-due'>): Promise<{ outcome: string }> {
    return { outcome: await this.emails.reminder(payload) };
  }

  @OnEvent('booking.changed')
  async changed(payload: EventPayload<'booking.changed'>): Promise<{ outcome: string }> {
    return { outcome: await this.emails.changed(payload) };
  }
}
