import { Injectable, Logger } from '@nestjs/common';
import {
  allowanceMonthStart,
  needsMonthCount,
  newLeadLock,
  type OwnerMonth,
  unlockRoom,
} from '@rafter/domain/lead-allowance';
import { leadAllowance } from '@rafter/domain/plans';
import { PlanAccessService } from '../plans/plan-access.service';
import { type LeadRow, type NewLeadRow } from './lead-row';
import { LeadsService } from './leads.service';
import { OwnerLeadsRepository, type Transaction } from './owner-leads.repository';

/** A new owner lead before its lock is decided. */
export type OwnerLeadDraft = Omit<NewLeadRow, 'lockedReason'>;

/** A contractor as the allowance sees it: its plan and its time zone. */
export type LeadOwner = OwnerMonth;

/**
 * The lead's life from its creation: every owner lead (a quote request from the widget or the
 * share page, a marketplace lead from distribution) is created here, counted toward its
 * contractor's month, locked past the plan's allowance and unlocked when room appears (a plan
 * change, a spam flag, a new month). The allowance rule is domain/src/lead-allowance.ts.
 */
/** Leads unlocked in one transaction (see unlockAllowed). */
export const UNLOCK_BATCH = 5000;

@Injectable()
export class OwnerLeadsService {
  private readonly logger = new Logger(OwnerLeadsService.name);

  constructor(
    private readonly repository: OwnerLeadsRepository,
    private readonly crm: LeadsService,
    private readonly plans: PlanAccessService,
  ) {}

  /**
   * Stores a new lead with its timeline entry and `lead.captured` event, counted and locked by the
   * allowance in the same statement as the leads arriving with it, then tells the contractor's
   * open dashboards. Returns the row as the CRM lists it.
   */
  async create(draft: OwnerLeadDraft, owner: LeadOwner, now = new Date()): Promise<LeadRow> {
    const counted = needsMonthCount(owner.subscription, now);
    const row = await this.repository.insert({
      // Named field first (docs/decisions/0044).
      lead: { lockedReason: counted ? null : newLeadLock(owner.subscription, 0, now), ...draft },
      allowance: counted ? leadAllowance(owner.subscription, now) : null,
      since: counted ? allowanceMonthStart(owner.timeZone, now) : null,
    });
    // Committed; the open dashboards hear of it without holding up the homeowner's answer.
    this.crm.publishCreatedRow(draft.ownerId, row);
    return row;
  }

  /**
   * Stores a new lead in the caller's transaction, which holds its contractor's lead lock
   * (`lockOwners`) and counted the month (`countMonths`): distribution offers one lead to several
   * contractors at once. The caller publishes the row (`publishCreated`) after its commit.
   */
  createInTransaction(
    tx: Transaction,
    draft: OwnerLeadDraft,
    owner: LeadOwner,
    counted: number,
    now = new Date(),
  ): Promise<LeadRow> {
    return this.repository.insertInTransaction(tx, {
      lockedReason: newLeadLock(owner.subscription, counted, now),
      ...draft,
    });
  }

  publishCreated(ownerId: string, row: LeadRow): void {
    this.crm.publishCreatedRow(ownerId, row);
  }

  /** Takes the owners' lead-count locks for the rest of `tx`. */
  lockOwners(tx: Transaction, ownerIds: string[]): Promise<void> {
    return this.repository.lockOwners(tx, ownerIds);
  }

  /** Each owner's count of its month at `now`, in `tx` (under its lock). */
  countMonths(
    tx: Transaction,
    owners: { ownerId: string; timeZone: string | null }[],
    now: Date,
  ): Promise<Map<string, number>> {
    return this.repository.countMonths(
      tx,
      owners.map(({ ownerId, timeZone }) => ({
        ownerId,
        since: allowanceMonthStart(timeZone, now),
      })),
    );
  }

  /** The first instant of the owner's counting month (its profile's time zone, else UTC). */
  async monthStart(ownerId: string, now: Date): Promise<Date> {
    const zones = await this.repository.timeZones([ownerId]);
    return allowanceMonthStart(zones.get(ownerId) ?? null, now);
  }

  /**
   * The month's usage the Subscription tab shows: the same count that decides whether the
   * owner's next lead is locked.
   */
  async monthUsage(ownerId: string, now = new Date()): Promise<number> {
    const since = await this.monthStart(ownerId, now);
    const counts = await this.repository.countMonths(this.repository.client, [{ ownerId, since }]);
    return counts.get(ownerId) ?? 0;
  }

  /** Leads received since `since` (locked ones included, spam left out): the refund rule. */
  countReceivedSince(ownerId: string, since: Date): Promise<number> {
    return this.repository.countReceivedSince(ownerId, since);
  }

  /**
   * Unlocks the owner's oldest locked leads while the month's count stays within the plan's
   * allowance (all of them when unlimited), then tells open dashboards. Returns their ids.
   */
  async unlockAllowed(ownerId: string, now = new Date()): Promise<string[]> {
    const subscription = await this.plans.state(ownerId);
    if (leadAllowance(subscription, now) === 0) return [];
    const since = await this.monthStart(ownerId, now);
    // In transactions of at most UNLOCK_BATCH leads: an upgrade may unlock tens of thousands,
    // more than one transaction does in its 5 s on a slow host (40,000 took 3.8 s here), and a
    // transaction out of time would unlock none of them, every time it was tried again.
    const unlocked: string[] = [];
    for (;;) {
      const batch = await this.repository.withOwnerLock(ownerId, async (tx) => {
        const counts = await this.repository.countMonths(tx, [{ ownerId, since }]);
        const room = unlockRoom(subscription, counts.get(ownerId) ?? 0, now);
        if (room === 0) return [];
        return this.repository.unlockOldest(
          tx,
          ownerId,
          Math.min(room ?? UNLOCK_BATCH, UNLOCK_BATCH),
        );
      });
      unlocked.push(...batch);
      if (batch.length < UNLOCK_BATCH) break;
    }
    if (unlocked.length > 0) {
      this.logger.log({ ownerId, count: unlocked.length }, 'Unlocked leads the plan now allows');
      // Open dashboards show the contact details at once, without a reload.
      await this.crm.publishUpdated(ownerId, unlocked);
    }
    return unlocked;
  }

  /** Every owner with locked leads: the new month's unlock looks at each. */
  ownersWithLockedLeads(): Promise<string[]> {
    return this.repository.ownersWithLockedLeads();
  }
}
