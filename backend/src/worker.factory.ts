import 'reflect-metadata';
import { type INestApplicationContext, Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { PrismaService } from './core/database/prisma.service';
import { OutboxRelay } from './core/outbox/outbox.relay';
import { EventsProcessor } from './core/queue/events.processor';
import { WorkerModule } from './worker.module';

/** Builds the worker exactly as production runs it; tests call this too. */
export async function createWorker(
  options: { logger?: boolean } = {},
): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule, {
    bufferLogs: true,
    logger: options.logger === false ? false : undefined,
  });
  if (options.logger !== false) worker.useLogger(worker.get(Logger));
  try {
    await startRelay(worker);
  } catch (error) {
    await worker.close();
    throw error;
  }
  return worker;
}

/**
 * How long a starting worker keeps trying while PostgreSQL does not answer: a database that is
 * still starting, or a machine so busy that the first connection misses its one-second limit.
 */
const START_WAIT_MS = 60_000;

/** Starts the outbox relay; an unreachable database is waited for, any other failure is final. */
async function startRelay(worker: INestApplicationContext): Promise<void> {
  const relay = worker.get(OutboxRelay);
  const { pool } = worker.get(PrismaService);
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    try {
      await relay.start();
      return;
    } catch (error) {
      if (pool.reachable || Date.now() >= deadline) throw error;
      new NestLogger('Worker').warn(
        `PostgreSQL did not answer at start (${error instanceof Error ? error.message : String(error)}); trying again`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/**
 * Graceful stop (worker.ts calls it on SIGTERM): the relay stops, the BullMQ worker takes no new
 * jobs and lets the running ones finish, and only then does everything else close. Nest's own
 * close order would disconnect the database and the mailer before the queue workers.
 */
export async function closeWorker(worker: INestApplicationContext): Promise<void> {
  await worker.get(OutboxRelay).onModuleDestroy();
  await worker.get(EventsProcessor).drain();
  await worker.close();
}
