import type {} from '@fastify/cookie';
import { Inject, Injectable } from '@nestjs/common';
import {
  REFRESH_COOKIE_NAME,
  REFRESH_COOKIE_PATH,
  REFRESH_TOKEN_TTL_DAYS,
} from '@rafter/domain/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/config';

/** Left by a Google sign-in that found a confirmed account with the same e-mail, not yet linked. */
export interface GoogleLinkRequest {
  userId: string;
  googleSubject: string;
}

export const GOOGLE_LINK_COOKIE_NAME = 'rafter_google_link';
/** Time to remember (or reset) the password and sign in. */
export const GOOGLE_LINK_TTL_SECONDS = 15 * 60;

/**
 * The refresh token's cookie: out of reach of scripts (httpOnly), never sent by other sites
 * (SameSite=Strict), sent only to the auth endpoints, and HTTPS-only in production.
 */
@Injectable()
export class AuthCookies {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private get options() {
    return {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.isProduction,
      path: REFRESH_COOKIE_PATH,
    } as const;
  }

  setRefreshCookie(reply: FastifyReply, token: string): void {
    reply.setCookie(REFRESH_COOKIE_NAME, token, {
      ...this.options,
      maxAge: REFRESH_TOKEN_TTL_DAYS * 24 * 3600,
    });
  }

  clearRefreshCookie(reply: FastifyReply): void {
    reply.clearCookie(REFRESH_COOKIE_NAME, this.options);
  }

  readRefreshCookie(request: FastifyRequest): string | undefined {
    return request.cookies[REFRESH_COOKIE_NAME] || undefined;
  }

  /**
   * Signed (and its expiry inside what is signed), so only a Google sign-in this api completed
   * can ask for a link; sent only to the auth endpoints, like the refresh cookie.
   */
  setGoogleLinkCookie(reply: FastifyReply, link: GoogleLinkRequest, now = Date.now()): void {
    const value = JSON.stringify({
      u: link.userId,
      s: link.googleSubject,
      e: now + GOOGLE_LINK_TTL_SECONDS * 1000,
    });
    reply.setCookie(GOOGLE_LINK_COOKIE_NAME, Buffer.from(value).toString('base64url'), {
      ...this.options,
      signed: true,
      maxAge: GOOGLE_LINK_TTL_SECONDS,
    });
  }

  clearGoogleLinkCookie(reply: FastifyReply): void {
    reply.clearCookie(GOOGLE_LINK_COOKIE_NAME, this.options);
  }

  /** The pending link, or null when there is none or it is forged, malformed or expired. */
  readGoogleLinkCookie(request: FastifyRequest, now = Date.now()): GoogleLinkRequest | null {
    const raw = request.cookies[GOOGLE_LINK_COOKIE_NAME];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    try {
      const { u, s, e } = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as {
        u?: unknown;
        s?: unknown;
        e?: unknown;
      };
      if (typeof u !== 'string' || typeof s !== 'string' || typeof e !== 'number' || e <= now) {
        return null;
      }
      return { userId: u, googleSubject: s };
    } catch {
      return null;
    }
  }

  hasGoogleLinkCookie(request: FastifyRequest): boolean {
    return GOOGLE_LINK_COOKIE_NAME in request.cookies;
  }
}
