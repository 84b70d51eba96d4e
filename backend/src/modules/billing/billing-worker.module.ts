import { InjectQueue } from '@nestjs/bullmq';
import { Logger, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { type Queue } from 'bullmq';
import { JobHandlers } from '../../core/queue/job-handlers';
import { QUEUES } from '../../core/queue/jobs';
import { scheduleEvery } from '../../core/queue/schedule';
import { WorkerRealtimeModule } from '../../core/realtime/worker-realtime.module';
import { LeadsRepository } from '../leads/leads.repository';
import { LeadsService } from '../leads/leads.service';
import {
  LEAD_SPAM_FLAGGED,
  type LeadSpamFlaggedEvent,
} from '../leads/events/lead-spam-flagged.event';
import { BillingRepository } from './billing.repository';
import {
  UNLOCK_INTERVAL_MS,
  UNLOCK_NEW_PERIOD_LEADS,
  UnlockNewPeriodLeadsJob,
} from './jobs/unlock-new-period-leads.job';
import { stripeClientProvider } from './stripe.provider';
import { SubscriptionSyncService } from './subscription-sync.service';

/**
 * The worker's side of billing: the hourly unlock of leads a new month allows, and the unlock a
 * lead flagged as spam makes room for.
 */
@Module({
  imports: [WorkerRealtimeModule],
  providers: [
    stripeClientProvider,
    BillingRepository,
    SubscriptionSyncService,
    LeadsRepository,
    LeadsService,
    UnlockNewPeriodLeadsJob,
  ],
})
export class BillingWorkerModule implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(BillingWorkerModule.name);

  constructor(
    private readonly handlers: JobHandlers,
    private readonly unlock: UnlockNewPeriodLeadsJob,
    private readonly sync: SubscriptionSyncService,
    @InjectQueue(QUEUES.events) private readonly queue: Queue,
  ) {}

  onModuleInit(): void {
    this.handlers.register(UNLOCK_NEW_PERIOD_LEADS, () => this.unlock.run());
    this.handlers.register<LeadSpamFlaggedEvent>(LEAD_SPAM_FLAGGED, ({ ownerId }) =>
      this.sync.unlockAllowedLeads(ownerId),
    );
  }

  /** The new-period unlock, hourly. */
  onApplicationBootstrap(): void {
    scheduleEvery(this.queue, UNLOCK_NEW_PERIOD_LEADS, UNLOCK_INTERVAL_MS, this.logger);
  }
}
