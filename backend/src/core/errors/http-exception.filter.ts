import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodValidationException } from 'nestjs-zod';
import { type ZodError } from 'zod';
import { isDatabaseContention, isDatabaseUnavailable } from '../database/database-errors';
import { AppException } from './app.exception';
import { isPublicApiPath, PROBLEM_CONTENT_TYPE, toProblem } from './problem-details';

export interface ErrorBody {
  error: string;
  /** The exception's stable code, for clients that act on the kind of error. */
  code?: string;
  /** Each invalid field with its message, for validation errors. */
  fields?: Record<string, string>;
  [detail: string]: unknown;
}

type FallbackHandler = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * The one place errors become responses: `{ "error": "…" }` (plus the module's `code` for an
 * AppException) with the right status, never a stack trace. Unknown errors are logged with the
 * request id and answered 500. Under /api/v1 the same error is an RFC 9457 problem
 * (`application/problem+json`, problem-details.ts).
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(HttpExceptionFilter.name);

  /** Lets the HTML app answer a browser's GET that no API route matched. */
  constructor(private readonly notFoundFallback?: FallbackHandler) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const { status, body } = describeError(exception, request);

    if (status === HttpStatus.NOT_FOUND && this.notFoundFallback?.(request, reply)) return;
    // Set here rather than by an interceptor around every handler: an rxjs pipeline on each
    // request cost the api 20-50 µs of CPU a request (docs/performance.md).
    if (exception instanceof AppException && exception.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(exception.retryAfterSeconds));
    }
    if (status === HttpStatus.SERVICE_UNAVAILABLE && body.code === 'database_unavailable') {
      this.logger.warn(
        { reqId: request.id, path: request.url.split('?')[0], err: String(exception) },
        'Database unavailable',
      );
      void reply.header('retry-after', '2');
    } else if (status === HttpStatus.SERVICE_UNAVAILABLE && body.code === 'database_busy') {
      this.logger.warn(
        { reqId: request.id, path: request.url.split('?')[0], err: String(exception) },
        'Database busy: a transaction refused for contention',
      );
      void reply.header('retry-after', '1');
    } else if (status >= 500) {
      this.logger.error(
        // The path only: query strings may carry one-time tokens.
        {
          err: exception,
          reqId: request.id,
          method: request.method,
          path: request.url.split('?')[0],
        },
        'Unhandled error',
      );
    }
    if (reply.sent) return;
    if (isPublicApiPath(request.url)) {
      const path = request.url.split('?')[0]!;
      void reply
        .status(status)
        .header('content-type', PROBLEM_CONTENT_TYPE)
        .send(toProblem(status, body, path));
      return;
    }
    void reply.status(status).header('content-type', 'application/json').send(body);
  }
}

/** Maps anything thrown to the status and `{ error }` body the client sees. */
export function describeError(
  exception: unknown,
  request: FastifyRequest,
): { status: number; body: ErrorBody } {
  if (exception instanceof ZodValidationException) {
    return {
      status: HttpStatus.BAD_REQUEST,
      body: validationBody(exception.getZodError() as ZodError),
    };
  }
  if (exception instanceof AppException) {
    return {
      status: exception.status,
      body: { ...exception.details, error: exception.message, code: exception.code },
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === HttpStatus.NOT_FOUND && /^Cannot [A-Z]+ /.test(exception.message)) {
      return {
        status,
        body: { error: `Not found: ${request.method} ${request.url.split('?')[0]}` },
      };
    }
    const response = exception.getResponse();
    const message =
      typeof response === 'object' && response !== null && 'message' in response
        ? (response as { message: unknown }).message
        : exception.message;
    return {
      status,
      body: { error: Array.isArray(message) ? message.join('; ') : String(message) },
    };
  }
  if (isDatabaseUnavailable(exception)) {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: {
        error: 'The service is briefly unavailable. Please try again in a moment.',
        code: 'database_unavailable',
      },
    };
  }
  if (isDatabaseContention(exception)) {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: {
        error: 'The service is busy. Please try again in a moment.',
        code: 'database_busy',
      },
    };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { error: 'Internal server error' } };
}

function validationBody(error: ZodError): ErrorBody {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    fields[issue.path.length ? issue.path.join('.') : 'body'] ??= issue.message;
  }
  const [first] = error.issues;
  if (!first) return { error: 'Invalid request', fields };
  return {
    error: first.path.length ? `${first.path.join('.')}: ${first.message}` : first.message,
    fields,
  };
}
