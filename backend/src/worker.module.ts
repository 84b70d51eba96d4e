import { Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './core/database/database.module';
import { LoggingModule } from './core/logging/logging.module';
import { WorkerQueueModule } from './core/queue/worker-queue.module';
import { AuthWorkerModule } from './modules/auth/auth-worker.module';
import { BillingWorkerModule } from './modules/billing/billing-worker.module';
import { DistributionWorkerModule } from './modules/distribution/distribution-worker.module';
import { NotificationsWorkerModule } from './modules/notifications/notifications-worker.module';

@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    DatabaseModule,
    WorkerQueueModule,
    NotificationsWorkerModule,
    AuthWorkerModule,
    DistributionWorkerModule,
    BillingWorkerModule,
  ],
})
export class WorkerModule {}
