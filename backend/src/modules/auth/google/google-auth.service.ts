import { Injectable } from '@nestjs/common';
import { type IssuedSession, type SessionMeta, SessionsService } from '../sessions.service';
import { UsersRepository } from '../users.repository';

/** What Rafter uses of a Google account. */
export interface GoogleIdentity {
  /** Google's stable account id (`sub`); e-mails can change, this cannot. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  fullName: string | null;
}

export type GoogleSignInErrorCode = 'google_failed' | 'google_email_unverified';

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
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * The Rafter account a Google identity signs in to: the one already linked to it; else the
   * account with the same e-mail, linked now, when Google vouches for that e-mail; else a new
   * account. An unverified Google e-mail never reaches an account by its address: whoever typed
   * someone else's address into a Google account would otherwise take over (or squat) theirs.
   */
  async resolveUser(identity: GoogleIdentity): Promise<string> {
    const linked = await this.users.findByGoogleSubject(identity.subject);
    if (linked) return linked.id;
    if (!identity.email) {
      throw new GoogleSignInRefused('google_failed', 'the Google profile has no e-mail');
    }
    if (!identity.emailVerified) {
      throw new GoogleSignInRefused('google_email_unverified', 'the Google e-mail is not verified');
    }
    const email = identity.email.trim().toLowerCase();
    const existing = await this.users.findByEmail(email);
    if (existing) {
      await this.users.linkGoogle(existing.id, identity.subject);
      return existing.id;
    }
    try {
      const created = await this.users.createGoogleUser({
        email,
        fullName: identity.fullName,
        googleSubject: identity.subject,
      });
      return created.id;
    } catch (error) {
      // Two first sign-ins of one Google account at once: the other one created the user.
      const raced = await this.users.findByGoogleSubject(identity.subject);
      if (raced) return raced.id;
      throw error;
    }
  }

  startSession(userId: string, meta: SessionMeta): Promise<IssuedSession> {
    return this.sessions.issue(userId, meta);
  }
}
