import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PinoLogger } from 'nestjs-pino';

/** Health probes every few seconds would drown the request log. */
function isHealthProbe(path: string): boolean {
  return path === '/api/health' || path === '/api/health/live';
}

/** The path alone: links may carry one-time tokens in their query strings. */
function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

/** 5xx is an error of ours, 4xx a caller's mistake worth seeing, the rest routine. */
function requestLogLevel(statusCode: number): 'error' | 'warn' | 'info' {
  return statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
}

/**
 * One log line per API request, once it is answered: its id (the `x-request-id` it was answered
 * with), method, path, status and duration in milliseconds. A request the client gave up on gets
 * a line saying so. The app's pages and assets are not logged (the load balancer's access log has
 * them), nor are health probes.
 *
 * A Fastify hook, not Nest middleware: middleware runs through @fastify/middie, and nestjs-pino's
 * binds each request to an AsyncLocalStorage, which on Node 20 puts a hook on every promise the
 * process makes. Together they cost the api about 100 µs of CPU a request on a slow host, 40% of
 * a trivial one (docs/decisions/0041). Errors still carry the request id: the exception filter
 * logs it with them.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const path = pathOf(request);
    if (path.startsWith('/api/') && !isHealthProbe(path)) {
      const statusCode = reply.statusCode;
      const level = requestLogLevel(statusCode);
      const logger = PinoLogger.root;
      if (logger?.isLevelEnabled(level)) {
        logger[level](
          {
            req: { id: request.id, method: request.method, path },
            res: { statusCode },
            responseTime: Math.round(reply.elapsedTime),
          },
          'request completed',
        );
      }
    }
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    const path = pathOf(request);
    if (path.startsWith('/api/') && PinoLogger.root?.isLevelEnabled('info')) {
      PinoLogger.root.info(
        { req: { id: request.id, method: request.method, path } },
        'request aborted',
      );
    }
    done();
  });
}
