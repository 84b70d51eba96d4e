import { Module, type OnModuleInit } from '@nestjs/common';
import { OutboxService } from '../../core/outbox/outbox.service';
import { JobHandlers } from '../../core/queue/job-handlers';
import { WorkerRealtimeModule } from '../../core/realtime/worker-realtime.module';
import { LeadCaptureRepository } from '../leads/lead-capture.repository';
import { LeadsRepository } from '../leads/leads.repository';
import { LeadsService } from '../leads/leads.service';
import { DistributionRepository } from './distribution.repository';
import { DistributionService } from './distribution.service';
import { MAIN_SITE_LEAD_CAPTURED } from './events/main-site-lead-captured.event';
import { DistributeMainSiteLeadJob } from './jobs/distribute-main-site-lead.job';

/** The worker's side of the marketplace: main-site leads offered to contractors. */
@Module({
  imports: [WorkerRealtimeModule],
  providers: [
    DistributionRepository,
    DistributionService,
    DistributeMainSiteLeadJob,
    LeadCaptureRepository,
    LeadsRepository,
    LeadsService,
    OutboxService,
  ],
})
export class DistributionWorkerModule implements OnModuleInit {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly job: DistributeMainSiteLeadJob,
  ) {}

  onModuleInit(): void {
    this.handlers.register(MAIN_SITE_LEAD_CAPTURED, (data) => this.job.run(data));
  }
}
