import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AuthException } from './auth.exception';
import { type AuthenticatedUser, SessionsService } from './sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by AccessTokenGuard; read it with @CurrentUser(). */
    authUser?: AuthenticatedUser;
  }
}

/** Lets a request through only with a valid `Authorization: Bearer <access token>`. */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  constructor(private readonly sessions: SessionsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw new AuthException('session_missing');
    request.authUser = await this.sessions.authenticate(token);
    return true;
  }
}
