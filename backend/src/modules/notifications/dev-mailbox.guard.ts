import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/config';

/** In production the dev mailbox does not exist: answer exactly as for an unknown route. */
@Injectable()
export class DevOnlyGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.config.isProduction) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    throw new NotFoundException(`Cannot ${request.method} ${request.url}`);
  }
}
