import { Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { OnEvent } from '../../../core/events/on-event.decorator';
import { TextsService } from '../texts.service';

/**
 * Handles `lead.captured` with texts: the contractor's speed-to-lead text, and the homeowner's
 * first text when they agreed to texts (`text.welcome-due` when it was held for the night).
 * Each is queued once per lead (its idempotency key).
 */
@Injectable()
export class LeadCapturedTextsJob {
  constructor(private readonly texts: TextsService) {}

  @OnEvent('lead.captured')
  async textContractor({
    leadId,
    ownerId,
  }: EventPayload<'lead.captured'>): Promise<{ outcome: string }> {
    return { outcome: await this.texts.notifyContractor(ownerId, leadId) };
  }

  @OnEvent('lead.captured')
  welcomeHomeowner(payload: EventPayload<'lead.captured'>): Promise<{ outcome: string }> {
    return this.welcome(payload);
  }

  /** The welcome text held for quiet hours, asked for again in the homeowner's morning. */
  @OnEvent('text.welcome-due')
  welcomeDue(payload: EventPayload<'text.welcome-due'>): Promise<{ outcome: string }> {
    return this.welcome(payload);
  }

  private async welcome({
    leadId,
    ownerId,
  }: {
    leadId: string;
    ownerId: string;
  }): Promise<{ outcome: string }> {
    const result = await this.texts.welcomeHomeowner(ownerId, leadId);
    return { outcome: result.sent ? 'queued' : result.reason };
  }
}
