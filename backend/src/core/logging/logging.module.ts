import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import { APP_CONFIG, type AppConfig } from '../../config/config';

/** Header names whose values must never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
];

/** Health probes every few seconds would drown the request log. */
function isHealthProbe(req: IncomingMessage & { originalUrl?: string }): boolean {
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
  return path === '/api/health' || path === '/api/health/live';
}

/**
 * Structured JSON logs (pretty in a development terminal), one line per request with its id,
 * method, path and duration. Query strings are left out: links may carry one-time tokens.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.LOG_LEVEL,
          redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
          // Fastify has already given the request its id (see createApp).
          genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id: string }).id,
          serializers: {
            req: (req: { id: string; method: string; url: string }) => ({
              id: req.id,
              method: req.method,
              path: req.url.split('?')[0],
            }),
            res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          },
          autoLogging: { ignore: (req: IncomingMessage) => isHealthProbe(req) },
          customLogLevel: (_req: IncomingMessage, res: { statusCode: number }, err?: Error) =>
            err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
          transport: config.LOG_PRETTY
            ? { target: 'pino-pretty', options: { singleLine: true, translateTime: 'HH:MM:ss' } }
            : undefined,
        },
      }),
    }),
  ],
})
export class LoggingModule {}
