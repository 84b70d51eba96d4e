import type {} from '@fastify/cookie';
import { Inject, Injectable } from '@nestjs/common';
import {
  REFRESH_COOKIE_NAME,
  REFRESH_COOKIE_PATH,
  REFRESH_TOKEN_TTL_DAYS,
} from '@rafter/domain/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/config';

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
}
