import { Injectable } from '@nestjs/common';
import { type StoredMaterialPrice } from '@rafter/domain/materials';
import { type SubscriptionState } from '@rafter/domain/plans';
import { type ScoreReason } from '@rafter/domain/lead-score';
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
  areasOfService: string[];
  prices: StoredMaterialPrice[];
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

/** Anything that runs raw queries: the Prisma service or a transaction. */
type QueryClient = Pick<Prisma.TransactionClient, '$queryRaw'>;

/**
 * The leads that count toward the monthly limit of the month starting at `since`, per owner: those
 * received in it, and earlier ones unlocked in it (carried over from a month whose limit they
 * exceeded). Capture, distribution and billing's unlock all count this way, so a carried-over
 * lead takes the place of a new one rather than adding to the allowance. With `visibleOnly`,
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
      WHERE l.owner_id = ANY(${ownerIds}::uuid[]) AND l.created_at >= ${since} ${visible}
      UNION ALL
      SELECT carried.owner_id FROM (
        SELECT DISTINCT l.owner_id, l.id FROM lead_events e JOIN leads l ON l.id = e.lead_id
        WHERE e.owner_id = ANY(${ownerIds}::uuid[]) AND e.type = 'unlocked'
          AND e.created_at >= ${since} AND l.created_at < ${since} ${visible}
      ) AS carried
    ) AS counted GROUP BY owner_id`;
  return new Map(rows.map((row) => [row.owner_id, row.count]));
}

@Injectable()
export class LeadCaptureRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The contractor's plan, fit profile and prices, in one query; null for an unknown id. */
  async findOwner(ownerId: string): Promise<CaptureOwner | null> {
    const [owner] = await this.prisma.$queryRaw<
      {
        plan: SubscriptionState['plan'];
        status: SubscriptionState['status'];
        currentPeriodEnd: Date | null;
        idealCustomerValue: number | null;
        areasOfService: string[] | null;
        prices: StoredMaterialPrice[];
      }[]
    >`
      SELECT s.plan, s.status, s.current_period_end AS "currentPeriodEnd",
        p.ideal_customer_value::float8 AS "idealCustomerValue",
        p.areas_of_service AS "areasOfService",
        COALESCE((
          SELECT json_agg(json_build_object('material', m.material,
            'min', m.min_price::float8, 'max', m.max_price::float8))
          FROM material_pricing m WHERE m.user_id = u.id), '[]'::json) AS prices
      FROM users u
      LEFT JOIN subscriptions s ON s.user_id = u.id
      LEFT JOIN business_profiles p ON p.user_id = u.id
      WHERE u.id = ${ownerId}::uuid`;
    if (!owner) return null;
    return {
      subscription: {
        plan: owner.plan ?? null,
        status: owner.status ?? null,
        currentPeriodEnd: owner.currentPeriodEnd,
      },
      idealCustomerValue: owner.idealCustomerValue,
      areasOfService: owner.areasOfService ?? [],
      prices: owner.prices,
    };
  }

  /**
   * Stores an owner-flow lead with its 'created' timeline event and its outbox event (payload
   * `{ leadId, ownerId }`, a LeadCapturedEvent) in one statement: atomic on its own, or part of
   * `db`'s transaction. Returns the row as the CRM lists it, for the realtime event.
   */
  async insertCapturedLead(
    lead: NewOwnerLead,
    topic: string,
    db: QueryClient = this.prisma,
  ): Promise<LeadRow> {
    const [row] = await db.$queryRaw<LeadRow[]>`
      WITH created AS (
        INSERT INTO leads (id, owner_id, first_name, last_name, email, phone, address, zip_code,
          latitude, longitude, ownership, is_homeowner, material, stories, roof_area,
          estimate_low, estimate_mid, estimate_high, score, score_reasons, source, locked,
          locked_reason, updated_at)
        VALUES (gen_random_uuid(), ${lead.ownerId}::uuid, ${lead.firstName}, ${lead.lastName},
          ${lead.email}, ${lead.phone}, ${lead.address}, ${lead.zipCode}, ${lead.latitude},
          ${lead.longitude}, ${lead.ownership}::"Ownership", ${lead.isHomeowner},
          ${lead.material}::"Material", ${lead.stories}::"Stories", ${lead.roofArea},
          ${lead.estimateLow}, ${lead.estimateMid}, ${lead.estimateHigh}, ${lead.score},
          ${JSON.stringify(lead.scoreReasons)}::jsonb, ${lead.source}::"LeadSource",
          ${lead.lockedReason !== null}, ${lead.lockedReason}::"LeadLockReason", now())
        RETURNING ${LEAD_COLUMNS}
      ), event AS (
        INSERT INTO lead_events (id, lead_id, owner_id, type, to_status)
        SELECT gen_random_uuid(), id, ${lead.ownerId}::uuid, 'created', 'new' FROM created
      ), queued AS (
        INSERT INTO outbox (id, topic, payload)
        SELECT gen_random_uuid(), ${topic},
          jsonb_build_object('leadId', id, 'ownerId', ${lead.ownerId}::uuid)
        FROM created
      )
      SELECT * FROM created`;
    return row!;
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
