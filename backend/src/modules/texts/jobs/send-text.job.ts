import { Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { type EventContext, OnEvent } from '../../../core/events/on-event.decorator';
import { TextsService } from '../texts.service';

/** Handles `text.queued`: sends the stored text through Twilio, once. */
@Injectable()
export class SendTextJob {
  constructor(private readonly texts: TextsService) {}

  @OnEvent('text.queued')
  async run(
    { textId }: EventPayload<'text.queued'>,
    { id }: EventContext,
  ): Promise<{ outcome: string }> {
    return { outcome: await this.texts.deliver(textId, id) };
  }
}
