import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { type PoolClient } from 'pg';
import { ADVISORY_LOCK } from '../../core/database/advisory-locks';
import { TOGETHER } from '../../core/database/batching';
import { isDatabaseUnavailable } from '../../core/database/database-errors';
import { PrismaService } from '../../core/database/prisma.service';
import { sqlLiteral } from '../../core/database/sql-literal';
import { outboxPayloadSql, outboxTopicSql } from '../../core/outbox/outbox.service';
import { Prisma } from '../../generated/prisma/client';
import {
  type DecidedLeadColumns,
  INSERT_COLUMNS,
  INSERT_RECORD_TYPES,
  type LeadRow,
  type NewLeadRow,
  RETURNED_LEAD_COLUMNS,
  storedLeadRow,
  toInsertRecord,
} from './lead-row';

export type Transaction = Prisma.TransactionClient;

/** Anything that runs raw queries: the Prisma service or a transaction. */
type QueryClient = Pick<Prisma.TransactionClient, '$queryRaw'>;

/** The most leads one contractor's counting transaction stores. */
const MAX_COUNTED_BATCH = 500;

interface CountedQueue {
  busy: boolean;
  waiting: {
    pending: PendingOwnerLead;
    resolve: (row: LeadRow) => void;
    reject: (error: unknown) => void;
  }[];
}

/** One contractor's counting month: from `since` (lead-allowance.ts, allowanceMonthStart). */
export interface OwnerMonthStart {
  ownerId: string;
  since: Date;
}

/** A lead to store, with what its lock is decided from. */
export interface PendingOwnerLead {
  lead: NewLeadRow;
  /**
   * The plan's finite allowance when the month's count decides the lock (then `since` is the
   * counting month's start and `lead.lockedReason` is ignored); null when the lock is already
   * decided (`lead.lockedReason`).
   */
  allowance: number | null;
  since: Date | null;
}

/**
 * The month's count of the owners in relation `o(owner_id, since)`: lead-allowance.ts's rule in
 * SQL. Visible leads (not locked, not flagged as spam) received since `since`, plus earlier ones
 * unlocked since then. Two index range scans per owner on partial indexes of what is counted:
 * visible leads (leads_visible_by_owner_idx) and 'unlocked' events
 * (lead_events_unlocked_by_owner_idx), so the cost follows the count, not the month's locked
 * leads and their events, nor all the contractor ever had.
 */
const COUNTED = Prisma.raw(`(
  (SELECT count(*) FROM leads l
    WHERE l.owner_id = o.owner_id AND l.created_at >= o.since
      AND l.spam_at IS NULL AND NOT l.locked)
  + (SELECT count(DISTINCT l.id) FROM lead_events e JOIN leads l ON l.id = e.lead_id
    WHERE e.owner_id = o.owner_id AND e.type = 'unlocked' AND e.created_at >= o.since
      AND l.created_at < o.since AND l.spam_at IS NULL AND NOT l.locked)
)::int`);

/** Each owner's count of the month from its `since`: rows (owner_id, counted). */
export function monthCountsSql(months: readonly OwnerMonthStart[]): Prisma.Sql {
  return Prisma.sql`
    SELECT o.owner_id::text AS owner_id, ${COUNTED} AS counted
    FROM unnest(${months.map((month) => month.ownerId)}::uuid[],
      ${months.map((month) => month.since.toISOString())}::timestamptz[]) AS o(owner_id, since)`;
}

/**
 * The stored columns of the `decided` records, with the lock the statement decided (what it sends
 * back is RETURNED_LEAD_COLUMNS).
 */
const DECIDED_COLUMNS = INSERT_COLUMNS.map((column) =>
  column === 'locked_reason' ? 'decided_reason' : column,
).join(', ');

/**
 * One statement that stores leads with their 'created' timeline events and outbox events (topic
 * `lead.captured`, payload `{ leadId, ownerId }`), and returns what the database decided of each
 * (DecidedLeadColumns; storedLeadRow makes the listed row of it and the lead sent).
 * For leads with an allowance it counts each contractor's month first and locks, in arrival
 * order, those past the allowance (lead-allowance.ts, newLeadLocks); the caller holds the
 * contractors' lead locks, so the count is exact.
 */
function insertLeadsSql(
  pending: readonly PendingOwnerLead[],
  /** Writes the records into the text as this literal (sql-literal.ts), for a simple query. */
  literal?: (json: string) => string,
): Prisma.Sql {
  const input = JSON.stringify(
    // Named fields first: a literal that starts with a spread and adds fields gets a hidden class
    // of its own per record on Node 20 (docs/decisions/0044).
    pending.map((item, index) => ({
      ord: index,
      allowance: item.allowance,
      since: item.since?.toISOString() ?? null,
      ...toInsertRecord(item.lead),
    })),
  );
  const records = literal ? Prisma.raw(literal(input)) : Prisma.sql`${input}`;
  return Prisma.sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${records}::jsonb) AS x(
        ${Prisma.raw(INSERT_RECORD_TYPES)}, allowance int, since timestamptz, ord int)
    ), counted AS (
      SELECT o.owner_id, ${COUNTED} AS counted
      FROM (SELECT DISTINCT ON (owner_id) owner_id, since FROM input
        WHERE allowance IS NOT NULL ORDER BY owner_id, since DESC) AS o
    ), decided AS (
      SELECT i.*, CASE
          WHEN i.allowance IS NULL THEN i.locked_reason
          WHEN c.counted + row_number() OVER (
              PARTITION BY i.owner_id, i.allowance IS NULL ORDER BY i.ord) - 1 >= i.allowance
            THEN 'monthly_limit'::"LeadLockReason"
        END AS decided_reason
      FROM input i LEFT JOIN counted c ON c.owner_id = i.owner_id
    ), created AS (
      INSERT INTO leads (${Prisma.raw(INSERT_COLUMNS.join(', '))}, locked, updated_at)
      SELECT ${Prisma.raw(DECIDED_COLUMNS)}, decided_reason IS NOT NULL, now()
      FROM decided ORDER BY ord
      RETURNING ${RETURNED_LEAD_COLUMNS}
    ), event AS (
      INSERT INTO lead_events (id, lead_id, owner_id, type, to_status)
      SELECT gen_random_uuid(), i.id, i.owner_id, 'created', 'new'
      FROM input i JOIN created c ON c.id = i.id
    ), queued AS (
      INSERT INTO outbox (id, topic, payload)
      SELECT gen_random_uuid(), ${outboxTopicSql('lead.captured')},
        ${outboxPayloadSql('lead.captured', { leadId: Prisma.sql`i.id`, ownerId: Prisma.sql`i.owner_id` })}
      FROM input i JOIN created c ON c.id = i.id
    )
    SELECT * FROM created`;
}

/**
 * The name insertLeadsSql's statement is prepared under on each connection when it carries its
 * records as a parameter (PrismaService.rows' `prepareAs`): its text is the same for every batch,
 * so PostgreSQL parses it once and, from the sixth run, keeps one plan, where planning a batch of
 * 23 leads took 0.65 ms beside 2.4 ms of running it (docs/decisions/0043).
 */
const INSERT_STATEMENT = 'rafter_insert_leads';

/**
 * Where the lead's life is stored: new owner leads (one statement for the quote requests arriving
 * together, their monthly count included), the month's count, the owner's lead lock, unlocks.
 */
@Injectable()
export class OwnerLeadsRepository {
  /**
   * Not one batch at a time (oneBatchAtATime): an insert can wait on a lock (a contractor being
   * deleted), and that must hold up only the leads stored with it, not every contractor's next.
   */
  private readonly inserts = new DataLoader<PendingOwnerLead, LeadRow>(
    (pending) => this.insertBatch(pending),
    TOGETHER,
  );

  /** Per contractor, its counted leads waiting for the transaction in flight to finish. */
  private readonly counted = new Map<string, CountedQueue>();

  constructor(private readonly prisma: PrismaService) {}

  /** Raw queries outside a transaction. */
  get client(): QueryClient {
    return this.prisma;
  }

  /**
   * Stores the lead in one statement shared with the leads arriving at the same moment (group
   * commit: each is answered after that statement committed; docs/decisions/0010). Leads whose
   * lock the month's count decides are counted in the same statement, under their contractors'
   * lead locks taken just before it in the same transaction.
   */
  insert(pending: PendingOwnerLead): Promise<LeadRow> {
    if (pending.allowance === null) return this.inserts.load(pending);
    return new Promise<LeadRow>((resolve, reject) => {
      const queue = this.counted.get(pending.lead.ownerId) ?? { busy: false, waiting: [] };
      this.counted.set(pending.lead.ownerId, queue);
      queue.waiting.push({ pending, resolve, reject });
      if (!queue.busy && queue.waiting.length === 1) {
        setImmediate(() => void this.flushCounted(pending.lead.ownerId));
      }
    });
  }

  /**
   * Stores one contractor's waiting counted leads in one transaction, then the ones that arrived
   * meanwhile in the next: while a transaction holds the contractor's lock, the requests behind
   * it join one batch instead of each waiting for the lock on a connection of its own.
   */
  private async flushCounted(ownerId: string): Promise<void> {
    const queue = this.counted.get(ownerId);
    if (!queue || queue.busy) return;
    const batch = queue.waiting.splice(0, MAX_COUNTED_BATCH);
    if (batch.length === 0) {
      this.counted.delete(ownerId);
      return;
    }
    queue.busy = true;
    let results: (LeadRow | Error)[] | undefined;
    let failure: unknown;
    try {
      results = await this.insertBatch(batch.map((item) => item.pending));
    } catch (error) {
      failure = error;
    }
    // The next batch is taken before this one's requests are answered, but its statement is
    // written only after their responses: it waits for a pooled connection, which pg-pool hands
    // over on a later tick. Writing it first, on a connection kept from this batch, was measured
    // and answered fewer requests a second (docs/decisions/0043, eighteenth run).
    queue.busy = false;
    if (queue.waiting.length > 0) void this.flushCounted(ownerId);
    else this.counted.delete(ownerId);
    batch.forEach((item, index) => {
      const result = results?.[index];
      if (result === undefined) item.reject(failure);
      else if (result instanceof Error) item.reject(result);
      else item.resolve(result);
    });
  }

  /** Stores a lead whose lock is decided (`lead.lockedReason`) in the caller's transaction. */
  async insertInTransaction(tx: QueryClient, lead: NewLeadRow): Promise<LeadRow> {
    const [decided] = await tx.$queryRaw<DecidedLeadColumns[]>(
      insertLeadsSql([{ lead, allowance: null, since: null }]),
    );
    return storedLeadRow(lead, decided!);
  }

  /** Each owner's count of the month starting at its `since` (lead-allowance.ts). */
  async countMonths(db: QueryClient, months: OwnerMonthStart[]): Promise<Map<string, number>> {
    if (months.length === 0) return new Map();
    const rows = await db.$queryRaw<{ owner_id: string; counted: number }[]>(
      monthCountsSql(months),
    );
    return new Map(rows.map((row) => [row.owner_id, row.counted]));
  }

  /**
   * Takes the owners' lead-count locks for the rest of the transaction, in one order so two
   * transactions never wait on each other. Capture, distribution, unlocks and the spam flag all
   * take it, so they count the month's leads in turn, never from the same stale number.
   */
  async lockOwners(tx: Transaction, ownerIds: string[]): Promise<void> {
    const sorted = [...new Set(ownerIds)].sort();
    if (sorted.length === 0) return;
    await tx.$executeRaw`
      SELECT pg_advisory_xact_lock(${ADVISORY_LOCK.ownerLeads}::int4, hashtext(id))
      FROM unnest(${sorted}::text[]) AS id`;
  }

  /** Runs `work` in a transaction holding the owner's lead lock. */
  withOwnerLock<T>(ownerId: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(async (tx) => {
      await this.lockOwners(tx, [ownerId]);
      return work(tx);
    });
  }

  /** The business profile's time zone of each owner that has one. */
  async timeZones(ownerIds: string[]): Promise<Map<string, string>> {
    const rows = await this.prisma.businessProfile.findMany({
      where: { userId: { in: ownerIds }, timezone: { not: null } },
      select: { userId: true, timezone: true },
    });
    return new Map(rows.map((row) => [row.userId, row.timezone!]));
  }

  /** Owners with locked leads (not flagged as spam) whose subscription Stripe calls active. */
  async ownersWithLockedLeads(): Promise<string[]> {
    const rows = await this.prisma.lead.findMany({
      where: { locked: true, spamAt: null, owner: { subscription: { status: 'active' } } },
      distinct: ['ownerId'],
      select: { ownerId: true },
    });
    return rows.map((row) => row.ownerId);
  }

  /**
   * Unlocks the owner's oldest locked leads, at most `limit` (all when null), each with an
   * 'unlocked' timeline event; returns their ids. Leads flagged as spam stay locked.
   */
  async unlockOldest(tx: Transaction, ownerId: string, limit: number | null): Promise<string[]> {
    const leads = await tx.lead.findMany({
      where: { ownerId, locked: true, spamAt: null },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
      ...(limit === null ? {} : { take: limit }),
    });
    if (leads.length === 0) return [];
    const ids = leads.map((lead) => lead.id);
    await tx.lead.updateMany({
      where: { id: { in: ids }, locked: true },
      data: { locked: false, lockedReason: null },
    });
    // Each 'unlocked' entry with its `lead.changed` event (webhooks' lead.updated), in one
    // statement however many leads an upgrade unlocks.
    await tx.$executeRaw`
      WITH entries AS (
        INSERT INTO lead_events (id, lead_id, owner_id, type)
        SELECT gen_random_uuid(), lead_id, ${ownerId}::uuid, 'unlocked'::"LeadEventType"
        FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS u(lead_id, ord)
        ORDER BY ord
        RETURNING id, lead_id, owner_id
      )
      INSERT INTO outbox (id, topic, payload)
      SELECT gen_random_uuid(), ${outboxTopicSql('lead.changed')},
        ${outboxPayloadSql('lead.changed', {
          leadId: Prisma.sql`e.lead_id`,
          ownerId: Prisma.sql`e.owner_id`,
          eventId: Prisma.sql`e.id`,
        })}
      FROM entries e`;
    return ids;
  }

  /** Leads received since `since`, those flagged as spam left out (locked ones included). */
  countReceivedSince(ownerId: string, since: Date): Promise<number> {
    return this.prisma.lead.count({ where: { ownerId, createdAt: { gte: since }, spamAt: null } });
  }

  private async insertBatch(pending: readonly PendingOwnerLead[]): Promise<(LeadRow | Error)[]> {
    try {
      const rows = await this.store(pending);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return pending.map((item) => {
        const decided = byId.get(item.lead.id);
        return decided ? storedLeadRow(item.lead, decided) : new Error('Lead not stored');
      });
    } catch (error) {
      // A database that is down fails them all alike. Anything else may be one request's
      // fault (its contractor deleted a moment ago): each is stored alone, so only it fails.
      if (pending.length === 1 || isDatabaseUnavailable(error)) throw error;
      return Promise.all(
        pending.map((item) =>
          this.store([item]).then(
            ([decided]) => storedLeadRow(item.lead, decided!),
            (itemError: unknown) =>
              itemError instanceof Error ? itemError : new Error(String(itemError)),
          ),
        ),
      );
    }
  }

  /**
   * One statement when no lead needs the month's count. Otherwise one round trip on one pooled
   * connection: BEGIN, the counted contractors' lead locks (sorted), the statement and COMMIT as
   * one simple query (each statement takes its own snapshot, so the insert's count sees every
   * lead committed before the locks were granted).
   */
  private async store(pending: readonly PendingOwnerLead[]): Promise<DecidedLeadColumns[]> {
    const counted = [
      ...new Set(pending.filter((item) => item.allowance !== null).map((i) => i.lead.ownerId)),
    ];
    if (counted.length === 0) {
      return this.prisma.rows<DecidedLeadColumns>(insertLeadsSql(pending), {
        prepareAs: INSERT_STATEMENT,
      });
    }
    const client: PoolClient = await this.prisma.pool.connect();
    let broken: Error | undefined;
    try {
      const ids = counted.sort().map(sqlLiteral).join(', ');
      const insert = insertLeadsSql(pending, sqlLiteral);
      if (insert.values.length > 0) throw new Error('The counted insert must carry no parameters');
      const results = (await client.query(
        `BEGIN;
        SELECT pg_advisory_xact_lock(${ADVISORY_LOCK.ownerLeads}, hashtext(id)) FROM unnest(ARRAY[${ids}]::text[]) AS id;
        ${insert.text};
        COMMIT`,
      )) as unknown as { rows: DecidedLeadColumns[] }[];
      return results[2]!.rows;
    } catch (error) {
      // A connection that cannot even roll back is dropped rather than reused in doubt.
      await client.query('ROLLBACK').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }
}
