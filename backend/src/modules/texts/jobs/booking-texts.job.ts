import { Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { OnEvent } from '../../../core/events/on-event.decorator';
import { BookingTextsService } from '../booking-texts.service';

/**
 * Handles a booked inspection with texts: `booking.created` (the contractor's text, with
 * speed-to-lead texts on) and `booking.reminder-due` (the homeowner's reminder, with consent;
 * `text.booking-reminder-due` when it was held for the night). Each is queued once (its key).
 */
@Injectable()
export class BookingTextsJob {
  constructor(private readonly texts: BookingTextsService) {}

  @OnEvent('booking.created')
  async textContractor(payload: EventPayload<'booking.created'>): Promise<{ outcome: string }> {
    return { outcome: await this.texts.notifyContractor(payload) };
  }

  @OnEvent('booking.reminder-due')
  async remindHomeowner(
    payload: EventPayload<'booking.reminder-due'>,
  ): Promise<{ outcome: string }> {
    return { outcome: await this.texts.remindHomeowner(payload) };
  }

  /** The reminder held for quiet hours, asked for again in the homeowner's morning. */
  @OnEvent('text.booking-reminder-due')
  async reminderDue(
    payload: EventPayload<'text.booking-reminder-due'>,
  ): Promise<{ outcome: string }> {
    return { outcome: await this.texts.remindHomeowner(payload) };
  }
}
