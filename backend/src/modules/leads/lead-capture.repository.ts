import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { type StoredMaterialPrice } from '@rafter/domain/materials';
import { type SubscriptionState } from '@rafter/domain/plans';
import { type RoofMeasurement } from '@rafter/domain/roof-measurement';
import { readServiceAreas, type ServiceArea } from '@rafter/domain/service-area';
import { type ScoreReason } from '@rafter/domain/lead-score';
import { TOGETHER } from '../../core/database/batching';
import { isDatabaseUnavailable } from '../../core/database/database-errors';
import { lockOwnerLeads } from '../../core/database/owner-leads-lock';
import { PrismaService } from '../../core/database/prisma.service';
import {
  type LeadLockReason,
  type LeadSource,
  type Material,
  type Ownership,
  Prisma,
  type Stories,
} from '../../generated/prisma/client';
import { LEAD_COLUMNS, type LeadRow } from './leads.repository';

export type Transaction = Prisma.TransactionClient;

/** What capturing a lead needs to know about its contractor. */
export interface CaptureOwner {
  subscription: SubscriptionState;
  idealCustomerValue: number | null;
  areasOfService: ServiceArea[];
  prices: StoredMaterialPrice[];
  /** The roof measured at the lead's marker, when a fresh measurement is stored. */
  measurement: Pick<RoofMeasurement, 'areaSqFt' | 'source'> | null;
}

interface LeadContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  zipCode: string;
  latitude: number | null;
  longitude: number | null;
  ownership: Ownership;
  stories: Stories;
  roofArea: number;
  estimateLow: number;
  estimateMid: number;
  estimateHigh: number;
}

export interface NewOwnerLead extends LeadContact {
  /** Chosen by the caller (a random UUID), so a lead stored in a batch is found by it. */
  id: string;
  ownerId: string;
  material: Material;
  isHomeowner: boolean;
  score: number;
  scoreReasons: ScoreReason[];
  source: LeadSource;
  lockedReason: LeadLockReason | null;
}

export interface NewMainSiteLead extends LeadContact {
  /** The display label, e.g. 'Asphalt shingles'. */
  material: string;
  leadScore: number;
}

interface OwnerLookup {
  ownerId: string;
  /** Where the lead's marker is (roof-location.ts), or null: then there is no measurement. */
  locationKey: string | null;
  /** Measurements older than this are not used. */
  measuredSince: Date;
}

interface OwnerRow {
  ord: number;
  found: boolean;
  plan: SubscriptionState['plan'];
  status: SubscriptionState['status'];
  currentPeriodEnd: Date | null;
  idealCustomerValue: number | null;
  areasOfService: unknown;
  prices: StoredMaterialPrice[];
  measurement: CaptureOwner['measurement'];
}

interface PendingLead {
  lead: NewOwnerLead;
  topic: string;
}

/**
 * Inserts leads with their 'created' timeline events and outbox events (payload
 * `{ leadId, ownerId }`) in one statement, and returns the rows as the CRM lists them. The ids
 * are the leads' own (NewOwnerLead.id), so each caller finds its row.
 */
function insertLeadsSql(pending: readonly PendingLead[]): Prisma.Sql {
  const input = pending.map(({ lead, topic }) => ({
    id: lead.id,
    owner_id: lead.ownerId,
    first_name: lead.firstName,
    last_name: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    address: lead.address,
    zip_code: lead.zipCode,
    latitude: lead.latitude,
    longitude: lead.longitude,
    ownership: lead.ownership,
    is_homeowner: lead.isHomeowner,
    material: lead.material,
    stories: lead.stories,
    roof_area: lead.roofArea,
    estimate_low: lead.estimateLow,
    estimate_mid: lead.estimateMid,
    estimate_high: lead.estimateHigh,
    score: lead.score,
    score_reasons: lead.scoreReasons,
    source: lead.source,
    locked_reason: lead.lockedReason,
    topic,
  }));
  return Prisma.sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(
        id uuid, owner_id uuid, first_name text, last_name text, email text, phone text,
        address text, zip_code text, latitude float8, longitude float8, ownership "Ownership",
        is_homeowner boolean, material "Material", stories "Stories", roof_area int,
        estimate_low int, estimate_mid int, estimate_high int, score int, score_reasons jsonb,
        source "LeadSource", locked_reason "LeadLockReason", topic text)
    ), created AS (
      INSERT INTO leads (id, owner_id, first_name, last_name, email, phone, address, zip_code,
        latitude, longitude, ownership, is_homeowner, material, stories, roof_area,
        estimate_low, estimate_mid, estimate_high, score, score_reasons, source, locked,
        locked_reason, updated_at)
      SELECT id, owner_id, first_name, last_name, email, phone, address, zip_code, latitude,
        longitude, ownership, is_homeowner, material, stories, roof_area, estimate_low,
        estimate_mid, estimate_high, score, score_reasons, source, locked_reason IS NOT NULL,
        locked_reason, now()
      FROM input
      RETURNING ${LEAD_COLUMNS}
    ), event AS (
      INSERT INTO lead_events (id, lead_id, owner_id, type, to_status)
      SELECT gen_random_uuid(), i.id, i.owner_id, 'created', 'new'
      FROM input i JOIN created c ON c.id = i.id
    ), queued AS (
      INSERT INTO outbox (id, topic, payload)
      SELECT gen_random_uuid(), i.topic, jsonb_build_object('leadId', i.id, 'ownerId', i.owner_id)
      FROM input i JOIN created c ON c.id = i.id
    )
    SELECT * FROM created`;
}

/** Anything that runs raw queries: the Prisma service or a transaction. */
type QueryClient = Pick<Prisma.TransactionClient, '$queryRaw'>;

/**
 * The leads that count toward the monthly limit of the month starting at `since`, per owner: those
 * received in it, and earlier ones unlocked in it (carried over from a month whose limit they
 * exceeded). Capture, distribution and billing's unlock all count this way, so a carried-over
 * lead takes the place of a new one rather than adding to the allowance. Leads the contractor
 * flagged as spam never count, so flagging gives their allowance back. With `visibleOnly`,
 * locked leads are left out.
 *
 * Two index range scans, (owner_id, created_at) on leads and (owner_id, created_at) on
 * lead_events, so the cost follows this month's leads, not all the contractor ever had.
 */
export async function countLeadsCountedSince(
  db: QueryClient,
  ownerIds: string[],
  since: Date,
  options: { visibleOnly?: boolean } = {},
): Promise<Map<string, number>> {
  if (ownerIds.length === 0) return new Map();
  const visible = options.visibleOnly ? Prisma.sql`AND NOT l.locked` : Prisma.empty;
  const rows = await db.$queryRaw<{ owner_id: string; count: number }[]>`
    SELECT owner_id, count(*)::int AS count FROM (
      SELECT l.owner_id FROM leads l
      WHERE l.owner_id = ANY(${ownerIds}::uuid[]) AND l.created_at >= ${since}
        AND l.spam_at IS NULL ${visible}
      UNION ALL
      SELECT carried.owner_id FROM (
        SELECT DISTINCT l.owner_id, l.id FROM lead_events e JOIN leads l ON l.id = e.lead_id
        WHERE e.owner_id = ANY(${ownerIds}::uuid[]) AND e.type = 'unlocked'
          AND e.created_at >= ${since} AND l.created_at < ${since} AND l.spam_at IS NULL
          ${visible}
      ) AS carried
    ) AS counted GROUP BY owner_id`;
  return new Map(rows.map((row) => [row.owner_id, row.count]));
}

@Injectable()
export class LeadCaptureRepository {
  private readonly owners = new DataLoader<OwnerLookup, CaptureOwner | null>(
    (keys) => this.findOwners(keys),
    TOGETHER,
  );
  private readonly inserts = new DataLoader<PendingLead, LeadRow>(
    (pending) => this.insertBatch(pending),
    TOGETHER,
  );

  constructor(private readonly prisma: PrismaService) {}

  /**
   * The contractor's plan, fit profile and prices, and the roof measured at the homeowner's
   * marker (`locationKey`) since `measuredSince`, when one is stored. Null for an unknown
   * contractor. Quote requests arriving together are looked up in one statement.
   */
  findOwner(
    ownerId: string,
    locationKey: string | null,
    measuredSince: Date,
  ): Promise<CaptureOwner | null> {
    return this.owners.load({ ownerId, locationKey, measuredSince });
  }

  /**
   * Stores an owner-flow lead with its 'created' timeline event and its outbox event (payload
   * `{ leadId, ownerId }`, a LeadCapturedEvent), atomically: in `db`'s transaction when given,
   * else in one statement shared with the quote requests arriving at the same moment (group
   * commit: each is answered after that statement committed; docs/decisions/0010). Returns
   * the row as the CRM lists it, for the realtime event.
   */
  async insertCapturedLead(lead: NewOwnerLead, topic: string, db?: QueryClient): Promise<LeadRow> {
    if (!db) return this.inserts.load({ lead, topic });
    const [row] = await db.$queryRaw<LeadRow[]>(insertLeadsSql([{ lead, topic }]));
    return row!;
  }

  private async findOwners(keys: readonly OwnerLookup[]): Promise<(CaptureOwner | null)[]> {
    const rows = await this.prisma.rows<OwnerRow>(Prisma.sql`
      SELECT q.ord::int AS ord, u.id IS NOT NULL AS found, s.plan, s.status,
        s.current_period_end AS "currentPeriodEnd",
        p.ideal_customer_value::float8 AS "idealCustomerValue",
        p.areas_of_service AS "areasOfService",
        COALESCE((
          SELECT json_agg(json_build_object('material', m.material,
            'min', m.min_price::float8, 'max', m.max_price::float8))
          FROM material_pricing m WHERE m.user_id = u.id), '[]'::json) AS prices,
        (SELECT json_build_object('areaSqFt', r.area_sq_ft, 'source', r.source)
          FROM roof_measurements r
          WHERE r.location_key = q.location_key AND r.measured_at >= q.measured_since)
          AS measurement
      FROM unnest(${keys.map((key) => key.ownerId)}::uuid[],
          ${keys.map((key) => key.locationKey)}::text[],
          ${keys.map((key) => key.measuredSince.toISOString())}::timestamptz[])
        WITH ORDINALITY AS q(owner_id, location_key, measured_since, ord)
      LEFT JOIN users u ON u.id = q.owner_id
      LEFT JOIN subscriptions s ON s.user_id = u.id
      LEFT JOIN business_profiles p ON p.user_id = u.id`);
    const owners: (CaptureOwner | null)[] = keys.map(() => null);
    for (const row of rows) {
      if (!row.found) continue;
      owners[row.ord - 1] = {
        subscription: {
          plan: row.plan ?? null,
          status: row.status ?? null,
          currentPeriodEnd: row.currentPeriodEnd,
        },
        idealCustomerValue: row.idealCustomerValue,
        areasOfService: readServiceAreas(row.areasOfService),
        prices: row.prices,
        measurement: row.measurement,
      };
    }
    return owners;
  }

  private async insertBatch(pending: readonly PendingLead[]): Promise<(LeadRow | Error)[]> {
    try {
      const rows = await this.prisma.rows<LeadRow>(insertLeadsSql(pending));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return pending.map((item) => byId.get(item.lead.id) ?? new Error('Lead not stored'));
    } catch (error) {
      // A database that is down fails them all alike. Anything else may be one request's
      // fault (its contractor deleted a moment ago): each is stored alone, so only it fails.
      if (pending.length === 1 || isDatabaseUnavailable(error)) throw error;
      return Promise.all(
        pending.map((item) =>
          this.prisma.rows<LeadRow>(insertLeadsSql([item])).then(
            ([row]) => row!,
            (itemError: unknown) =>
              itemError instanceof Error ? itemError : new Error(String(itemError)),
          ),
        ),
      );
    }
  }

  /**
   * Runs `work` in a transaction that holds the owner's capture lock, so two leads arriving at
   * once are counted against the monthly limit one after the other.
   */
  withOwnerLock<T>(ownerId: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(async (tx) => {
      await lockOwnerLeads(tx, ownerId);
      return work(tx);
    });
  }

  async countLeadsSince(tx: Transaction, ownerId: string, since: Date): Promise<number> {
    return (await countLeadsCountedSince(tx, [ownerId], since)).get(ownerId) ?? 0;
  }

  inTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  async createMainSiteLead(tx: Transaction, lead: NewMainSiteLead): Promise<string> {
    const row = await tx.mainSiteLead.create({ data: lead, select: { id: true } });
    return row.id;
  }
}
