import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type AnalyticsFunnelResponse,
  type AnalyticsQuery,
  analyticsBatchSchema,
  BREAKDOWN_DIMENSIONS,
  type BreakdownRow,
  plausibleSteps,
  plausibleVisitTime,
  previousPeriod,
  visitTime,
} from '@rafter/domain/analytics';
import { FUNNEL_ROWS, FUNNEL_STEPS } from '@rafter/domain/funnel';
import { canUseFeature } from '@rafter/domain/plans';
import { isbot } from 'isbot';
import { ZodValidationException } from 'nestjs-zod';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { AuthService } from '../auth/auth.service';
import { LeadsService } from '../leads/leads.service';
import { PlanAccessService } from '../plans/plan-access.service';
import { partitionPlan } from './analytics-partitions';
import { AnalyticsException } from './analytics.exception';
import {
  AnalyticsRepository,
  type BreakdownBy,
  type BreakdownSqlRow,
  type RollupResult,
  type VisitKeysRow,
} from './analytics.repository';

/** Whether an owner exists is remembered this long, so reports cost no lookup of their owner. */
const OWNER_CACHE_MS = 60_000;
/** Past this many remembered owners the cache starts again (random ids must not fill memory). */
const OWNER_CACHE_MAX = 100_000;

export type IngestOutcome = 'stored' | 'bot' | 'implausible' | 'unknown_owner';

/** The days from `from` to `to` (YYYY-MM-DD), both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= end; day += 86_400_000) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}

/** A time zone this runtime knows, else UTC (as the lead allowance's month does). */
function knownTimeZone(timeZone: string | null): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * Advanced analytics (docs/analytics.md): the estimator's reports in, the daily rollup, and the
 * Analytics tab's funnel with its comparison and breakdowns.
 */
@Injectable()
export class AnalyticsService {
  private readonly logger = new Logger(AnalyticsService.name);
  private readonly owners = new Map<string, { exists: Promise<boolean>; until: number }>();

  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly plans: PlanAccessService,
    private readonly leads: LeadsService,
    private readonly accounts: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The time zone the Analytics tab's days are in (the funnel's and the leads'): the business
   * profile's when it is a zone this runtime knows, else UTC.
   */
  async timeZone(ownerId: string): Promise<string> {
    return knownTimeZone(await this.repository.timeZone(ownerId));
  }

  /**
   * One visit's report, as sendBeacon sent it (a JSON string) or already parsed. A malformed
   * report throws (400, the message names the problem); one that could not come from a person
   * on a real contractor's page is dropped without a word, so a script learns nothing from it.
   */
  async ingest(
    body: unknown,
    userAgent: string | undefined,
    now = new Date(),
  ): Promise<IngestOutcome> {
    let value = body;
    if (typeof body === 'string') {
      try {
        value = JSON.parse(body);
      } catch {
        throw new AnalyticsException('invalid_json');
      }
    }
    const parsed = analyticsBatchSchema.safeParse(value);
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    const batch = parsed.data;
    if (userAgent && isbot(userAgent)) return 'bot';
    if (!plausibleSteps(batch.steps) || !plausibleVisitTime(batch.visitId, now)) {
      return 'implausible';
    }
    if (!(await this.ownerExists(batch.ownerId, now.getTime()))) return 'unknown_owner';
    await this.repository.insertSteps({
      visitId: batch.visitId,
      visitAt: visitTime(batch.visitId),
      ownerId: batch.ownerId,
      steps: batch.steps.map((step) => FUNNEL_STEPS.indexOf(step)),
      source: batch.source,
      origin: batch.origin ?? null,
      utm: batch.utm ?? {},
      device: batch.device,
      material: batch.material ?? null,
      zipCode: batch.zipCode ?? null,
    });
    return 'stored';
  }

  private ownerExists(ownerId: string, now: number): Promise<boolean> {
    const cached = this.owners.get(ownerId);
    if (cached && cached.until > now) return cached.exists;
    if (this.owners.size >= OWNER_CACHE_MAX) this.owners.clear();
    const exists = this.accounts.accountExists(ownerId);
    this.owners.set(ownerId, { exists, until: now + OWNER_CACHE_MS });
    // A failed lookup is not remembered: the next report asks again.
    exists.catch(() => this.owners.delete(ownerId));
    return exists;
  }

  /** The worker's rollup: recounts the owners' days that received events since the last one. */
  async rollUp(): Promise<RollupResult> {
    const started = Date.now();
    const result = await this.repository.rollUp();
    if (result.ran) {
      this.logger.log({ ...result, ms: Date.now() - started }, 'Analytics rolled up');
    }
    return result;
  }

  /**
   * Keeps this month's partition and the next ones made, and drops those past
   * ANALYTICS_RETENTION_DAYS. Returns what it changed.
   */
  async maintainPartitions(now = new Date()): Promise<{ created: string[]; dropped: string[] }> {
    const plan = partitionPlan(
      await this.repository.partitions(),
      now,
      this.config.ANALYTICS_RETENTION_DAYS,
    );
    if (plan.create.length === 0 && plan.drop.length === 0) return { created: [], dropped: [] };
    let done: boolean;
    try {
      done = await this.repository.changePartitions(plan.create, plan.drop);
    } catch (error) {
      // lock_not_available: the table was busy for a second; the next run tries again.
      if ((error as { code?: string }).code !== '55P03') throw error;
      this.logger.warn(
        { create: plan.create.length, drop: plan.drop },
        'Analytics partitions busy',
      );
      return { created: [], dropped: [] };
    }
    const result = done
      ? { created: plan.create.map((month) => month.name), dropped: plan.drop }
      : { created: [], dropped: [] };
    if (done) this.logger.log(result, 'Analytics partitions changed');
    return result;
  }

  /**
   * The Analytics tab: the funnel over [from, to] in the contractor's time zone against the
   * period before; breakdowns on plans with them. 403 without an active plan.
   */
  async funnel(
    ownerId: string,
    query: AnalyticsQuery,
    now = new Date(),
  ): Promise<AnalyticsFunnelResponse> {
    await this.plans.assertFeature(ownerId, 'analytics', now);
    const { from, to } = query;
    const previous = previousPeriod(from, to);
    const [state, timeZone, totals, daily, updatedAt] = await Promise.all([
      this.plans.state(ownerId),
      this.timeZone(ownerId),
      this.repository.stepTotals(ownerId, previous.from, from, to),
      this.repository.daily(ownerId, from, to),
      this.repository.rolledUpAt(),
    ]);
    const withBreakdowns = canUseFeature(state, 'analyticsBreakdowns', now);
    const [[won, wonBefore], breakdowns] = await Promise.all([
      Promise.all([
        this.leads.convertedCount(ownerId, from, to, timeZone),
        this.leads.convertedCount(ownerId, previous.from, previous.to, timeZone),
      ]),
      withBreakdowns ? this.breakdowns(ownerId, from, to, timeZone) : Promise.resolve(null),
    ]);
    const byStep = new Map(totals.map((row) => [row.step, row]));
    const byDay = new Map(daily.map((row) => [row.day, row]));
    return {
      from,
      to,
      previousFrom: previous.from,
      previousTo: previous.to,
      timeZone,
      funnel: FUNNEL_ROWS.map((step, index) =>
        step === 'won'
          ? { step, count: won ?? 0, previous: wonBefore ?? 0 }
          : {
              step,
              count: byStep.get(index)?.count ?? 0,
              previous: byStep.get(index)?.previous ?? 0,
            },
      ),
      daily: daysBetween(from, to).map((day) => ({
        day,
        views: byDay.get(day)?.views ?? 0,
        quotes: byDay.get(day)?.quotes ?? 0,
      })),
      breakdowns,
      updatedAt: updatedAt ? updatedAt.toISOString() : null,
    };
  }

  /**
   * Each breakdown's rows, with `won`: the leads received in the range that are Converted now,
   * counted under their visit's key (a lead carries the visit that asked for it; leads without
   * one, from before or with GPC, are in the funnel's won only). A won visit's key that had no
   * visits in the range (it came the day before) gets a row of its own.
   */
  private async breakdowns(
    ownerId: string,
    from: string,
    to: string,
    timeZone: string,
  ): Promise<Record<BreakdownBy, BreakdownRow[]>> {
    const [rows, wonVisits] = await Promise.all([
      Promise.all(
        BREAKDOWN_DIMENSIONS.map((by) => this.repository.breakdown(ownerId, by, from, to)),
      ),
      this.wonVisitKeys(ownerId, from, to, timeZone),
    ]);
    return Object.fromEntries(
      BREAKDOWN_DIMENSIONS.map((by, index) => [
        by,
        withWon((rows[index] ?? []).map(toBreakdownRow), wonVisits, by),
      ]),
    ) as Record<BreakdownBy, BreakdownRow[]>;
  }

  private async wonVisitKeys(
    ownerId: string,
    from: string,
    to: string,
    timeZone: string,
  ): Promise<VisitKeysRow[]> {
    const visitIds = await this.leads.convertedVisitIds(ownerId, from, to, timeZone);
    if (visitIds.length === 0) return [];
    return this.repository.visitKeys(
      ownerId,
      visitIds.map((visitId) => ({ visitId, visitAt: visitTime(visitId) })),
    );
  }
}

/** `rows` with the won visits counted under their key in `by`; new keys at the end. */
function withWon(rows: BreakdownRow[], wonVisits: VisitKeysRow[], by: BreakdownBy): BreakdownRow[] {
  const rowKey = (key: string, origin: string | undefined) => `${key}\u0000${origin ?? ''}`;
  const byKey = new Map(rows.map((row) => [rowKey(row.key, row.origin), row]));
  for (const visit of wonVisits) {
    const key = visit[by];
    if (key === null) continue;
    const origin = by === 'source' && key === 'embed' ? visit.origin : undefined;
    let row = byKey.get(rowKey(key, origin));
    if (!row) {
      row = {
        key,
        ...(origin === undefined ? {} : { origin }),
        views: 0,
        starts: 0,
        estimates: 0,
        quotes: 0,
        booked: 0,
        won: 0,
      };
      byKey.set(rowKey(key, origin), row);
      rows.push(row);
    }
    row.won += 1;
  }
  return rows;
}

function toBreakdownRow(row: BreakdownSqlRow): BreakdownRow {
  return {
    key: row.key,
    ...(row.origin === null ? {} : { origin: row.origin }),
    views: row.views,
    starts: row.starts,
    estimates: row.estimates,
    quotes: row.quotes,
    booked: row.booked,
    won: 0,
  };
}
