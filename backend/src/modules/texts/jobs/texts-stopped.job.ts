import { Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { OnEvent } from '../../../core/events/on-event.decorator';
import { LeadsService } from '../../leads/leads.service';

/**
 * Handles `lead.texts-stopped`: the contractor's open dashboards refresh the lead, whose timeline
 * now says the homeowner replied STOP. (Follow-up sequences stop on the same event.)
 */
@Injectable()
export class TextsStoppedJob {
  constructor(private readonly leads: LeadsService) {}

  @OnEvent('lead.texts-stopped')
  async run({ leadId, ownerId }: EventPayload<'lead.texts-stopped'>): Promise<{ outcome: string }> {
    await this.leads.publishUpdated(ownerId, [leadId]);
    return { outcome: 'published' };
  }
}
