import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { DistributionRepository } from './distribution.repository';
import { DistributionService } from './distribution.service';
import { DistributeMainSiteLeadJob } from './jobs/distribute-main-site-lead.job';

/**
 * The marketplace: main-site leads offered to contractors (`main-site-lead.captured`), each
 * contractor's lead created by LeadsModule's OwnerLeadsService.
 */
@Module({
  imports: [LeadsModule],
  providers: [DistributionRepository, DistributionService, DistributeMainSiteLeadJob],
  exports: [DistributionService],
})
export class DistributionModule {}
