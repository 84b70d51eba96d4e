import { type INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { type Queue } from 'bullmq';
import { PrismaService } from '../../src/core/database/prisma.service';
import { QUEUES } from '../../src/core/queue/jobs';
import { closeWorker, createWorker } from '../../src/worker.factory';
import { withEnv } from './async';
import { createTestDatabase, testRedisPrefix } from './database';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

export interface MailWorker {
  worker: INestApplicationContext;
  prisma: PrismaService;
  /** The database's URL, for a connection of a test's own. */
  databaseUrl: string;
  /** The events queue the outbox relays to. */
  queue: Queue;
  /** The SMTP server the worker sends to; it keeps every message. */
  sink: SmtpSink;
  /** Stops the worker and the sink and drops the database. */
  close(): Promise<void>;
}

/**
 * A worker process's application on a database of its own, relaying the outbox every 100 ms and
 * sending its e-mails to a local SMTP sink: for specs of what the worker does with events.
 */
export async function startMailWorker(publicUrl: string): Promise<MailWorker> {
  const sink = await startSmtpSink();
  const db = await createTestDatabase();
  const worker = await withEnv(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      QUEUE_PREFIX: testRedisPrefix(),
      OUTBOX_POLL_INTERVAL_MS: '100',
      PUBLIC_URL: publicUrl,
      SMTP_URL: sink.url,
    },
    () => createWorker({ logger: false }),
  );
  return {
    worker,
    prisma: worker.get(PrismaService),
    databaseUrl: db.url,
    queue: worker.get<Queue>(getQueueToken(QUEUES.events), { strict: false }),
    sink,
    close: async () => {
      await closeWorker(worker);
      await db.drop();
      await sink.close();
    },
  };
}
