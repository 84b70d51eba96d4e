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
  type Prisma,
  type Stories,
} from '../../generated/prisma/client';
import { MATERIAL_PRICE_SELECT, toStoredPrices } from '../calculator/material-prices';

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

/**
 * The leads that count toward the monthly limit of the month starting at `since`: those received
 * in it, and earlier ones unlocked in it (carried over from a month whose limit they exceeded).
 * Capture, distribution and billing's unlock all count this way, so a carried-over lead takes the
 * place of a new one rather than adding to the allowance.
 */
export function leadsCountedSince(since: Date): Prisma.LeadWhereInput {
  return {
    OR: [
      { createdAt: { gte: since } },
      { events: { some: { type: 'unlocked', createdAt: { gte: since } } } },
    ],
  };
}

@Injectable()
export class LeadCaptureRepository {
  constructor(private readonly prisma: PrismaService) {}

  async findOwner(ownerId: string): Promise<CaptureOwner | null> {
    const owner = await this.prisma.user.findUnique({
      where: { id: ownerId },
      select: {
        subscription: { select: { plan: true, status: true, currentPeriodEnd: true } },
        businessProfile: { select: { idealCustomerValue: true, areasOfService: true } },
        materialPricing: MATERIAL_PRICE_SELECT,
      },
    });
    if (!owner) return null;
    return {
      subscription: owner.subscription ?? { plan: null, status: null, currentPeriodEnd: null },
      idealCustomerValue: owner.businessProfile?.idealCustomerValue?.toNumber() ?? null,
      areasOfService: owner.businessProfile?.areasOfService ?? [],
      prices: toStoredPrices(owner.materialPricing),
    };
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

  countLeadsSince(tx: Transaction, ownerId: string, since: Date): Promise<number> {
    return tx.lead.count({ where: { ownerId, ...leadsCountedSince(since) } });
  }

  /** Inserts the lead with its 'created' timeline event; returns the lead id. */
  async createOwnerLead(tx: Transaction, lead: NewOwnerLead): Promise<string> {
    const { lockedReason, scoreReasons, ...columns } = lead;
    const row = await tx.lead.create({
      data: {
        ...columns,
        scoreReasons: scoreReasons.map((reason) => ({ ...reason })),
        locked: lockedReason !== null,
        lockedReason,
        events: { create: { ownerId: lead.ownerId, type: 'created', toStatus: 'new' } },
      },
      select: { id: true },
    });
    return row.id;
  }

  inTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  async createMainSiteLead(tx: Transaction, lead: NewMainSiteLead): Promise<string> {
    const row = await tx.mainSiteLead.create({ data: lead, select: { id: true } });
    return row.id;
  }
}
