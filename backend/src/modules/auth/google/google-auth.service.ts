import { Injectable, Logger } from '@nestjs/common';
import { EmailTokensRepository } from '../email-tokens.repository';
import { SessionsRepository } from '../sessions.repository';
import { type IssuedSession, type SessionMeta, SessionsService } from '../sessions.service';
import { SignInFailuresRepository } from '../sign-in-failures.repository';
import { isUniqueViolation, UsersRepository } from '../users.repository';

/** What Rafter uses of a Google account. */
export interface GoogleIdentity {
  /** Google's stable account id (`sub`); e-mails can change, this cannot. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  fullName: string | null;
}

export type GoogleSignInErrorCode = 'google_failed' | 'google_email_unverified';

/**
 * Where a Google identity leads: into an account, or to an account whose owner must first sign
 * in with its password before Google is linked to it.
 */
export type GoogleResolution =
  | { kind: 'signed-in'; userId: string }
  | { kind: 'link-required'; userId: string; googleSubject: string };

/** A sign-in Google completed but Rafter refuses; `reason` is for logs and holds no e-mail. */
export class GoogleSignInRefused extends Error {
  constructor(
    readonly code: GoogleSignInErrorCode,
    readonly reason: string,
  ) {
    super(reason);
    this.name = GoogleSignInRefused.name;
  }
}

@Injectable()
export class GoogleAuthService {
  private readonly logger = new Logger(GoogleAuthService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly sessionsRepository: SessionsRepository,
    private readonly emailTokens: EmailTokensRepository,
    private readonly signInFailures: SignInFailuresRepository,
  ) {}

  /**
   * The Rafter account a Google identity signs in to: the one already linked to it; else, when
   * Google vouches for the e-mail, the account with that e-mail or a new one. An unverified
   * Google e-mail never reaches an account by its address: whoever typed someone else's address
   * into a Google account would otherwise take over (or squat) theirs.
   *
   * An account with that e-mail is not simply linked. If its e-mail was never confirmed, anyone
   * may have signed it up with a password of their own, waiting for the owner to arrive: Google
   * takes it over without that password and ends its sessions. A confirmed one belongs to
   * whoever holds its password (or sessions), who must prove it by signing in once
   * (`link-required`); the password sign-in then links Google.
   */
  async resolveUser(identity: GoogleIdentity): Promise<GoogleResolution> {
    const linked = await this.users.findByGoogleSubject(identity.subject);
    if (linked) return { kind: 'signed-in', userId: linked.id };
    if (!identity.email) {
      throw new GoogleSignInRefused('google_failed', 'the Google profile has no e-mail');
    }
    if (!identity.emailVerified) {
      throw new GoogleSignInRefused('google_email_unverified', 'the Google e-mail is not verified');
    }
    const email = identity.email.trim().toLowerCase();
    try {
      const existing = await this.users.findByEmail(email);
      if (existing) {
        if (!existing.emailVerifiedAt && (await this.takeOverUnconfirmed(existing.id, identity))) {
          return { kind: 'signed-in', userId: existing.id };
        }
        return { kind: 'link-required', userId: existing.id, googleSubject: identity.subject };
      }
      const created = await this.users.createGoogleUser({
        email,
        fullName: identity.fullName,
        googleSubject: identity.subject,
      });
      return { kind: 'signed-in', userId: created.id };
    } catch (error) {
      // Two first sign-ins of one Google account at once: the other one linked or created it.
      const raced = isUniqueViolation(error)
        ? await this.users.findByGoogleSubject(identity.subject)
        : null;
      if (raced) return { kind: 'signed-in', userId: raced.id };
      throw error;
    }
  }

  startSession(userId: string, meta: SessionMeta): Promise<IssuedSession> {
    return this.sessions.issue(userId, meta);
  }

  /** False when the account got confirmed meanwhile (it then needs the password sign-in). */
  private async takeOverUnconfirmed(userId: string, identity: GoogleIdentity): Promise<boolean> {
    const now = new Date();
    const taken = await this.users.transaction(async (tx) => {
      const claimed = await this.users.takeOverUnconfirmed(
        tx,
        userId,
        { googleSubject: identity.subject, fullName: identity.fullName },
        now,
      );
      if (!claimed) return false;
      await this.sessionsRepository.revokeAllForUser(tx, userId, now);
      await this.emailTokens.spendAllOfUser(tx, userId, now);
      await this.signInFailures.clearAll(tx, userId);
      return true;
    });
    if (taken) {
      this.logger.warn(
        { userId },
        'Google sign-in took over an unconfirmed account: its password removed, sessions ended',
      );
    }
    return taken;
  }
}
