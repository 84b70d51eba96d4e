import { Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { type EventContext, OnEvent } from '../../../core/events/on-event.decorator';
import { NotificationsService } from '../notifications.service';

/** Handles `lead.captured`: the contractor's new-lead e-mail. */
@Injectable()
export class NotifyNewLeadJob {
  constructor(private readonly notifications: NotificationsService) {}

  @OnEvent('lead.captured')
  async run(
    { leadId }: EventPayload<'lead.captured'>,
    { id }: EventContext,
  ): Promise<{ outcome: string }> {
    return { outcome: await this.notifications.notifyNewLead(leadId, id) };
  }
}
