import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CONFIRM_EMAIL_TOKEN_TTL_HOURS,
  RESET_PASSWORD_TOKEN_TTL_MINUTES,
} from '@rafter/domain/auth';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { MailerService } from '../../core/mailer/mailer.service';
import { EmailTokensRepository } from '../auth/email-tokens.repository';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import { NotificationsRepository } from './notifications.repository';
import { confirmEmailMail, resetPasswordMail } from './templates/account-emails.template';

export type AccountEmailOutcome = 'sent' | 'user-not-found' | 'already-confirmed';

/**
 * The account e-mails with one-time links. The token is made here, right before sending, and
 * only its hash is stored; a retry after a failed delivery simply makes a new one.
 */
@Injectable()
export class AccountEmailsService {
  private readonly logger = new Logger(AccountEmailsService.name);

  constructor(
    private readonly repository: NotificationsRepository,
    private readonly emailTokens: EmailTokensRepository,
    private readonly mailer: MailerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sendConfirmation(userId: string, now = new Date()): Promise<AccountEmailOutcome> {
    const user = await this.repository.findUserForAccountEmail(userId);
    if (!user) return 'user-not-found';
    if (user.emailVerifiedAt) return 'already-confirmed';
    const token = newOpaqueToken();
    await this.emailTokens.create(
      {
        userId,
        purpose: 'confirm_email',
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + CONFIRM_EMAIL_TOKEN_TTL_HOURS * 3600_000),
      },
      // Earlier links stay valid: any of them proves the address.
      { replaceUnused: false, now },
    );
    await this.mailer.send(confirmEmailMail({ publicUrl: this.config.PUBLIC_URL, user, token }));
    this.logger.log({ userId }, 'Confirmation e-mail sent');
    return 'sent';
  }

  async sendPasswordReset(userId: string, now = new Date()): Promise<AccountEmailOutcome> {
    const user = await this.repository.findUserForAccountEmail(userId);
    if (!user) return 'user-not-found';
    const token = newOpaqueToken();
    await this.emailTokens.create(
      {
        userId,
        purpose: 'reset_password',
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + RESET_PASSWORD_TOKEN_TTL_MINUTES * 60_000),
      },
      // Only the newest reset link works, so an older e-mail lying around is harmless.
      { replaceUnused: true, now },
    );
    await this.mailer.send(resetPasswordMail({ publicUrl: this.config.PUBLIC_URL, user, token }));
    this.logger.log({ userId }, 'Password reset e-mail sent');
    return 'sent';
  }
}
