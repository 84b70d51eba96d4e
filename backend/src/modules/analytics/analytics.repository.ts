import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { type PoolClient } from 'pg';
import { type BreakdownDimension } from '@rafter/domain/analytics';
import { TOGETHER } from '../../core/database/batching';
import { isDatabaseUnavailable } from '../../core/database/database-errors';
import { PrismaService } from '../../core/database/prisma.service';
import { Prisma } from '../../generated/prisma/client';
import { type MonthPartition, PARTITION_PREFIX } from './analytics-partitions';

/** One visit's report as stored: a row per step, the rest the same on each. */
export interface VisitSteps {
  visitId: string;
  visitAt: Date;
  ownerId: string;
  /** Indexes in FUNNEL_STEPS. */
  steps: number[];
  source: string;
  origin: string | null;
  utm: Partial<Record<'source' | 'medium' | 'campaign' | 'term' | 'content', string>>;
  device: string;
  /** The material chosen (MATERIALS), once the report carries it. */
  material: string | null;
  /** The measured address's 5-digit ZIP code, once the report carries it. */
  zipCode: string | null;
}

export interface StepTotalRow {
  step: number;
  count: number;
  previous: number;
}

export interface DailyRow {
  day: string;
  views: number;
  quotes: number;
}

export interface BreakdownSqlRow {
  key: string;
  origin: string | null;
  views: number;
  starts: number;
  estimates: number;
  quotes: number;
  booked: number;
}

export type BreakdownBy = BreakdownDimension;

/** A visit's key in each breakdown, as the rollup counts it (null: left out of that one). */
export type VisitKeysRow = Record<BreakdownBy, string | null> & { origin: string };

export interface RollupResult {
  /** False when another worker was rolling up (it holds the state row). */
  ran: boolean;
  ownerDays: number;
  /** Rows written to analytics_daily_funnel and analytics_daily_breakdown together. */
  rows: number;
}

/**
 * How far back of the watermark each rollup looks again: an insert that took its received_at
 * just before a rollup began but committed just after is still counted by the next one.
 */
const OVERLAP = '1 minute';
/** A visit is at most a day (and a few minutes) older than when its report arrives. */
const VISIT_BEFORE_RECEIVED = '1 day 10 minutes';

/**
 * analytics_events (raw, partitioned by month), the rollup (analytics_daily_funnel: visits per
 * owner, day and step; analytics_daily_breakdown: per owner, day and value of each breakdown's
 * dimension) and the rollup's state. Raw SQL on the pool: the ingest is the hottest statement
 * in the product.
 */
@Injectable()
export class AnalyticsRepository {
  private readonly inserts = new DataLoader<VisitSteps, void | Error>(
    (visits) => this.insertBatch(visits),
    TOGETHER,
  );
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Stores one visit's report; steps already stored are left as they are. Reports arriving
   * together (the same turn of the event loop) share one statement, and each one's promise
   * settles with it, so none is answered as stored without being stored: a database that is
   * down fails them all (503).
   */
  async insertSteps(visit: VisitSteps): Promise<void> {
    await this.inserts.load(visit);
  }

  private async insertBatch(visits: readonly VisitSteps[]): Promise<(void | Error)[]> {
    try {
      await this.insertVisits(visits);
      return visits.map(() => undefined);
    } catch (error) {
      // A database that is down fails them all alike. Anything else may be one report's doing
      // (a visit whose month has no partition): each is stored alone, so only it fails.
      if (visits.length === 1 || isDatabaseUnavailable(error)) throw error;
      return Promise.all(
        visits.map((visit) =>
          this.insertVisits([visit]).then(
            () => undefined,
            (visitError: unknown) =>
              visitError instanceof Error ? visitError : new Error(String(visitError)),
          ),
        ),
      );
    }
  }

  /**
   * One INSERT for the visits of the reports arriving together, a row per (visit, step) as
   * parallel arrays, so the statement has one shape whatever the count: named, each connection
   * parses and plans it once (planning over the partitions costs more than running it). Rows go
   * in key order, so two batches holding the same visit's steps (a report repeated, another api
   * process) wait for each other instead of deadlocking.
   */
  private async insertVisits(visits: readonly VisitSteps[]): Promise<void> {
    const rows = visits
      .flatMap((visit) => visit.steps.map((step) => ({ visit, step })))
      .sort(
        (a, b) =>
          a.visit.visitAt.getTime() - b.visit.visitAt.getTime() ||
          (a.visit.visitId < b.visit.visitId ? -1 : a.visit.visitId > b.visit.visitId ? 1 : 0) ||
          a.step - b.step,
      );
    const column = <T>(pick: (visit: VisitSteps) => T): T[] => rows.map((row) => pick(row.visit));
    await this.prisma.pool.query({
      name: 'analytics-insert-visits',
      text: `INSERT INTO analytics_events (visit_at, visit_id, step, owner_id, source, origin,
         utm_source, utm_medium, utm_campaign, utm_term, utm_content, device, material, zip_code)
       SELECT * FROM unnest($1::timestamptz[], $2::uuid[], $3::smallint[], $4::uuid[],
         $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
         $12::text[], $13::text[], $14::text[])
       ON CONFLICT DO NOTHING`,
      values: [
        column((visit) => visit.visitAt.toISOString()),
        column((visit) => visit.visitId),
        rows.map((row) => row.step),
        column((visit) => visit.ownerId),
        column((visit) => visit.source),
        column((visit) => visit.origin),
        column((visit) => visit.utm.source ?? null),
        column((visit) => visit.utm.medium ?? null),
        column((visit) => visit.utm.campaign ?? null),
        column((visit) => visit.utm.term ?? null),
        column((visit) => visit.utm.content ?? null),
        column((visit) => visit.device),
        column((visit) => visit.material),
        column((visit) => visit.zipCode),
      ],
    });
  }

  /** The business profile's time zone, if one is set. */
  async timeZone(ownerId: string): Promise<string | null> {
    const rows = await this.prisma.rows<{ timezone: string | null }>(Prisma.sql`
      SELECT timezone FROM business_profiles WHERE user_id = ${ownerId}::uuid`);
    return rows[0]?.timezone ?? null;
  }

  /**
   * Recounts, from the raw events, every owner's day that received events since the watermark
   * (less OVERLAP): each such day's rows are replaced whole, so running it again changes
   * nothing. One worker at a time: the state row is held for the transaction, and a second
   * worker skips instead of waiting.
   */
  async rollUp(): Promise<RollupResult> {
    return this.inTransaction(async (client) => {
      const state = await client.query<{ watermark: Date; now: Date }>(
        `SELECT watermark, now() AS now FROM analytics_rollup_state WHERE id = 1
         FOR UPDATE SKIP LOCKED`,
      );
      const held = state.rows[0];
      if (!held) return { ran: false, ownerDays: 0, rows: 0 };
      // Days in each owner's time zone: the profile's when PostgreSQL knows it, else UTC.
      const affected = await client.query<{ owner_id: string; tz: string; day: string }>(
        `WITH fresh AS (
           SELECT owner_id, visit_at FROM analytics_events
           WHERE received_at > $1::timestamptz - $2::interval
             AND visit_at > $1::timestamptz - $2::interval - $3::interval
         ), zones AS (
           SELECT o.owner_id, COALESCE(z.name, 'UTC') AS tz
           FROM (SELECT DISTINCT owner_id FROM fresh) o
           LEFT JOIN business_profiles p ON p.user_id = o.owner_id
           LEFT JOIN pg_timezone_names z ON z.name = p.timezone
         )
         SELECT DISTINCT f.owner_id, z.tz, to_char(f.visit_at AT TIME ZONE z.tz, 'YYYY-MM-DD') AS day
         FROM fresh f JOIN zones z USING (owner_id)`,
        [held.watermark, OVERLAP, VISIT_BEFORE_RECEIVED],
      );
      const owners = affected.rows.map((row) => row.owner_id);
      const zones = affected.rows.map((row) => row.tz);
      const days = affected.rows.map((row) => row.day);
      let rows = 0;
      if (owners.length > 0) {
        for (const table of ['analytics_daily_funnel', 'analytics_daily_breakdown']) {
          await client.query(
            `DELETE FROM ${table} d
             USING unnest($1::uuid[], $2::date[]) AS a(owner_id, day)
             WHERE d.owner_id = a.owner_id AND d.day = a.day`,
            [owners, days],
          );
        }
        // The touched days' raw rows, read once for both tables. Each (visit, step) is stored
        // once (the primary key), so rows counted are visits. The material and ZIP code are the
        // visit's, on each of its steps: those of its furthest step that has one (a report
        // carries them only once known, and a visit lies within one day), so the material
        // breakdown counts, per material, the visits that chose it and how far they got.
        const inserted = await client.query<{ funnel: number; breakdown: number }>(
          `WITH e AS MATERIALIZED (
             SELECT e.owner_id, a.day, e.step, e.source, e.origin, e.utm_campaign, e.device,
               (array_remove(array_agg(e.material) OVER visit, NULL))[1] AS material,
               (array_remove(array_agg(e.zip_code) OVER visit, NULL))[1] AS zip_code
             FROM unnest($1::uuid[], $2::text[], $3::date[]) AS a(owner_id, tz, day)
             JOIN analytics_events e ON e.owner_id = a.owner_id
               AND e.visit_at >= (a.day::timestamp AT TIME ZONE a.tz)
               AND e.visit_at < ((a.day + 1)::timestamp AT TIME ZONE a.tz)
             WINDOW visit AS (PARTITION BY e.visit_at, e.visit_id ORDER BY e.step DESC
               ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
           ), funnel AS (
             INSERT INTO analytics_daily_funnel (owner_id, day, step, visits)
             SELECT owner_id, day, step, count(*)::int FROM e GROUP BY 1, 2, 3
             RETURNING 1
           ), breakdown AS (
             INSERT INTO analytics_daily_breakdown
               (owner_id, dimension, day, key, origin, views, starts, estimates, quotes, booked)
             SELECT e.owner_id, d.dimension, e.day, d.key, d.origin,
               count(*) FILTER (WHERE e.step = 0)::int,
               count(*) FILTER (WHERE e.step = 1)::int,
               count(*) FILTER (WHERE e.step = 7)::int,
               count(*) FILTER (WHERE e.step = 8)::int,
               count(*) FILTER (WHERE e.step = 9)::int
             FROM e CROSS JOIN LATERAL (VALUES
               ('source', e.source,
                 CASE WHEN e.source = 'embed' THEN COALESCE(e.origin, '') ELSE '' END),
               ('campaign', COALESCE(e.utm_campaign, ''), ''),
               ('device', e.device, ''),
               ('material', e.material, ''),
               ('zip', e.zip_code, '')
             ) AS d(dimension, key, origin)
             -- Visits without a material or ZIP code yet are left out of those breakdowns.
             WHERE d.key IS NOT NULL
             GROUP BY 1, 2, 3, 4, 5
             RETURNING 1
           )
           SELECT (SELECT count(*) FROM funnel)::int AS funnel,
                  (SELECT count(*) FROM breakdown)::int AS breakdown`,
          [owners, zones, days],
        );
        rows = (inserted.rows[0]?.funnel ?? 0) + (inserted.rows[0]?.breakdown ?? 0);
      }
      await client.query(
        `UPDATE analytics_rollup_state SET watermark = $1, rolled_up_at = clock_timestamp()
         WHERE id = 1`,
        [held.now],
      );
      return { ran: true, ownerDays: owners.length, rows };
    });
  }

  /** When the figures were last rolled up; null before the first time. */
  async rolledUpAt(): Promise<Date | null> {
    const rows = await this.prisma.rows<{ rolled_up_at: Date | null }>(Prisma.sql`
      SELECT rolled_up_at FROM analytics_rollup_state WHERE id = 1`);
    return rows[0]?.rolled_up_at ?? null;
  }

  /** Visits per step in [from, to] and in [previousFrom, from). */
  stepTotals(ownerId: string, previousFrom: string, from: string, to: string) {
    return this.prisma.rows<StepTotalRow>(Prisma.sql`
      SELECT step,
        COALESCE(sum(visits) FILTER (WHERE day >= ${from}::date), 0)::int AS count,
        COALESCE(sum(visits) FILTER (WHERE day < ${from}::date), 0)::int AS previous
      FROM analytics_daily_funnel
      WHERE owner_id = ${ownerId}::uuid AND day >= ${previousFrom}::date AND day <= ${to}::date
      GROUP BY step`);
  }

  /** Views and quote requests per day that has any (days without are left out). */
  daily(ownerId: string, from: string, to: string) {
    return this.prisma.rows<DailyRow>(Prisma.sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day,
        COALESCE(sum(visits) FILTER (WHERE step = 0), 0)::int AS views,
        COALESCE(sum(visits) FILTER (WHERE step = 8), 0)::int AS quotes
      FROM analytics_daily_funnel
      WHERE owner_id = ${ownerId}::uuid AND day >= ${from}::date AND day <= ${to}::date
        AND step IN (0, 8)
      GROUP BY day`);
  }

  /**
   * The range's visits per step for each source (with the embed's origin), campaign, device,
   * material or ZIP code, most viewed first.
   */
  breakdown(ownerId: string, by: BreakdownBy, from: string, to: string) {
    const origin =
      by === 'source'
        ? Prisma.sql`CASE WHEN key = 'embed' THEN origin END`
        : Prisma.sql`NULL::text`;
    return this.prisma.rows<BreakdownSqlRow>(Prisma.sql`
      SELECT key, ${origin} AS origin,
        sum(views)::int AS views, sum(starts)::int AS starts, sum(estimates)::int AS estimates,
        sum(quotes)::int AS quotes, sum(booked)::int AS booked
      FROM analytics_daily_breakdown
      WHERE owner_id = ${ownerId}::uuid AND dimension = ${by}
        AND day >= ${from}::date AND day <= ${to}::date
      GROUP BY key, origin
      ORDER BY views DESC, key, origin`);
  }

  /**
   * The owner's visits among `visitIds` (the ones won leads carry), each with its key in every
   * breakdown, by the rollup's rules: the embed's origin, '' for no campaign, the material and
   * ZIP code of the visit's furthest step that has one. Found through the primary key, the
   * visit's time taken from its UUIDv7; a visit of another owner, or gone with its partition, is
   * not in the answer.
   */
  visitKeys(ownerId: string, visits: { visitId: string; visitAt: Date }[]) {
    return this.prisma.rows<VisitKeysRow>(Prisma.sql`
      SELECT min(e.source) AS source,
        CASE WHEN min(e.source) = 'embed' THEN COALESCE(min(e.origin), '') ELSE '' END AS origin,
        COALESCE(min(e.utm_campaign), '') AS campaign,
        min(e.device) AS device,
        (array_remove(array_agg(e.material ORDER BY e.step DESC), NULL))[1] AS material,
        (array_remove(array_agg(e.zip_code ORDER BY e.step DESC), NULL))[1] AS zip
      FROM unnest(${visits.map((visit) => visit.visitAt)}::timestamptz[],
                  ${visits.map((visit) => visit.visitId)}::uuid[]) AS v(visit_at, visit_id)
      JOIN analytics_events e ON e.visit_at = v.visit_at AND e.visit_id = v.visit_id
      WHERE e.owner_id = ${ownerId}::uuid
      GROUP BY e.visit_id`);
  }

  async partitions(): Promise<string[]> {
    const rows = await this.prisma.rows<{ name: string }>(Prisma.sql`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'analytics_events'::regclass ORDER BY 1`);
    return rows.map((row) => row.name);
  }

  /**
   * Makes and drops partitions, one worker at a time (a transaction-scoped advisory lock; a
   * second worker does nothing). Both take the partitioned table's exclusive lock, which
   * inserts queue behind: waiting for it is cut at a second (another worker's rollup may be
   * reading), and what was refused is tried again on the next run.
   */
  async changePartitions(create: MonthPartition[], drop: string[]): Promise<boolean> {
    return this.inTransaction(async (client) => {
      const lock = await client.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_xact_lock(hashtext('analytics_events.partitions')) AS locked`,
      );
      if (!lock.rows[0]?.locked) return false;
      await client.query(`SET LOCAL lock_timeout = '1s'`);
      for (const month of create) {
        await client.query(
          `CREATE TABLE IF NOT EXISTS ${identifier(month.name)} PARTITION OF analytics_events
           FOR VALUES FROM ('${month.from.toISOString()}') TO ('${month.to.toISOString()}')`,
        );
      }
      for (const name of drop) await client.query(`DROP TABLE IF EXISTS ${identifier(name)}`);
      return true;
    });
  }

  private async inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.prisma.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

/** A partition's name, checked against our pattern before it goes into DDL. */
function identifier(name: string): string {
  if (!new RegExp(`^${PARTITION_PREFIX}\\d{4}_\\d{2}$`).test(name)) {
    throw new Error(`Not an analytics partition: ${name}`);
  }
  return `"${name}"`;
}
