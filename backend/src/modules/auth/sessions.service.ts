import { Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type AuthSession,
  type AuthUser,
  REFRESH_TOKEN_TTL_DAYS,
} from '@rafter/domain/auth';
import { randomUUID } from 'node:crypto';
import { AuthException } from './auth.exception';
import { type NewSession, SessionsRepository } from './sessions.repository';
import { hashToken, newOpaqueToken } from './tokens';
import { type UserRecord, UsersRepository } from './users.repository';

export const ACCESS_TOKEN_AUDIENCE = 'rafter-api';

/** Who made a request, as proven by its access token. */
export interface AuthenticatedUser {
  id: string;
  email: string;
  sessionFamilyId: string;
}

export interface SessionMeta {
  userAgent?: string;
  ipAddress?: string;
}

/** A signed-in session: the page's answer and the refresh token for the cookie. */
export interface IssuedSession {
  session: AuthSession;
  refreshToken: string;
}

interface AccessTokenClaims {
  sub: string;
  sid: string;
}

const REFRESH_TOKEN_TTL_MS = REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000;

/**
 * How long a spent refresh token may be spent again when its successor was never used: the
 * answer that carried the successor was lost, as when a page goes on to another document while
 * its session check is out (the landing page does, into the app). The interval Supabase's auth
 * server uses by default.
 */
export const REFRESH_TOKEN_REUSE_INTERVAL_MS = 10_000;

export function toAuthUser(user: UserRecord): AuthUser {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    emailConfirmed: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Sessions: a 15-minute JWT for API calls and a refresh token that is spent on every use. Each
 * sign-in starts a family; every refresh adds the next token to it. A token presented a second
 * time means two parties hold it, so the whole family is revoked, and with it every access token
 * the family issued; unless it comes back within seconds and its successor was never used, the
 * mark of an answer that was lost on its way (REFRESH_TOKEN_REUSE_INTERVAL_MS).
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly jwt: JwtService,
  ) {}

  /** Starts a new session family for a user who just proved who they are. */
  async issue(userId: string, meta: SessionMeta): Promise<IssuedSession> {
    const user = await this.users.findById(userId);
    if (!user) throw new AuthException('session_missing');
    const familyId = randomUUID();
    const refreshToken = newOpaqueToken();
    await this.sessions.create(this.newSession(userId, familyId, refreshToken, meta, new Date()));
    this.logger.log({ userId, familyId }, 'Session started');
    return { session: this.authSession(user, familyId), refreshToken };
  }

  /** Spends a refresh token and issues its successor; a spent one revokes its family. */
  async rotate(refreshToken: string, meta: SessionMeta, now = new Date()): Promise<IssuedSession> {
    const current = await this.sessions.findByTokenHash(hashToken(refreshToken));
    if (!current || current.familyRevoked || current.revokedAt) {
      throw new AuthException('session_missing');
    }
    if (current.expiresAt <= now) throw new AuthException('session_missing');

    const nextToken = newOpaqueToken();
    const next = this.newSession(current.userId, current.familyId, nextToken, meta, now);
    const reuseSince = new Date(now.getTime() - REFRESH_TOKEN_REUSE_INTERVAL_MS);
    if (!(await this.sessions.rotate(current.id, next, now, reuseSince))) {
      await this.sessions.revokeFamily(current.familyId, now);
      this.logger.warn(
        { userId: current.userId, familyId: current.familyId },
        'Refresh token used twice; session family revoked',
      );
      throw new AuthException('session_missing');
    }
    const user = await this.users.findById(current.userId);
    if (!user) throw new AuthException('session_missing');
    return { session: this.authSession(user, current.familyId), refreshToken: nextToken };
  }

  /** Sign-out: the token's whole family stops working. Unknown tokens are ignored. */
  async revoke(refreshToken: string, now = new Date()): Promise<void> {
    const current = await this.sessions.findByTokenHash(hashToken(refreshToken));
    if (!current) return;
    await this.sessions.revokeFamily(current.familyId, now);
    this.logger.log({ userId: current.userId, familyId: current.familyId }, 'Signed out');
  }

  /**
   * The user behind an access token. Besides the signature and expiry, the session family must
   * still be alive. That is one indexed query on the database, which has the final word: a
   * Redis revocation list would be cheaper, but would let a revoked token through while Redis
   * is unreachable, and the guard needs the user's e-mail from the database anyway.
   */
  async authenticate(accessToken: string): Promise<AuthenticatedUser> {
    let claims: AccessTokenClaims;
    try {
      claims = await this.jwt.verifyAsync<AccessTokenClaims>(accessToken, {
        algorithms: ['HS256'],
        audience: ACCESS_TOKEN_AUDIENCE,
      });
    } catch {
      throw new AuthException('session_missing');
    }
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (!uuid.test(String(claims.sub)) || !uuid.test(String(claims.sid))) {
      throw new AuthException('session_missing');
    }
    const user = await this.sessions.findSessionUser(claims.sub, claims.sid);
    if (!user || user.familyRevoked) throw new AuthException('session_missing');
    return { id: user.id, email: user.email, sessionFamilyId: claims.sid };
  }

  private newSession(
    userId: string,
    familyId: string,
    refreshToken: string,
    meta: SessionMeta,
    now: Date,
  ): NewSession {
    return {
      id: randomUUID(),
      userId,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ipAddress: meta.ipAddress ?? null,
    };
  }

  private authSession(user: UserRecord, familyId: string): AuthSession {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
    const accessToken = this.jwt.sign(
      { sub: user.id, sid: familyId, iat: issuedAt, exp: expiresAt },
      { algorithm: 'HS256', audience: ACCESS_TOKEN_AUDIENCE },
    );
    return {
      accessToken,
      tokenType: 'bearer',
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      expiresAt,
      user: toAuthUser(user),
    };
  }
}
