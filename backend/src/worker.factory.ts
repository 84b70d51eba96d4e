import 'reflect-metadata';
import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
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
    await worker.get(OutboxRelay).start();
  } catch (error) {
    await worker.close();
    throw error;
  }
  return worker;
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
