import 'reflect-metadata';
import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { OutboxRelay } from './core/outbox/outbox.relay';
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
  // SIGTERM closes the BullMQ workers, which let running jobs finish first.
  worker.enableShutdownHooks();
  try {
    await worker.get(OutboxRelay).start();
  } catch (error) {
    await worker.close();
    throw error;
  }
  return worker;
}
