import { Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { type EventContext, OnEvent } from '../../../core/events/on-event.decorator';
import { EstimateEmailService } from '../estimate-email.service';

/** Handles `lead.captured`: the homeowner's instant estimate e-mail. */
@Injectable()
export class SendEstimateEmailJob {
  constructor(private readonly estimateEmail: EstimateEmailService) {}

  @OnEvent('lead.captured')
  async run(
    { leadId, ownerId }: EventPayload<'lead.captured'>,
    { id }: EventContext,
  ): Promise<{ outcome: string }> {
    return { outcome: await this.estimateEmail.send(ownerId, leadId, id) };
  }
}
