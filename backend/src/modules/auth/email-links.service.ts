import { Injectable } from '@nestjs/common';
import {
  CONFIRM_EMAIL_TOKEN_TTL_HOURS,
  RESET_PASSWORD_TOKEN_TTL_MINUTES,
} from '@rafter/domain/auth';
import { EmailTokensRepository } from './email-tokens.repository';
import { hashToken, newOpaqueToken } from './tokens';

/**
 * One-time links for account e-mails, made right before the e-mail is sent: the token goes into
 * the e-mail and only its hash is stored, so a retry after a failed delivery simply makes a new
 * one.
 */
@Injectable()
export class EmailLinksService {
  constructor(private readonly emailTokens: EmailTokensRepository) {}

  /**
   * A confirmation token valid for a day; earlier ones stay valid (any proves the address). Null
   * once the address is confirmed (by a link or a Google sign-in that took the account over).
   */
  async confirmation(userId: string, now = new Date()): Promise<string | null> {
    const token = newOpaqueToken();
    const stored = await this.emailTokens.create(
      {
        userId,
        purpose: 'confirm_email',
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + CONFIRM_EMAIL_TOKEN_TTL_HOURS * 3600_000),
      },
      { replaceUnused: false, now, onlyIfUnconfirmed: true },
    );
    return stored ? token : null;
  }

  /** A reset token valid for an hour; only the newest works, so an old e-mail is harmless. */
  async passwordReset(userId: string, now = new Date()): Promise<string> {
    const token = newOpaqueToken();
    await this.emailTokens.create(
      {
        userId,
        purpose: 'reset_password',
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + RESET_PASSWORD_TOKEN_TTL_MINUTES * 60_000),
      },
      { replaceUnused: true, now },
    );
    return token;
  }
}
