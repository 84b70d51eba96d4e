import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AuthException } from './auth.exception';
import { type AuthenticatedUser } from './sessions.service';

export type { AuthenticatedUser } from './sessions.service';

/** The caller proven by AccessTokenGuard; the only source of identity for a handler. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser => {
    const user = context.switchToHttp().getRequest<FastifyRequest>().authUser;
    // A handler without the guard must fail closed rather than run with no caller.
    if (!user) throw new AuthException('session_missing');
    return user;
  },
);
