import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { LOGO_MAX_BYTES } from '@rafter/domain/settings';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { ZodValidationPipe } from 'nestjs-zod';
import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppModule } from './app.module';
import { type AppConfig, APP_CONFIG, devFeaturesWarning, trustProxyHops } from './config/config';
import { HttpExceptionFilter } from './core/errors/http-exception.filter';
import { registerFrontend } from './core/http/frontend';
import { setupOpenApi } from './core/http/openapi';
import { registerNulGuard } from './core/http/nul-guard';
import { registerSecurity } from './core/http/security';
import { registerRequestLog } from './core/logging/request-log';
import { RealtimeGateway } from './core/realtime/realtime.gateway';
import { RedisIoAdapter } from './core/realtime/redis-io.adapter';
import { registerUploads } from './core/storage/uploads';
import { registerQueueDashboard } from './modules/admin/queue-dashboard';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** Reuses a caller's X-Request-Id when it is sane, so one id follows a request across services. */
function requestId(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  const id = typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
  (req as IncomingMessage & { id: string }).id = id;
  return id;
}

/** Builds the api exactly as production runs it; tests call this too. */
export async function createApp(
  options: { logger?: boolean } = {},
): Promise<NestFastifyApplication> {
  const proxyHops = trustProxyHops.parse(process.env.TRUST_PROXY ?? '0');
  const adapter = new FastifyAdapter({
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // Behind the load balancer only its own hop of X-Forwarded-For is believed (TRUST_PROXY):
    // hop 0 is the socket's peer, each trusted hop lets the next entry from the right be read.
    trustProxy: (_address: string, hop: number) => hop < proxyHops,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
    bufferLogs: true,
    rawBody: true,
    // Throw start-up errors to the caller (main.ts exits with them) instead of exiting here.
    abortOnError: false,
    logger: options.logger === false ? false : undefined,
  });
  const config = app.get<AppConfig>(APP_CONFIG);
  if (options.logger !== false) {
    const logger = app.get(Logger);
    app.useLogger(logger);
    const exposed = devFeaturesWarning(config);
    if (exposed) logger.warn(exposed, 'Startup');
  }
  app.setGlobalPrefix('api');

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerNulGuard(fastify);
  registerRequestLog(fastify);
  await registerSecurity(
    fastify,
    config.isProduction,
    config.S3_PUBLIC_URL && config.S3_BUCKET ? [new URL(config.S3_PUBLIC_URL).origin] : [],
  );
  // A key of its own, derived so that signed cookies never share a key with access tokens.
  await fastify.register(fastifyCookie, {
    secret: createHmac('sha256', config.AUTH_SECRET).update('cookie').digest(),
  });
  // Logo uploads: one file, read to one byte past the limit so an oversized one is cut off
  // and refused rather than buffered whole.
  await fastify.register(fastifyMultipart, {
    limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1 },
  });
  await registerUploads(fastify, config);
  await registerQueueDashboard(fastify, config);
  const fallback = await registerFrontend(fastify, config.FRONTEND_DIST);

  app.useGlobalFilters(new HttpExceptionFilter(fallback));
  app.useGlobalPipes(new ZodValidationPipe());
  setupOpenApi(app, config.PUBLIC_URL, { buildNow: config.NODE_ENV === 'production' });
  const realtime = new RedisIoAdapter(app, config.REDIS_URL, config.QUEUE_PREFIX);
  await realtime.connect();
  app.useWebSocketAdapter(realtime);
  return app;
}

/**
 * Stops the api as a deploy needs (main.ts, on SIGTERM or SIGINT):
 * 1. Dashboards connected here are dropped, and reconnect to another instance.
 * 2. The server stops taking connections. A request arriving on a kept-alive connection gets 503
 *    with `Connection: close` (Fastify's `return503OnClosing`).
 * 3. The requests in flight finish, with PostgreSQL and Redis still there.
 * 4. Only then do the modules let go of them.
 *
 * Nest's own order (the modules' hooks first, the server last) ended the database pool under the
 * requests in flight. Socket.IO's close then waited for kept-alive connections that never went
 * idle, until the shutdown timeout ended the process and reset them.
 */
export async function stopApi(app: NestFastifyApplication): Promise<void> {
  app.get(RealtimeGateway).server?.local.disconnectSockets(true);
  await app.getHttpAdapter().getInstance().close();
  await app.close();
}
