import { Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { OnEvent } from '../../../core/events/on-event.decorator';
import { AccountEmailsService } from '../account-emails.service';

/** Handles the account e-mail topics: e-mail confirmation and password reset links. */
@Injectable()
export class SendAccountEmailJob {
  constructor(private readonly accountEmails: AccountEmailsService) {}

  @OnEvent('auth.confirmation-requested')
  async confirmation({
    userId,
  }: EventPayload<'auth.confirmation-requested'>): Promise<{ outcome: string }> {
    return { outcome: await this.accountEmails.sendConfirmation(userId) };
  }

  @OnEvent('auth.password-reset-requested')
  async passwordReset({
    userId,
  }: EventPayload<'auth.password-reset-requested'>): Promise<{ outcome: string }> {
    return { outcome: await this.accountEmails.sendPasswordReset(userId) };
  }
}
