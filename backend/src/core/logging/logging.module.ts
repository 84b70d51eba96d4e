import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/config';

/** Header names whose values must never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
];

/**
 * The most log output held in memory while whatever reads the process's stdout is behind; past it
 * lines are dropped rather than memory growing without bound.
 */
export const LOG_BUFFER_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Standard output written without blocking. pino's default writes synchronously, and when the
 * reader of a pipe (a container's log driver, a supervisor) falls behind, each full pipe put the
 * whole process to sleep for 100 ms (sonic-boom's EAGAIN retry): a burst of 503s while PostgreSQL
 * was down froze the api for up to a second, so its 503s came late. Lines are flushed on exit.
 */
function standardOutput(): pino.DestinationStream {
  // As pino itself does, a replaced process.stdout.write (a test collecting the lines) is used.
  const replaced = process.stdout.write !== Object.getPrototypeOf(process.stdout).write;
  if (replaced) return process.stdout;
  return pino.destination({ dest: 1, sync: false, maxLength: LOG_BUFFER_MAX_BYTES });
}

/**
 * Structured JSON logs (pretty in a development terminal) through nestjs-pino's Logger. The line
 * per request is written by a Fastify hook (request-log.ts), not by nestjs-pino's middleware,
 * which is mounted on no route: see registerRequestLog for why.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const options = {
          level: config.LOG_LEVEL,
          redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
          // Objects are logged as they are (the request line's `req` is already the id, method
          // and path), not through pino-http's serializers for Node's request and response.
          wrapSerializers: false,
          autoLogging: false,
        };
        // pino-pretty runs in a worker thread of its own (a transport); JSON goes out unblocked.
        return config.LOG_PRETTY
          ? {
              forRoutes: [],
              pinoHttp: {
                ...options,
                transport: {
                  target: 'pino-pretty',
                  options: { singleLine: true, translateTime: 'HH:MM:ss' },
                },
              },
            }
          : {
              forRoutes: [],
              pinoHttp: [options, standardOutput()] as [typeof options, pino.DestinationStream],
            };
      },
    }),
  ],
})
export class LoggingModule {}
