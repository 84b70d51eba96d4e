import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type AuthOptions,
  type AuthUser,
  type ResetPasswordPayload,
  type SignInPayload,
  type SignUpPayload,
} from '@rafter/domain/auth';
import { createHash } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { DEMO_EMAIL, DEMO_PASSWORD } from './demo-account';
import { OutboxService } from '../../core/outbox/outbox.service';
import { RateLimitException } from '../../core/rate-limit/rate-limit.exception';
import {
  clientSubject,
  type RateLimitPolicy,
  RateLimitService,
} from '../../core/rate-limit/rate-limit.service';
import { AuthException, AuthRateLimitException } from './auth.exception';
import { type GoogleLinkRequest } from './auth-cookies';
import { isCommonPassword } from './common-passwords';
import { EmailTokensRepository } from './email-tokens.repository';
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords';
import { SessionsRepository } from './sessions.repository';
import { type SignInFailures, SignInFailuresRepository } from './sign-in-failures.repository';
import {
  type IssuedSession,
  type SessionMeta,
  SessionsService,
  toAuthUser,
} from './sessions.service';
import { hashToken } from './tokens';
import { type Transaction, UsersRepository } from './users.repository';

const FIFTEEN_MINUTES_MS = 15 * 60_000;
const ONE_HOUR_MS = 60 * 60_000;

/** Wrong passwords allowed in a row before each further attempt has to wait. */
export const FREE_FAILED_SIGN_INS = 5;
export const MAX_SIGN_IN_DELAY_SECONDS = 15 * 60;

/**
 * How long after the last failure the next sign-in from the same client may be tried: nothing
 * for the first five failures, then 1 s, 2 s, 4 s … up to 15 minutes. It slows guessing to a
 * crawl but never locks anyone out for good, a success starts the count over, and since each
 * client (IP address, IPv6 /64) has its own count, a stranger's guesses never slow the owner.
 */
export function signInDelaySeconds(failedCount: number): number {
  if (failedCount < FREE_FAILED_SIGN_INS) return 0;
  return Math.min(2 ** (failedCount - FREE_FAILED_SIGN_INS), MAX_SIGN_IN_DELAY_SECONDS);
}

/** Seconds until the next attempt is allowed (0: now). */
export function signInRetryAfterSeconds(
  failedCount: number,
  lastFailedAt: Date | null,
  now: Date,
): number {
  const delayMs = signInDelaySeconds(failedCount) * 1000;
  if (delayMs === 0 || !lastFailedAt) return 0;
  return Math.max(0, Math.ceil((lastFailedAt.getTime() + delayMs - now.getTime()) / 1000));
}

/**
 * Rate limits count e-mails by a hash: Redis keys should not be a list of who tried to sign up.
 * Lower-cased because the column is case-insensitive.
 */
function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/**
 * Password accounts: sign-up with e-mail confirmation, sign-in, password reset. E-mails go out
 * through the outbox, written in the same transaction as the change that asks for them.
 * Answers never reveal whether an address is registered, except the sign-up conflict the spec
 * asks for.
 */
@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly sessionsRepository: SessionsRepository,
    private readonly emailTokens: EmailTokensRepository,
    private readonly signInFailures: SignInFailuresRepository,
    private readonly sessions: SessionsService,
    private readonly outbox: OutboxService,
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  options(): AuthOptions {
    return {
      google: { enabled: this.config.googleSignInEnabled, demo: this.config.GOOGLE_OAUTH_DEMO },
      demoAccount: this.config.DEMO_MODE ? { email: DEMO_EMAIL, password: DEMO_PASSWORD } : null,
    };
  }

  async signUp(
    payload: SignUpPayload,
    clientIp: string,
  ): Promise<{ email: string; confirmationSent: true }> {
    await this.limitIp(clientIp);
    await this.limitEmail(payload.email);
    await refuseCommonPassword(payload.password);
    const passwordHash = await hashPassword(payload.password);
    const userId = await this.users.transaction(async (tx) => {
      const id = await this.users.createPasswordUser(tx, {
        email: payload.email,
        fullName: payload.fullName,
        passwordHash,
      });
      if (!id) throw new AuthException('user_already_exists');
      await this.requestEmail(tx, 'auth.confirmation-requested', id);
      return id;
    });
    this.logger.log({ userId }, 'Signed up');
    return { email: payload.email, confirmationSent: true };
  }

  /** Sends a new confirmation link to an unconfirmed account; silent for anything else. */
  async resendConfirmation(email: string, clientIp: string): Promise<void> {
    await this.limitIp(clientIp);
    await this.limitEmail(email);
    const user = await this.users.findByEmail(email);
    if (!user || user.emailVerifiedAt) return;
    await this.users.transaction((tx) =>
      this.requestEmail(tx, 'auth.confirmation-requested', user.id),
    );
    this.logger.log({ userId: user.id }, 'Confirmation e-mail requested');
  }

  /**
   * True when the link confirmed the account, or was spent earlier on an account that is now
   * confirmed: mail scanners open links before people do, and the owner's own click must not
   * then look like a failure. False for an unknown or expired link of an unconfirmed account.
   */
  async confirmEmail(token: string, now = new Date()): Promise<boolean> {
    const tokenHash = hashToken(token);
    const userId = await this.users.transaction(async (tx) => {
      const owner = await this.emailTokens.consume(tx, tokenHash, 'confirm_email', now);
      if (owner) await this.users.markEmailVerified(tx, owner, now);
      return owner;
    });
    if (userId) {
      this.logger.log({ userId }, 'E-mail confirmed');
      return true;
    }
    const owner = await this.emailTokens.findOwner(tokenHash, 'confirm_email');
    const user = owner ? await this.users.findById(owner) : null;
    return !!user?.emailVerifiedAt;
  }

  /**
   * With `googleLink` (the cookie a Google sign-in left when it found this account confirmed
   * and not yet linked), the right password also links that Google account: signing in is the
   * proof that the person holds both.
   */
  async signIn(
    payload: SignInPayload,
    meta: SessionMeta,
    googleLink: GoogleLinkRequest | null = null,
    now = new Date(),
  ): Promise<IssuedSession> {
    await this.limitIp(meta.ipAddress ?? 'unknown');
    const user = await this.users.findByEmail(payload.email);
    if (!user?.passwordHash) {
      await verifyDummyPassword(payload.password);
      throw new AuthException('invalid_credentials');
    }
    const client = clientSubject(meta.ipAddress ?? 'unknown');
    const failures = await this.signInFailures.find(user.id, client);
    if (failures) await this.waitForBackoff(user.id, client, failures, now);

    if (!(await verifyPassword(user.passwordHash, payload.password))) {
      await this.signInFailures.record(user.id, client, new Date());
      this.logger.warn(
        { userId: user.id, failedSignIns: (failures?.failedCount ?? 0) + 1 },
        'Wrong password',
      );
      throw new AuthException('invalid_credentials');
    }
    if (failures) await this.signInFailures.clear(user.id, client);
    if (!user.emailVerifiedAt) throw new AuthException('email_not_confirmed');
    if (googleLink?.userId === user.id) {
      const linked = await this.users.linkGoogle(user.id, googleLink.googleSubject);
      this.logger.log(
        { userId: user.id },
        linked
          ? 'Google linked after a password sign-in'
          : 'Google account already linked elsewhere',
      );
    }
    const issued = await this.sessions.issue(user.id, meta);
    this.logger.log({ userId: user.id }, 'Signed in');
    return issued;
  }

  /** Always the same answer; only a registered address gets a link. */
  async forgotPassword(email: string, clientIp: string): Promise<void> {
    await this.limitIp(clientIp);
    await this.limitEmail(email);
    const user = await this.users.findByEmail(email);
    if (!user) return;
    await this.users.transaction((tx) =>
      this.requestEmail(tx, 'auth.password-reset-requested', user.id),
    );
    this.logger.log({ userId: user.id }, 'Password reset requested');
  }

  /**
   * Sets the new password from a reset link. Following the link proves the address, so it also
   * confirms it; every session of the account ends, in case the old password was stolen.
   */
  async resetPassword(payload: ResetPasswordPayload, now = new Date()): Promise<{ email: string }> {
    const tokenHash = hashToken(payload.token);
    // Checked before hashing, so a bad link costs no hashing time.
    if (!(await this.emailTokens.findUsable(tokenHash, 'reset_password', now))) {
      throw new AuthException('invalid_link');
    }
    await refuseCommonPassword(payload.password);
    const passwordHash = await hashPassword(payload.password);
    const { userId, email } = await this.users.transaction(async (tx) => {
      const owner = await this.emailTokens.consume(tx, tokenHash, 'reset_password', now);
      if (!owner) throw new AuthException('invalid_link');
      await this.emailTokens.spendAll(tx, owner, 'reset_password', now);
      const address = await this.users.setPassword(tx, owner, passwordHash);
      // The old password's wrong guesses say nothing about the new one.
      await this.signInFailures.clearAll(tx, owner);
      await this.users.markEmailVerified(tx, owner, now);
      await this.sessionsRepository.revokeAllForUser(tx, owner, now);
      return { userId: owner, email: address };
    });
    this.logger.log({ userId }, 'Password reset; all sessions revoked');
    return { email };
  }

  /** Whether an account has this id (a UUID), for callers that take an owner's id from anyone. */
  accountExists(userId: string): Promise<boolean> {
    return this.users.exists(userId);
  }

  async me(userId: string): Promise<AuthUser> {
    const user = await this.users.findById(userId);
    if (!user) throw new AuthException('session_missing');
    return toAuthUser(user);
  }

  /**
   * Refuses an attempt that comes too soon after repeated failures from this client. Checked
   * before the password is verified, so a guesser learns nothing from early attempts; once the
   * wait is over, exactly one attempt takes the slot, so parallel guesses cannot slip through
   * together.
   */
  private async waitForBackoff(
    userId: string,
    client: string,
    { failedCount, lastFailedAt }: SignInFailures,
    now: Date,
  ): Promise<void> {
    const delaySeconds = signInDelaySeconds(failedCount);
    if (delaySeconds === 0) return;
    const retryAfter = signInRetryAfterSeconds(failedCount, lastFailedAt, now);
    const claimed =
      retryAfter === 0 &&
      (await this.signInFailures.claimAttempt(
        userId,
        client,
        failedCount,
        new Date(now.getTime() - delaySeconds * 1000),
        now,
      ));
    if (claimed) return;
    this.logger.warn({ userId, failedSignIns: failedCount }, 'Sign-in attempt too soon');
    throw new AuthRateLimitException(Math.max(1, retryAfter || delaySeconds));
  }

  /**
   * The confirmation or reset e-mail, sent by the worker. Only the user id: the worker creates
   * the one-time link when it sends, so no live token sits in the outbox or the queue.
   */
  private async requestEmail(
    tx: Transaction,
    topic: 'auth.confirmation-requested' | 'auth.password-reset-requested',
    userId: string,
  ): Promise<void> {
    await this.outbox.add(tx, topic, { userId });
  }

  private limitIp(clientIp: string): Promise<void> {
    return this.limit(
      { name: 'auth-ip', limit: this.config.RATE_LIMIT_AUTH_PER_IP, windowMs: FIFTEEN_MINUTES_MS },
      clientSubject(clientIp),
    );
  }

  private limitEmail(email: string): Promise<void> {
    return this.limit(
      { name: 'auth-email', limit: this.config.RATE_LIMIT_AUTH_PER_EMAIL, windowMs: ONE_HOUR_MS },
      emailKey(email),
    );
  }

  private async limit(policy: RateLimitPolicy, subject: string): Promise<void> {
    try {
      await this.rateLimit.consume(policy, subject);
    } catch (error) {
      if (error instanceof RateLimitException) {
        throw new AuthRateLimitException(error.retryAfterSeconds);
      }
      throw error;
    }
  }
}

/** New passwords only: sign-in still takes an old one, or its owner could not get in to change it. */
async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw new AuthException('password_too_common');
}
