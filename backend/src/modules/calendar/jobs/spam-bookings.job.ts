import { Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { OnEvent } from '../../../core/events/on-event.decorator';
import { CalendarService } from '../calendar.service';

/**
 * Handles `lead.spam-flagged`: the lead's booked inspection is cancelled, so a stranger's quote
 * request does not keep a slot from real homeowners (docs/security.md, "Abuse").
 */
@Injectable()
export class SpamBookingsJob {
  constructor(private readonly calendar: CalendarService) {}

  @OnEvent('lead.spam-flagged')
  async spamFlagged({
    leadId,
    ownerId,
  }: EventPayload<'lead.spam-flagged'>): Promise<{ outcome: string }> {
    return { outcome: await this.calendar.cancelForSpam(ownerId, leadId) };
  }
}
