import { Injectable } from '@nestjs/common';
import { Scheduled } from '../../../core/events/on-event.decorator';
import { type RollupResult } from '../analytics.repository';
import { AnalyticsService } from '../analytics.service';

export const ROLL_UP_ANALYTICS = 'analytics.roll-up';

/**
 * Every ANALYTICS_ROLLUP_INTERVAL_MS: the raw events received since the last run are counted
 * into the daily figures, then the monthly partitions are kept (made ahead, dropped past
 * retention). Both are idempotent and safe with several workers.
 */
@Injectable()
export class RollUpAnalyticsJob {
  constructor(private readonly analytics: AnalyticsService) {}

  @Scheduled(ROLL_UP_ANALYTICS, (config) => config.ANALYTICS_ROLLUP_INTERVAL_MS)
  async run(): Promise<{ rollup: RollupResult; created: string[]; dropped: string[] }> {
    const rollup = await this.analytics.rollUp();
    return { rollup, ...(await this.analytics.maintainPartitions()) };
  }
}
