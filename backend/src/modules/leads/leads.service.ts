import { Injectable } from '@nestjs/common';
import {
  type DashboardMetrics,
  emptyLeadCounts,
  exportFileName,
  type LeadCounts,
  type LeadEventType,
  type LeadDetail,
  type LeadExportQuery,
  type LeadListItem,
  type LeadListQuery,
  type LeadPage,
  type LeadSort,
  type LeadTimelineEntry,
  METRICS_WINDOW_DAYS,
  percentChange,
  RECENT_LEADS_COUNT,
} from '@rafter/domain/crm';
import { LEAD_STATUSES, type LeadStatus } from '@rafter/domain/lead';
import { type LeadTrendsDay } from '@rafter/domain/lead-trends';
import { FEATURES } from '@rafter/domain/plans';
import { Readable } from 'node:stream';
import { RealtimePublisher } from '../../core/realtime/realtime.publisher';
import { PlanAccessService } from '../plans/plan-access.service';
import { LeadsException } from './leads.exception';
import { leadExportChunks } from './lead-export';
import { type LeadRow, toLeadListItem } from './lead-row';
import {
  type LeadFilter,
  type LeadKeyset,
  LeadsRepository,
  type LeadTotals,
  type TimelineRow,
} from './leads.repository';

const DAY_MS = 24 * 3600 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXPORT_BATCH_SIZE = 1000;
/**
 * Events sent for one bulk change (an upgrade unlocking many leads). Any lead event makes an open
 * dashboard refetch its lists, so more would only repeat that.
 */
const BULK_EVENTS_MAX = 100;

function toTimelineEntry(row: TimelineRow): LeadTimelineEntry {
  return {
    id: row.id,
    type: row.type,
    at: row.createdAt.toISOString(),
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    note: row.note,
    detail: row.detail,
  };
}

/** base64url JSON `{ k, id }`: the last row's sort key (ISO time or number) and id. */
export function encodeCursor(sort: LeadSort, row: LeadRow): string {
  const key =
    sort === 'latest'
      ? row.createdAt.toISOString()
      : sort === 'score'
        ? row.score
        : row.estimateMid;
  return Buffer.from(JSON.stringify({ k: key, id: row.id })).toString('base64url');
}

export function decodeCursor(sort: LeadSort, cursor: string): LeadKeyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new LeadsException('invalid_cursor');
  }
  const { k, id } = (parsed ?? {}) as { k?: unknown; id?: unknown };
  if (typeof id !== 'string' || !UUID.test(id)) throw new LeadsException('invalid_cursor');
  if (sort === 'latest') {
    const time = typeof k === 'string' ? new Date(k) : null;
    if (!time || Number.isNaN(time.getTime())) throw new LeadsException('invalid_cursor');
    return { key: time, id };
  }
  if (typeof k !== 'number' || !Number.isSafeInteger(k)) throw new LeadsException('invalid_cursor');
  return { key: k, id };
}

/** Whether `id` can be a lead's id at all; anything else is answered 404 without a query. */
export function isLeadId(id: string): boolean {
  return UUID.test(id);
}

function round(value: number | null): number {
  return value === null ? 0 : Math.round(value);
}

function conversionRate(totals: LeadTotals): number {
  return totals.total === 0 ? 0 : Math.round((totals.converted / totals.total) * 100);
}

function utcDay(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** The contractor's CRM: list, counts, metrics, detail, status, notes and export of own leads. */
@Injectable()
export class LeadsService {
  constructor(
    private readonly repository: LeadsRepository,
    private readonly realtime: RealtimePublisher,
    private readonly plans: PlanAccessService,
  ) {}

  async list(
    ownerId: string,
    query: LeadListQuery & Pick<LeadFilter, 'updatedSince'>,
  ): Promise<LeadPage> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.sort, query.cursor);
    // One row more than asked tells whether another page follows.
    const rows = await this.repository.listPage(ownerId, {
      ...query,
      after,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toLeadListItem),
      nextCursor: rows.length > query.limit && last ? encodeCursor(query.sort, last) : null,
    };
  }

  async counts(ownerId: string, filter: LeadFilter): Promise<LeadCounts> {
    const byStatus = await this.repository.countByStatus(ownerId, filter);
    const counts = emptyLeadCounts();
    for (const status of LEAD_STATUSES) {
      counts[status] = byStatus.get(status) ?? 0;
      counts.all += counts[status];
    }
    return counts;
  }

  /**
   * The Dashboard tab's figures. The windows are whole UTC days, as the chart shows them: the
   * last 30 days (today included) against the 30 days before.
   */
  async metrics(ownerId: string, now = new Date()): Promise<DashboardMetrics> {
    const firstDay = new Date(now.getTime() - (METRICS_WINDOW_DAYS - 1) * DAY_MS);
    const firstDayStart = new Date(`${utcDay(firstDay)}T00:00:00.000Z`);
    const previousStart = new Date(firstDayStart.getTime() - METRICS_WINDOW_DAYS * DAY_MS);
    const [byStatus, perDay, recent] = await Promise.all([
      this.repository.statusTotals(ownerId, { current: firstDayStart, previous: previousStart }),
      this.repository.perDay(ownerId, firstDayStart),
      this.repository.listPage(ownerId, { sort: 'latest', limit: RECENT_LEADS_COUNT }),
    ]);
    const totals = (leads: 'allLeads' | 'currentLeads' | 'previousLeads'): LeadTotals => {
      const sums = {
        allLeads: 'allMidSum',
        currentLeads: 'currentMidSum',
        previousLeads: 'previousMidSum',
      } as const;
      const count = (status: LeadStatus) =>
        byStatus.find((row) => row.status === status)?.[leads] ?? 0;
      const total = byStatus.reduce((sum, row) => sum + row[leads], 0);
      const midSum = byStatus.reduce((sum, row) => sum + row[sums[leads]], 0);
      return {
        total,
        qualified: count('qualified'),
        converted: count('converted'),
        averageMid: total === 0 ? null : midSum / total,
      };
    };
    const [all, current, previous] = [
      totals('allLeads'),
      totals('currentLeads'),
      totals('previousLeads'),
    ];
    const days = new Map(perDay.map((row) => [row.day, row.count]));
    const noPrevious = previous.total === 0;
    const change = (pick: (totals: LeadTotals) => number) =>
      noPrevious ? null : percentChange(pick(current), pick(previous));
    return {
      totalLeads: all.total,
      qualifiedLeads: all.qualified,
      averageRoofValue: round(all.averageMid),
      conversionRate: conversionRate(all),
      changes: {
        totalLeads: change((totals) => totals.total),
        qualifiedLeads: change((totals) => totals.qualified),
        averageRoofValue: change((totals) => round(totals.averageMid)),
        conversionRate: change(conversionRate),
      },
      recentLeads: recent.map(toLeadListItem),
      leadsOverTime: Array.from({ length: METRICS_WINDOW_DAYS }, (_, index) => {
        const date = utcDay(new Date(firstDayStart.getTime() + index * DAY_MS));
        return { date, count: days.get(date) ?? 0 };
      }),
      pipeline: LEAD_STATUSES.map((status) => ({
        status,
        count: byStatus.find((row) => row.status === status)?.allLeads ?? 0,
      })),
    };
  }

  /**
   * The Analytics tab's leads and pipeline value (domain/src/lead-trends.ts): per day of
   * [from, to] in `timeZone` (an IANA name PostgreSQL knows) that received leads, oldest first;
   * days without leads are left out.
   */
  async trends(
    ownerId: string,
    from: string,
    to: string,
    timeZone: string,
  ): Promise<LeadTrendsDay[]> {
    const rows = await this.repository.trends(ownerId, from, to, timeZone);
    return rows
      .map((row) => ({
        day: row.day,
        leads: row.leads,
        pipelineValue: Math.round(row.pipelineValue),
        won: row.won,
        wonValue: Math.round(row.wonValue),
        wonWithSoldPrice: row.wonWithSoldPrice,
      }))
      .sort((a, b) => a.day.localeCompare(b.day));
  }

  /** How many leads received in [from, to] (days in `timeZone`) are Converted now, spam left out. */
  convertedCount(ownerId: string, from: string, to: string, timeZone: string): Promise<number> {
    return this.repository.convertedCount(ownerId, from, to, timeZone);
  }

  /**
   * The analytics visits (domain/src/funnel.ts) that brought the leads received in [from, to]
   * (days in `timeZone`) that are Converted now: won jobs per source and campaign.
   */
  convertedVisitIds(
    ownerId: string,
    from: string,
    to: string,
    timeZone: string,
  ): Promise<string[]> {
    return this.repository.convertedVisitIds(ownerId, from, to, timeZone);
  }

  async detail(ownerId: string, id: string, now = new Date()): Promise<LeadDetail> {
    if (!UUID.test(id)) throw new LeadsException('lead_not_found');
    const [lead, timeline, access] = await Promise.all([
      this.repository.findDetail(ownerId, id),
      this.repository.timeline(ownerId, id),
      this.plans.forUser(ownerId, now),
    ]);
    if (!lead) throw new LeadsException('lead_not_found');
    const reasonsShown = access.level >= FEATURES.aiScoring.requiredLevel;
    return {
      ...toLeadListItem(lead),
      spam: lead.spamAt !== null,
      scoreReasons: reasonsShown ? scoreReasons(lead.scoreReasons) : null,
      soldPrice: lead.soldPrice,
      timeline: timeline.map(toTimelineEntry),
    };
  }

  /** The lead's detail, or null when the owner has no such lead (deleted meanwhile). */
  async findDetail(ownerId: string, id: string): Promise<LeadDetail | null> {
    try {
      return await this.detail(ownerId, id);
    } catch (error) {
      if (error instanceof LeadsException && error.code === 'lead_not_found') return null;
      throw error;
    }
  }

  async updateStatus(ownerId: string, id: string, status: LeadStatus): Promise<LeadListItem> {
    if (!UUID.test(id)) throw new LeadsException('lead_not_found');
    const row = await this.repository.updateStatus(ownerId, id, status, ownerId);
    if (!row) throw new LeadsException('lead_not_found');
    const item = toLeadListItem(row);
    this.realtime.leadUpdated(ownerId, item);
    return item;
  }

  /** Sets or clears what a Converted lead sold for; answers the lead's detail as it is now. */
  async setSoldPrice(ownerId: string, id: string, soldPrice: number | null): Promise<LeadDetail> {
    if (!UUID.test(id)) throw new LeadsException('lead_not_found');
    const result = await this.repository.setSoldPrice(ownerId, id, soldPrice, ownerId);
    if (result === 'not_found') throw new LeadsException('lead_not_found');
    if (result === 'not_converted') throw new LeadsException('lead_not_converted');
    const detail = await this.detail(ownerId, id);
    this.publishDetail(ownerId, detail);
    return detail;
  }

  async addNote(ownerId: string, id: string, body: string): Promise<LeadTimelineEntry> {
    if (!UUID.test(id)) throw new LeadsException('lead_not_found');
    const added = await this.repository.addNote(ownerId, id, ownerId, body);
    if (!added) throw new LeadsException('lead_not_found');
    this.realtime.leadUpdated(ownerId, toLeadListItem(added.lead));
    return toTimelineEntry(added.entry);
  }

  /** The owner's leads among `ids` as the CRM lists them (contact details hidden while locked). */
  /** One lead as the list shows it, or null (reads of one moment share one query). */
  async item(ownerId: string, id: string): Promise<LeadListItem | null> {
    if (!UUID.test(id)) return null;
    const row = await this.repository.findItem(ownerId, id);
    return row ? toLeadListItem(row) : null;
  }

  async items(ownerId: string, ids: string[]): Promise<LeadListItem[]> {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0) return [];
    const rows = await this.repository.findItems(ownerId, valid, valid.length);
    return rows.map(toLeadListItem);
  }

  /**
   * The owner's newest changes of these types, newest first: the lead and its timeline entry
   * (webhooks' recent items for Zapier).
   */
  recentChanges(
    ownerId: string,
    types: LeadEventType[],
    limit: number,
  ): Promise<{ id: string; leadId: string }[]> {
    return this.repository.recentEvents(ownerId, types, limit);
  }

  /**
   * Records what the system did for a lead (a follow-up e-mail sent or held back, the homeowner
   * unsubscribing) in its timeline, idempotently under `id`, and tells the owner's open
   * dashboards. False when the owner has no such lead or the entry exists already.
   */
  async recordSystemEvent(
    ownerId: string,
    leadId: string,
    type: Extract<LeadEventType, 'estimate_emailed' | 'estimate_email_suppressed' | 'unsubscribed'>,
    id: string,
  ): Promise<boolean> {
    if (!UUID.test(leadId)) return false;
    const added = await this.repository.addSystemEvent(ownerId, leadId, type, id);
    if (added) await this.publishUpdated(ownerId, [leadId]);
    return added;
  }

  /** The homeowner's address on the owner's lead even while it is locked, for the system's use. */
  homeownerEmail(ownerId: string, leadId: string): Promise<string | null> {
    return UUID.test(leadId)
      ? this.repository.homeownerEmail(ownerId, leadId)
      : Promise.resolve(null);
  }

  /** The owner's newest lead from this homeowner's address, or null. */
  latestLeadIdByEmail(ownerId: string, email: string): Promise<string | null> {
    return this.repository.latestLeadIdByEmail(ownerId, email);
  }

  /** Tells the owner's open dashboards that a lead left their lists (flagged as spam). */
  publishHidden(ownerId: string, id: string): void {
    this.realtime.leadHidden(ownerId, id);
  }

  /** Tells the owner's open dashboards that a lead changed, from its detail. */
  publishDetail(ownerId: string, detail: LeadDetail): void {
    const {
      spam: _spam,
      scoreReasons: _reasons,
      soldPrice: _soldPrice,
      timeline: _timeline,
      ...item
    } = detail;
    this.realtime.leadUpdated(ownerId, item);
  }

  /** Publishes a lead just stored, from the row its insert returned (no extra query). */
  publishCreatedRow(ownerId: string, row: LeadRow): void {
    this.realtime.leadCreated(ownerId, toLeadListItem(row));
  }

  /**
   * Publishes leads changed elsewhere (billing unlocking them after an upgrade) to the owner's
   * open dashboards, after that change committed; at most BULK_EVENTS_MAX of them, newest first.
   */
  async publishUpdated(ownerId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    if (ids.length === 1) {
      // One lead (a job's timeline entry): read with the other jobs' leads of the same moment,
      // one statement for all of them, instead of one query per job.
      const item = await this.item(ownerId, ids[0]!);
      if (item) this.realtime.leadUpdated(ownerId, item);
      return;
    }
    const rows = await this.repository.findItems(ownerId, ids, BULK_EVENTS_MAX);
    for (const row of rows) this.realtime.leadUpdated(ownerId, toLeadListItem(row));
  }

  /**
   * The owner's leads matching the filter, newest first, read in batches as the client takes
   * them, so memory stays flat however many leads there are.
   */
  export(
    ownerId: string,
    query: LeadExportQuery,
    now = new Date(),
  ): { fileName: string; contentType: string; body: Readable } {
    const filter: LeadFilter = { q: query.q, status: query.status };
    const repository = this.repository;
    async function* items(): AsyncGenerator<LeadListItem[]> {
      let after: LeadKeyset | undefined;
      for (;;) {
        const rows = await repository.listPage(ownerId, {
          ...filter,
          sort: 'latest',
          after,
          limit: EXPORT_BATCH_SIZE,
        });
        if (rows.length > 0) yield rows.map(toLeadListItem);
        if (rows.length < EXPORT_BATCH_SIZE) return;
        const last = rows.at(-1)!;
        after = { key: last.createdAt, id: last.id };
      }
    }
    return {
      fileName: exportFileName(query.format, now),
      contentType:
        query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      body: Readable.from(leadExportChunks(query.format, items())),
    };
  }
}

/** Stored reasons as the detail shows them; anything malformed is left out, not shown wrong. */
function scoreReasons(stored: unknown): { reason: string; points: number }[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry: unknown) => {
    const { label, points } = (entry ?? {}) as { label?: unknown; points?: unknown };
    return typeof label === 'string' && typeof points === 'number'
      ? [{ reason: label, points }]
      : [];
  });
}
