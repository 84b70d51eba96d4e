import { type INestApplicationContext } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.factory';
import { PrismaService } from '../../src/core/database/prisma.service';
import { closeWorker, createWorker } from '../../src/worker.factory';
import { withEnv } from './async';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from './database';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

export const STACK_PUBLIC_URL = 'https://rafter.test';

export interface TestStack {
  app: NestFastifyApplication;
  worker: INestApplicationContext;
  prisma: PrismaService;
  sink: SmtpSink;
  db: TestDatabase;
  close(): Promise<void>;
}

/**
 * The api and the worker on one fresh database and queue prefix, with e-mail going to a real
 * SMTP sink: what a request starts, the worker finishes, as in production. With `logger`, both
 * log through pino as production does (LOG_LEVEL defaults to debug then).
 */
export async function startTestStack(
  env: Record<string, string> = {},
  options: { logger?: boolean } = {},
): Promise<TestStack> {
  const db = await createTestDatabase();
  const sink = await startSmtpSink();
  const logger = options.logger ?? false;
  const stackEnv = {
    NODE_ENV: 'test',
    LOG_LEVEL: logger ? 'debug' : 'silent',
    DATABASE_URL: db.url,
    QUEUE_PREFIX: testRedisPrefix(),
    OUTBOX_POLL_INTERVAL_MS: '100',
    PUBLIC_URL: STACK_PUBLIC_URL,
    SMTP_URL: sink.url,
    ...env,
  };
  const app = await withEnv(stackEnv, async () => {
    const nest = await createApp({ logger });
    await nest.init();
    await nest.getHttpAdapter().getInstance().ready();
    return nest;
  });
  const worker = await withEnv(stackEnv, () => createWorker({ logger }));
  return {
    app,
    worker,
    prisma: app.get(PrismaService),
    sink,
    db,
    close: async () => {
      await closeWorker(worker);
      await app.close();
      await sink.close();
      await db.drop();
    },
  };
}
