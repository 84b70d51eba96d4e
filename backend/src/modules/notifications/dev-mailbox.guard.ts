import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { isLoopbackRequest } from '../../core/http/loopback';

export const DEV_MAILBOX_REMOTE_REFUSED =
  'The dev mailbox answers only requests from the machine the server runs on (127.0.0.1 or ::1): ' +
  'it holds password-reset and sign-in links. Open it there, or set DEV_MAILBOX_ALLOW_REMOTE=true ' +
  'on a private test server.';

/**
 * The dev mailbox holds every account e-mail, reset links included: in production it does not
 * exist (answered as an unknown route), elsewhere it answers this machine only, unless
 * DEV_MAILBOX_ALLOW_REMOTE opens it. "This machine" is the socket's real peer, never a
 * forwarded header (see isLoopbackRequest).
 */
@Injectable()
export class DevOnlyGuard implements CanActivate {
  private readonly logger = new Logger(DevOnlyGuard.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (this.config.isProduction) {
      throw new NotFoundException(`Cannot ${request.method} ${request.url}`);
    }
    if (this.config.DEV_MAILBOX_ALLOW_REMOTE || isLoopbackRequest(request.raw)) return true;
    this.logger.warn({ reqId: request.id }, 'Dev mailbox refused to a client on another machine');
    throw new ForbiddenException(DEV_MAILBOX_REMOTE_REFUSED);
  }
}
