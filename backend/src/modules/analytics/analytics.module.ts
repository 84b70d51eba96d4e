import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../core/rate-limit/rate-limit.module';
import { AuthModule } from '../auth/auth.module';
import { LeadsModule } from '../leads/leads.module';
import { PlansModule } from '../plans/plans.module';
import { AnalyticsEventsController } from './analytics-events.controller';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsService } from './analytics.service';
import { RollUpAnalyticsJob } from './jobs/roll-up-analytics.job';

/**
 * Advanced analytics (docs/analytics.md): the estimator's funnel events, their daily rollup and
 * partitions (a worker job), and the Analytics tab's figures.
 */
@Module({
  imports: [PlansModule, LeadsModule, AuthModule],
  providers: [AnalyticsRepository, AnalyticsService, RollUpAnalyticsJob],
  exports: [AnalyticsService],
})
export class AnalyticsModule {}

/** The ingest (public, rate-limited) and the Analytics tab's route (session). */
@Module({
  imports: [AnalyticsModule, AuthModule, RateLimitModule],
  controllers: [AnalyticsEventsController, AnalyticsController],
})
export class AnalyticsApiModule {}
