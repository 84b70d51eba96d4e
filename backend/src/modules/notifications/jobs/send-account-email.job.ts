import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import {
  type AccountEmailRequestedEvent,
  CONFIRMATION_REQUESTED,
  PASSWORD_RESET_REQUESTED,
} from '../../auth/events/account-email-requested.event';
import { AccountEmailsService } from '../account-emails.service';

const accountEmailRequestedSchema: z.ZodType<AccountEmailRequestedEvent> = z.object({
  userId: z.uuid(),
});

type Topic = typeof CONFIRMATION_REQUESTED | typeof PASSWORD_RESET_REQUESTED;

/** Handles the account e-mail topics: e-mail confirmation and password reset links. */
@Injectable()
export class SendAccountEmailJob {
  constructor(private readonly accountEmails: AccountEmailsService) {}

  async run(topic: Topic, data: unknown): Promise<{ outcome: string }> {
    const payload = accountEmailRequestedSchema.safeParse(data);
    // A malformed event stays malformed: fail it for good rather than retrying.
    if (!payload.success) throw new UnrecoverableError(`Invalid ${topic} payload`);
    const { userId } = payload.data;
    const outcome =
      topic === CONFIRMATION_REQUESTED
        ? await this.accountEmails.sendConfirmation(userId)
        : await this.accountEmails.sendPasswordReset(userId);
    return { outcome };
  }
}
