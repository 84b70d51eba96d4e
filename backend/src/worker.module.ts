import { Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './core/database/database.module';
import { EventsModule } from './core/events/events.module';
import { LoggingModule } from './core/logging/logging.module';
import { WorkerQueueModule } from './core/queue/worker-queue.module';
import { RealtimeModule } from './core/realtime/realtime.module';
import { RedisModule } from './core/redis/redis.module';
import { FEATURE_MODULES } from './features';

/**
 * The worker: the same feature modules as the api, without routes, plus the queue processor,
 * the outbox relay and the schedules of every @OnEvent (outbox topics) and @Scheduled method.
 */
@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    DatabaseModule,
    RedisModule,
    EventsModule,
    RealtimeModule.forWorker(),
    WorkerQueueModule,
    ...FEATURE_MODULES,
  ],
})
export class WorkerModule {}
