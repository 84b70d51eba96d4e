import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { type StoredMaterialPrice } from '@rafter/domain/materials';
import { type SubscriptionState } from '@rafter/domain/plans';
import { type RoofMeasurement } from '@rafter/domain/roof-measurement';
import { readServiceAreas, type ServiceArea } from '@rafter/domain/service-area';
import { TOGETHER } from '../../core/database/batching';
import { PrismaService } from '../../core/database/prisma.service';
import { type Ownership, Prisma, type Stories } from '../../generated/prisma/client';

export type Transaction = Prisma.TransactionClient;

/** What capturing a lead needs to know about its contractor. */
export interface CaptureOwner {
  subscription: SubscriptionState;
  /** The business profile's time zone: the lead allowance's month follows it. */
  timeZone: string | null;
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
  timeZone: string | null;
  idealCustomerValue: number | null;
  areasOfService: unknown;
  prices: StoredMaterialPrice[];
  measurement: CaptureOwner['measurement'];
}

@Injectable()
export class LeadCaptureRepository {
  private readonly owners = new DataLoader<OwnerLookup, CaptureOwner | null>(
    (keys) => this.findOwners(keys),
    TOGETHER,
  );
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Throws at once (a 503) while PostgreSQL is down and this quote request would get no
   * connection: it is answered before its rate limits and form token are spent in Redis.
   */
  shedWhileDown(): void {
    this.prisma.shedWhileDown();
  }

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

  private async findOwners(keys: readonly OwnerLookup[]): Promise<(CaptureOwner | null)[]> {
    const rows = await this.prisma.rows<OwnerRow>(
      Prisma.sql`
      SELECT q.ord::int AS ord, u.id IS NOT NULL AS found, s.plan, s.status,
        s.current_period_end AS "currentPeriodEnd", p.timezone AS "timeZone",
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
      LEFT JOIN business_profiles p ON p.user_id = u.id`,
      { prepareAs: 'rafter_capture_owners' },
    );
    const owners: (CaptureOwner | null)[] = keys.map(() => null);
    for (const row of rows) {
      if (!row.found) continue;
      owners[row.ord - 1] = {
        subscription: {
          plan: row.plan ?? null,
          status: row.status ?? null,
          currentPeriodEnd: row.currentPeriodEnd,
        },
        timeZone: row.timeZone,
        idealCustomerValue: row.idealCustomerValue,
        areasOfService: readServiceAreas(row.areasOfService),
        prices: row.prices,
        measurement: row.measurement,
      };
    }
    return owners;
  }

  inTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  async createMainSiteLead(tx: Transaction, lead: NewMainSiteLead): Promise<string> {
    const row = await tx.mainSiteLead.create({ data: lead, select: { id: true } });
    return row.id;
  }
}
