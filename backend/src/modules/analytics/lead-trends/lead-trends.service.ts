import { Injectable } from '@nestjs/common';
import { type AnalyticsQuery, previousPeriod } from '@rafter/domain/analytics';
import { emptyLeadTrendsFigures, type LeadTrends, sumLeadTrends } from '@rafter/domain/lead-trends';
import { LeadsService } from '../../leads/leads.service';
import { PlanAccessService } from '../../plans/plan-access.service';
import { AnalyticsService, daysBetween } from '../analytics.service';

/**
 * Leads and pipeline value over time (domain/src/lead-trends.ts): the leads module counts them,
 * this slice gates, puts the days in the funnel's time zone and fills the days without leads.
 */
@Injectable()
export class LeadTrendsService {
  constructor(
    private readonly leads: LeadsService,
    private readonly analytics: AnalyticsService,
    private readonly plans: PlanAccessService,
  ) {}

  /** [from, to] and the period before it; 403 'upgrade_required' without a plan, as the funnel. */
  async trends(ownerId: string, query: AnalyticsQuery, now = new Date()): Promise<LeadTrends> {
    await this.plans.assertFeature(ownerId, 'analytics', now);
    const { from, to } = query;
    const previous = previousPeriod(from, to);
    const timeZone = await this.analytics.timeZone(ownerId);
    // Both periods in one range scan: the period before ends the day before `from`.
    const days = await this.leads.trends(ownerId, previous.from, to, timeZone);
    const byDay = new Map(days.map((day) => [day.day, day]));
    const daily = daysBetween(from, to).map(
      (day) => byDay.get(day) ?? { day, ...emptyLeadTrendsFigures() },
    );
    return {
      from,
      to,
      previousFrom: previous.from,
      previousTo: previous.to,
      timeZone,
      daily,
      totals: sumLeadTrends(daily),
      previous: sumLeadTrends(days.filter((day) => day.day < from)),
    };
  }
}
