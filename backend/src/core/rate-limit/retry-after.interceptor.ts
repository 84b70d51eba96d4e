import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { catchError, type Observable, throwError } from 'rxjs';
import { RateLimitException } from './rate-limit.exception';

/**
 * Adds Retry-After to a 429, so services can refuse a request without knowing about HTTP. The
 * global exception filter then answers with the header already on the reply.
 */
@Injectable()
export class RetryAfterInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof RateLimitException && context.getType() === 'http') {
          context
            .switchToHttp()
            .getResponse<FastifyReply>()
            .header('retry-after', String(error.retryAfterSeconds));
        }
        return throwError(() => error);
      }),
    );
  }
}
