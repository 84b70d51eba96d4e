import { Injectable } from '@nestjs/common';
import { type StoredMaterialPrice } from '@rafter/domain/materials';
import { type SubscriptionState } from '@rafter/domain/plans';
import { readServiceAreas, type ServiceArea } from '@rafter/domain/service-area';
import { ADVISORY_LOCK } from '../../core/database/advisory-locks';
import { PrismaService } from '../../core/database/prisma.service';
import { type LeadType, type Prisma } from '../../generated/prisma/client';
import { MATERIAL_PRICE_SELECT, toStoredPrices } from '../calculator/material-prices';

export type Transaction = Prisma.TransactionClient;

/** A contractor that might receive main-site leads, as stored. */
export interface ContractorRow {
  userId: string;
  areasOfService: ServiceArea[];
  leadType: LeadType;
  idealCustomerValue: number | null;
  leadsPerDay: number;
  timezone: string | null;
  subscription: SubscriptionState;
  prices: StoredMaterialPrice[];
}

const MAIN_SITE_LEAD_SELECT = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  address: true,
  zipCode: true,
  latitude: true,
  longitude: true,
  ownership: true,
  material: true,
  stories: true,
  roofArea: true,
  distributedAt: true,
} as const;

export type MainSiteLeadRow = Prisma.MainSiteLeadGetPayload<{
  select: typeof MAIN_SITE_LEAD_SELECT;
}>;

@Injectable()
export class DistributionRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Runs `work` in a transaction holding the distribution lock: distributions happen one after
   * another, so each sees the assignments the previous one made.
   */
  withDistributionLock<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ADVISORY_LOCK.distribution}::int8)`;
        return work(tx);
      },
      { maxWait: 10_000, timeout: 60_000 },
    );
  }

  findMainSiteLead(tx: Transaction, id: string): Promise<MainSiteLeadRow | null> {
    return tx.mainSiteLead.findUnique({ where: { id }, select: MAIN_SITE_LEAD_SELECT });
  }

  /** Contractors with service areas whose subscription says active; the caller checks the rest. */
  async findContractors(tx: Transaction): Promise<ContractorRow[]> {
    const rows = await tx.businessProfile.findMany({
      where: {
        NOT: { areasOfService: { equals: [] } },
        user: { subscription: { status: 'active' } },
      },
      select: {
        userId: true,
        areasOfService: true,
        leadType: true,
        idealCustomerValue: true,
        leadsPerDay: true,
        timezone: true,
        user: {
          select: {
            subscription: { select: { plan: true, status: true, currentPeriodEnd: true } },
            materialPricing: MATERIAL_PRICE_SELECT,
          },
        },
      },
    });
    return rows.map((row) => ({
      userId: row.userId,
      areasOfService: readServiceAreas(row.areasOfService),
      leadType: row.leadType,
      idealCustomerValue: row.idealCustomerValue?.toNumber() ?? null,
      leadsPerDay: row.leadsPerDay,
      timezone: row.timezone,
      subscription: row.user.subscription ?? { plan: null, status: null, currentPeriodEnd: null },
      prices: toStoredPrices(row.user.materialPricing),
    }));
  }

  /** Main-site leads assigned to each user since its own instant (the start of its day). */
  async countAssignedSince(
    tx: Transaction,
    since: { userId: string; since: Date }[],
  ): Promise<Map<string, number>> {
    if (since.length === 0) return new Map();
    const rows = await tx.$queryRaw<{ user_id: string; count: number }[]>`
      SELECT s.user_id::text AS user_id, count(a.id)::int AS count
      FROM unnest(${since.map((item) => item.userId)}::uuid[],
                  ${since.map((item) => item.since)}::timestamptz[]) AS s(user_id, since)
      LEFT JOIN lead_assignments a ON a.user_id = s.user_id AND a.created_at >= s.since
      GROUP BY s.user_id`;
    return new Map(rows.map((row) => [row.user_id, row.count]));
  }

  async lastAssignedAt(tx: Transaction, userIds: string[]): Promise<Map<string, Date>> {
    const rows = await tx.leadAssignment.groupBy({
      by: ['userId'],
      where: { userId: { in: userIds } },
      _max: { createdAt: true },
    });
    return new Map(
      rows.flatMap((row) => (row._max.createdAt ? [[row.userId, row._max.createdAt]] : [])),
    );
  }

  async createAssignment(
    tx: Transaction,
    assignment: { mainSiteLeadId: string; userId: string; leadId: string; createdAt: Date },
  ): Promise<void> {
    await tx.leadAssignment.create({ data: assignment });
  }

  async markDistributed(tx: Transaction, id: string, at: Date): Promise<void> {
    await tx.mainSiteLead.update({ where: { id }, data: { distributedAt: at } });
  }
}
