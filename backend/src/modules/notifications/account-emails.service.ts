import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { MailerService } from '../../core/mailer/mailer.service';
import { EmailLinksService } from '../auth/email-links.service';
import { NotificationsRepository } from './notifications.repository';
import { confirmEmailMail, resetPasswordMail } from './templates/account-emails.template';

export type AccountEmailOutcome = 'sent' | 'user-not-found' | 'already-confirmed';

/**
 * The account e-mails with one-time links (auth's EmailLinksService makes each link right
 * before sending; a retry after a failed delivery simply makes a new one).
 */
@Injectable()
export class AccountEmailsService {
  private readonly logger = new Logger(AccountEmailsService.name);

  constructor(
    private readonly repository: NotificationsRepository,
    private readonly links: EmailLinksService,
    private readonly mailer: MailerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sendConfirmation(userId: string, now = new Date()): Promise<AccountEmailOutcome> {
    const user = await this.repository.findUserForAccountEmail(userId);
    if (!user) return 'user-not-found';
    if (user.emailVerifiedAt) return 'already-confirmed';
    const token = await this.links.confirmation(userId, now);
    if (!token) return 'already-confirmed';
    await this.mailer.send(confirmEmailMail({ publicUrl: this.config.PUBLIC_URL, user, token }));
    this.logger.log({ userId }, 'Confirmation e-mail sent');
    return 'sent';
  }

  async sendPasswordReset(userId: string, now = new Date()): Promise<AccountEmailOutcome> {
    const user = await this.repository.findUserForAccountEmail(userId);
    if (!user) return 'user-not-found';
    const token = await this.links.passwordReset(userId, now);
    await this.mailer.send(resetPasswordMail({ publicUrl: this.config.PUBLIC_URL, user, token }));
    this.logger.log({ userId }, 'Password reset e-mail sent');
    return 'sent';
  }
}
