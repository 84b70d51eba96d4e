import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { redisOptionsFromUrl } from '../redis/redis-options';
import { DEFAULT_JOB_OPTIONS, QUEUES } from './jobs';

/**
 * BullMQ on the configured Redis. Workers block on Redis and must never give up a command
 * (maxRetriesPerRequest null). Producers that must not hang while Redis is down use
 * `producerQueueOptions` instead (see OutboxRelay).
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        prefix: config.QUEUE_PREFIX,
        connection: redisOptionsFromUrl(config.REDIS_URL, { maxRetriesPerRequest: null }),
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      }),
    }),
    BullModule.registerQueue({ name: QUEUES.events }),
  ],
  exports: [BullModule],
})
export class QueueModule {}

/** Options for a queue whose `add()` fails at once while Redis is unreachable. */
export function producerQueueOptions(config: AppConfig) {
  return {
    prefix: config.QUEUE_PREFIX,
    connection: redisOptionsFromUrl(config.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 5000,
    }),
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  };
}
