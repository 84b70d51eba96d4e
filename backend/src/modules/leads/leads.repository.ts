import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { type LeadSort } from '@rafter/domain/crm';
import { type LeadStatus } from '@rafter/domain/lead';
import { TOGETHER } from '../../core/database/batching';
import { PrismaService } from '../../core/database/prisma.service';
import { OutboxService } from '../../core/outbox/outbox.service';
import { type LeadEventType, Prisma } from '../../generated/prisma/client';
import { LEAD_COLUMNS, LEAD_SELECT, type LeadRow } from './lead-row';

export interface LeadDetailRow extends LeadRow {
  scoreReasons: Prisma.JsonValue;
  spamAt: Date | null;
  soldPrice: number | null;
}

/** What setting a sold price did: 'not_converted' when the lead is not Converted. */
export type SoldPriceResult = 'saved' | 'not_found' | 'not_converted';

export interface TimelineRow {
  id: string;
  type: LeadEventType;
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus | null;
  note: string | null;
  detail: string | null;
  createdAt: Date;
}

/** Where the previous page ended: its last row's sort key and id. */
export interface LeadKeyset {
  key: Date | number;
  id: string;
}

export interface LeadFilter {
  /**
   * A substring searched case-insensitively in the full name, e-mail and address of unlocked
   * leads; a locked lead never matches, since its contractor may not see those details.
   */
  q?: string;
  status?: LeadStatus;
  /** Only leads changed at or after this time (the public API's `updated_since`, for syncs). */
  updatedSince?: Date;
}

export interface LeadPageQuery extends LeadFilter {
  sort: LeadSort;
  after?: LeadKeyset;
  limit: number;
}

/** Sums of one time window, for the dashboard's numbers. */
/** One status's leads and mid-estimate sums, over all time and the two metric windows. */
export interface StatusTotalsRow {
  status: LeadStatus;
  allLeads: number;
  allMidSum: number;
  currentLeads: number;
  currentMidSum: number;
  previousLeads: number;
  previousMidSum: number;
}

export interface LeadTotals {
  total: number;
  qualified: number;
  converted: number;
  /** Mean estimate_mid; null without leads. */
  averageMid: number | null;
}

/** Each sort's column; with id it matches one of the (owner_id, <column> DESC, id DESC) indexes. */
const SORT_COLUMNS: Readonly<Record<LeadSort, Prisma.Sql>> = {
  latest: Prisma.raw('created_at'),
  score: Prisma.raw('score'),
  value: Prisma.raw('estimate_mid'),
};

/** `term` as a LIKE pattern matching it anywhere, with its own % _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * What a search matches: the name as the CRM shows it ('Maria Lopez'), e-mail and address,
 * lower-cased; a search compares it with the lower-cased pattern (LIKE, cheaper a row than
 * ILIKE, which lower-cases both for every row it checks). Word for word the expression of the
 * trigram index leads_search_trgm_idx (of unlocked leads) and of the statistics object
 * leads_search_lower_stats (migration 20261216000000_lead_search_lowercase), so it must stay
 * literal SQL.
 */
export const LEAD_SEARCH_TEXT = Prisma.raw(
  `lower(first_name || ' ' || last_name || ' ' || email || ' ' || address)`,
);

function filterSql(ownerId: string, filter: LeadFilter): Prisma.Sql {
  const conditions = [Prisma.sql`owner_id = ${ownerId}::uuid`, Prisma.sql`spam_at IS NULL`];
  if (filter.status) conditions.push(Prisma.sql`status = ${filter.status}::"LeadStatus"`);
  if (filter.updatedSince) conditions.push(Prisma.sql`updated_at >= ${filter.updatedSince}`);
  if (filter.q) {
    // A locked lead's name, e-mail and address are hidden from its contractor: never match them.
    conditions.push(
      Prisma.sql`NOT locked AND ${LEAD_SEARCH_TEXT} LIKE lower(${containsPattern(filter.q)})`,
    );
  }
  return Prisma.join(conditions, ' AND ');
}

/** The list query, exported so the EXPLAIN test checks the SQL the api runs. */
export function leadPageSql(ownerId: string, query: LeadPageQuery): Prisma.Sql {
  const column = SORT_COLUMNS[query.sort];
  const after = query.after
    ? Prisma.sql`AND (${column}, id) < (${query.after.key}, ${query.after.id}::uuid)`
    : Prisma.empty;
  return Prisma.sql`SELECT ${LEAD_COLUMNS} FROM leads
    WHERE ${filterSql(ownerId, query)} ${after}
    ORDER BY ${column} DESC, id DESC
    LIMIT ${query.limit}`;
}

/**
 * The counts query, exported so the EXPLAIN test checks the SQL the api runs. Without a search
 * or status, the daily rollup has the answer in a few rows. With a search, the trigram index
 * (which starts with the owner, migration 20261128000000_lead_search_by_owner) hands over the
 * owner's matches in one scan, and only those rows are read and counted.
 */
export function leadCountsSql(ownerId: string, filter: LeadFilter): Prisma.Sql {
  return filter.q || filter.status
    ? Prisma.sql`SELECT status, count(*)::int AS count FROM leads
        WHERE ${filterSql(ownerId, filter)} GROUP BY status`
    : Prisma.sql`SELECT status, sum(leads)::int AS count FROM lead_daily_counts
        WHERE owner_id = ${ownerId}::uuid GROUP BY status`;
}

/** One day's leads and their value (lead trends, domain/src/lead-trends.ts). */
export interface LeadTrendsRow {
  day: string;
  leads: number;
  pipelineValue: number;
  won: number;
  wonValue: number;
  wonWithSoldPrice: number;
}

/** The instants of the days [from, to] (YYYY-MM-DD) in `timeZone`, on created_at. */
function createdOnDays(from: string, to: string, timeZone: string): Prisma.Sql {
  return Prisma.sql`created_at >= (${from}::date)::timestamp AT TIME ZONE ${timeZone}
    AND created_at < (${to}::date + 1)::timestamp AT TIME ZONE ${timeZone}`;
}

/**
 * Per day of [from, to] in `timeZone` that received any, the owner's leads (spam left out) and
 * their value; exported so the EXPLAIN test checks the SQL the api runs. An index-only range
 * scan of leads_trends_by_owner_idx (migration 20261213100000_leads_trends_by_owner), grouped
 * by the date in the zone (cheaper per row than formatting each lead's time).
 */
export function leadTrendsSql(
  ownerId: string,
  from: string,
  to: string,
  timeZone: string,
): Prisma.Sql {
  return Prisma.sql`
    SELECT to_char(l.day, 'YYYY-MM-DD') AS day,
      count(*)::int AS leads,
      COALESCE(sum(l.estimate_mid) FILTER (WHERE l.status <> 'lost'), 0)::float8
        AS "pipelineValue",
      count(*) FILTER (WHERE l.status = 'converted')::int AS won,
      COALESCE(sum(COALESCE(l.sold_price, l.estimate_mid)) FILTER (WHERE l.status = 'converted'),
        0)::float8 AS "wonValue",
      count(*) FILTER (WHERE l.status = 'converted' AND l.sold_price IS NOT NULL)::int
        AS "wonWithSoldPrice"
    FROM (
      SELECT (created_at AT TIME ZONE ${timeZone})::date AS day, status, estimate_mid, sold_price
      FROM leads
      WHERE owner_id = ${ownerId}::uuid AND spam_at IS NULL
        AND ${createdOnDays(from, to, timeZone)}
    ) l
    GROUP BY l.day`;
}

/** The owner's leads for the CRM. Every query is scoped by the owner's id. */
@Injectable()
export class LeadsRepository {
  /** Leads by id, read together for the worker's handlers of one moment (one per new lead). */
  private readonly byId = new DataLoader<string, LeadRow & { ownerId: string }>(async (ids) => {
    const rows = await this.prisma.lead.findMany({
      where: { id: { in: [...ids] } },
      select: { ...LEAD_SELECT, ownerId: true },
    });
    const found = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => found.get(id) ?? new Error('not found'));
  }, TOGETHER);

  /**
   * System timeline entries of one moment in one statement; each keeps the id it is given, so
   * adding one again (a retried job) adds nothing. True for those added now.
   */
  private readonly systemEvents = new DataLoader<
    { ownerId: string; leadId: string; type: LeadEventType; id: string },
    boolean
  >(async (entries) => {
    const rows = await this.prisma.rows<{ id: string }>(Prisma.sql`
      INSERT INTO lead_events (id, lead_id, owner_id, type)
      SELECT DISTINCT ON (q.id) q.id, l.id, l.owner_id, q.type
      FROM unnest(${entries.map((e) => e.id)}::uuid[], ${entries.map((e) => e.leadId)}::uuid[],
          ${entries.map((e) => e.ownerId)}::uuid[], ${entries.map((e) => e.type)}::"LeadEventType"[])
        AS q(id, lead_id, owner_id, type)
      JOIN leads l ON l.id = q.lead_id AND l.owner_id = q.owner_id
      ON CONFLICT (id) DO NOTHING
      RETURNING id`);
    const added = new Set(rows.map((row) => row.id));
    // The same entry asked for twice in one moment: added for the first caller only.
    const seen = new Set<string>();
    return entries.map((entry) => {
      const first = !seen.has(entry.id);
      seen.add(entry.id);
      return first && added.has(entry.id);
    });
  }, TOGETHER);

  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxService,
  ) {}

  listPage(ownerId: string, query: LeadPageQuery): Promise<LeadRow[]> {
    return this.prisma.$queryRaw<LeadRow[]>(leadPageSql(ownerId, query));
  }

  async countByStatus(ownerId: string, filter: LeadFilter): Promise<Map<LeadStatus, number>> {
    const rows = await this.prisma.$queryRaw<{ status: LeadStatus; count: number }[]>(
      leadCountsSql(ownerId, filter),
    );
    return new Map(rows.map((row) => [row.status, row.count]));
  }

  /**
   * Per-status totals from the daily rollup (`lead_daily_counts`, kept by a trigger on leads):
   * all of the owner's leads, and those that arrived on UTC days from `current` on and in
   * [`previous`, `current`). Reads at most a few rows per day, however many leads there are.
   */
  async statusTotals(
    ownerId: string,
    windows: { current: Date; previous: Date },
  ): Promise<StatusTotalsRow[]> {
    const rows = await this.prisma.$queryRaw<StatusTotalsRow[]>`
      SELECT status,
        COALESCE(sum(leads), 0)::int AS "allLeads",
        COALESCE(sum(mid_sum), 0)::float8 AS "allMidSum",
        COALESCE(sum(leads) FILTER (WHERE day >= ${windows.current}::date), 0)::int
          AS "currentLeads",
        COALESCE(sum(mid_sum) FILTER (WHERE day >= ${windows.current}::date), 0)::float8
          AS "currentMidSum",
        COALESCE(sum(leads) FILTER (
          WHERE day >= ${windows.previous}::date AND day < ${windows.current}::date), 0)::int
          AS "previousLeads",
        COALESCE(sum(mid_sum) FILTER (
          WHERE day >= ${windows.previous}::date AND day < ${windows.current}::date), 0)::float8
          AS "previousMidSum"
      FROM lead_daily_counts WHERE owner_id = ${ownerId}::uuid
      GROUP BY status`;
    return rows;
  }

  /** Leads and their value per day of [from, to] in `timeZone` (days without any left out). */
  trends(ownerId: string, from: string, to: string, timeZone: string): Promise<LeadTrendsRow[]> {
    return this.prisma.$queryRaw<LeadTrendsRow[]>(leadTrendsSql(ownerId, from, to, timeZone));
  }

  /**
   * The owner's leads received in [from, to] (days in `timeZone`) that are Converted now, spam
   * left out: one range of the (owner_id, status, created_at DESC, id DESC) index.
   */
  async convertedCount(
    ownerId: string,
    from: string,
    to: string,
    timeZone: string,
  ): Promise<number> {
    const rows = await this.prisma.$queryRaw<{ count: number }[]>(Prisma.sql`
      SELECT count(*)::int AS count FROM leads
      WHERE owner_id = ${ownerId}::uuid AND status = 'converted' AND spam_at IS NULL
        AND ${createdOnDays(from, to, timeZone)}`);
    return rows[0]?.count ?? 0;
  }

  /**
   * The analytics visits of the owner's leads received in [from, to] (days in `timeZone`) that
   * are Converted now, spam left out; leads without a visit are not in it.
   */
  async convertedVisitIds(
    ownerId: string,
    from: string,
    to: string,
    timeZone: string,
  ): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ visit_id: string }[]>(Prisma.sql`
      SELECT visit_id::text FROM leads
      WHERE owner_id = ${ownerId}::uuid AND status = 'converted' AND spam_at IS NULL
        AND visit_id IS NOT NULL AND ${createdOnDays(from, to, timeZone)}`);
    return rows.map((row) => row.visit_id);
  }

  /** Leads per UTC day from `since` (a UTC midnight) on, from the daily rollup. */
  perDay(ownerId: string, since: Date): Promise<{ day: string; count: number }[]> {
    return this.prisma.$queryRaw`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(leads)::int AS count
      FROM lead_daily_counts WHERE owner_id = ${ownerId}::uuid AND day >= ${since}::date
      GROUP BY day`;
  }

  /** The owner's leads among `ids`, newest first, at most `limit`. */
  findItems(ownerId: string, ids: string[], limit: number): Promise<LeadRow[]> {
    // The ids as one array parameter: an upgrade can unlock more leads than a statement takes
    // parameters (Prisma's `in` sends one each, and refused 40,000).
    return this.prisma.$queryRaw<LeadRow[]>`SELECT ${LEAD_COLUMNS} FROM leads
      WHERE owner_id = ${ownerId}::uuid AND id = ANY(${ids}::uuid[])
      ORDER BY created_at DESC, id DESC
      LIMIT ${limit}`;
  }

  /** The owner's lead as the list shows it, or null; reads of one moment share one query. */
  async findItem(ownerId: string, id: string): Promise<LeadRow | null> {
    const row = await this.byId.load(id).catch(() => null);
    if (!row || row.ownerId !== ownerId) return null;
    const { ownerId: _owner, ...lead } = row;
    return lead;
  }

  findDetail(ownerId: string, id: string): Promise<LeadDetailRow | null> {
    return this.prisma.lead.findFirst({
      where: { id, ownerId },
      select: { ...LEAD_SELECT, scoreReasons: true, spamAt: true, soldPrice: true },
    });
  }

  /** The owner's newest timeline entries of these types (leads flagged as spam included). */
  recentEvents(
    ownerId: string,
    types: LeadEventType[],
    limit: number,
  ): Promise<{ id: string; leadId: string }[]> {
    return this.prisma.leadEvent.findMany({
      where: { ownerId, type: { in: types } },
      select: { id: true, leadId: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
  }

  /** The lead's timeline, oldest first, each note_added entry with its note's text. */
  async timeline(ownerId: string, leadId: string): Promise<TimelineRow[]> {
    const events = await this.prisma.leadEvent.findMany({
      where: { leadId, ownerId },
      select: {
        id: true,
        type: true,
        fromStatus: true,
        toStatus: true,
        detail: true,
        createdAt: true,
        note: { select: { body: true } },
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return events.map(({ note, ...event }) => ({ ...event, note: note?.body ?? null }));
  }

  /**
   * Adds an entry the system made (no actor, no status, no note) to the owner's lead, under the
   * caller's id: the same id again adds nothing, so a handler run twice records it once. False
   * when the owner has no such lead or the entry was there already.
   */
  addSystemEvent(
    ownerId: string,
    leadId: string,
    type: LeadEventType,
    id: string,
  ): Promise<boolean> {
    return this.systemEvents.load({ ownerId, leadId, type, id });
  }

  /** The homeowner's e-mail address on the owner's lead, locked or not; null without the lead. */
  async homeownerEmail(ownerId: string, leadId: string): Promise<string | null> {
    const lead = await this.prisma.lead.findFirst({
      where: { id: leadId, ownerId },
      select: { email: true },
    });
    return lead?.email ?? null;
  }

  /** The owner's newest lead from this e-mail address (any case), or null. */
  async latestLeadIdByEmail(ownerId: string, email: string): Promise<string | null> {
    const lead = await this.prisma.lead.findFirst({
      where: { ownerId, email: { equals: email, mode: 'insensitive' } },
      select: { id: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    return lead?.id ?? null;
  }

  /**
   * Sets the status and records the change in the timeline and the outbox (`lead.status-changed`),
   * in one transaction; a status equal to the current one records nothing. Null when the owner has no such lead.
   */
  updateStatus(
    ownerId: string,
    id: string,
    status: LeadStatus,
    actorId: string,
  ): Promise<LeadRow | null> {
    return this.prisma.$transaction(async (tx) => {
      // The row lock orders concurrent changes, so each event's fromStatus is the real one.
      const [current] = await tx.$queryRaw<{ status: LeadStatus }[]>`
        SELECT status FROM leads WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid
        FOR UPDATE`;
      if (!current) return null;
      if (current.status === status) {
        return tx.lead.findUniqueOrThrow({ where: { id }, select: LEAD_SELECT });
      }
      const lead = await tx.lead.update({ where: { id }, data: { status }, select: LEAD_SELECT });
      const event = await tx.leadEvent.create({
        data: {
          leadId: id,
          ownerId,
          type: 'status_changed',
          fromStatus: current.status,
          toStatus: status,
          actorId,
        },
        select: { id: true },
      });
      // Webhooks hear of the change exactly when it is committed.
      await this.outbox.add(tx, 'lead.status-changed', { leadId: id, ownerId, eventId: event.id });
      return lead;
    });
  }

  /**
   * Sets (or clears, with null) what the lead sold for and records it in the timeline (detail:
   * the whole dollars, '' when cleared), in one transaction; the same price again records
   * nothing. A price is only taken for a Converted lead; clearing works in any status.
   */
  setSoldPrice(
    ownerId: string,
    id: string,
    soldPrice: number | null,
    actorId: string,
  ): Promise<SoldPriceResult> {
    return this.prisma.$transaction(async (tx) => {
      const [current] = await tx.$queryRaw<{ status: LeadStatus; soldPrice: number | null }[]>`
        SELECT status, sold_price AS "soldPrice" FROM leads
        WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid
        FOR UPDATE`;
      if (!current) return 'not_found';
      if (soldPrice !== null && current.status !== 'converted') return 'not_converted';
      if (current.soldPrice === soldPrice) return 'saved';
      await tx.lead.update({ where: { id }, data: { soldPrice }, select: { id: true } });
      await tx.leadEvent.create({
        data: {
          leadId: id,
          ownerId,
          type: 'sold_price_set',
          detail: soldPrice === null ? '' : String(soldPrice),
          actorId,
        },
        select: { id: true },
      });
      return 'saved';
    });
  }

  /**
   * Stores a note with its timeline entry and `lead.note-added` event; null when the owner has no
   * such lead.
   */
  addNote(
    ownerId: string,
    leadId: string,
    authorId: string,
    body: string,
  ): Promise<{ entry: TimelineRow; lead: LeadRow } | null> {
    return this.prisma.$transaction(async (tx) => {
      const found = await tx.lead.findFirst({
        where: { id: leadId, ownerId },
        select: { id: true },
      });
      if (!found) return null;
      const note = await tx.leadNote.create({
        data: { leadId, authorId, body },
        select: { id: true, createdAt: true },
      });
      const event = await tx.leadEvent.create({
        data: {
          leadId,
          ownerId,
          type: 'note_added',
          noteId: note.id,
          actorId: authorId,
          createdAt: note.createdAt,
        },
        select: {
          id: true,
          type: true,
          fromStatus: true,
          toStatus: true,
          detail: true,
          createdAt: true,
        },
      });
      await this.outbox.add(tx, 'lead.note-added', { leadId, ownerId, eventId: event.id });
      // The lead:updated event that follows carries the note's time as the lead's last change.
      const lead = await tx.lead.update({
        where: { id: leadId },
        data: { updatedAt: note.createdAt },
        select: LEAD_SELECT,
      });
      return { entry: { ...event, note: body }, lead };
    });
  }
}
