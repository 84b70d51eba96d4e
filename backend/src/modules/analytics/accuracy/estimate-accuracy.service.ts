import { Injectable } from '@nestjs/common';
import { type AnalyticsQuery } from '@rafter/domain/analytics';
import { isTimeZone } from '@rafter/domain/calendar';
import { type EstimateAccuracy, estimateAccuracy } from '@rafter/domain/estimate-accuracy';
import { PlanAccessService } from '../../plans/plan-access.service';
import { EstimateAccuracyRepository } from './estimate-accuracy.repository';

/** Estimate vs sold price of the contractor's won jobs (domain/src/estimate-accuracy.ts). */
@Injectable()
export class EstimateAccuracyService {
  constructor(
    private readonly repository: EstimateAccuracyRepository,
    private readonly plans: PlanAccessService,
  ) {}

  /**
   * Leads received in the range (days in the contractor's time zone, UTC without one), as the
   * funnel counts 'won'; 403 'upgrade_required' below Smart.
   */
  async accuracy(ownerId: string, query: AnalyticsQuery): Promise<EstimateAccuracy> {
    await this.plans.assertFeature(ownerId, 'analyticsBreakdowns');
    const zone = await this.repository.timeZone(ownerId);
    const timeZone = zone !== null && isTimeZone(zone) ? zone : 'UTC';
    const sales = await this.repository.sales(ownerId, query.from, query.to, timeZone);
    return estimateAccuracy(query.from, query.to, sales);
  }
}
