import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module';
import { LeadsModule } from '../../leads/leads.module';
import { PlansModule } from '../../plans/plans.module';
import { AnalyticsModule } from '../analytics.module';
import { LeadTrendsController } from './lead-trends.controller';
import { LeadTrendsService } from './lead-trends.service';

/** Leads and pipeline value over time (issue 25): GET /api/analytics/leads, every plan. */
@Module({
  imports: [AuthModule, LeadsModule, PlansModule, AnalyticsModule],
  controllers: [LeadTrendsController],
  providers: [LeadTrendsService],
})
export class LeadTrendsModule {}
