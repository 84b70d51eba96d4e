import { Injectable } from '@nestjs/common';
import { lockUntilCommit } from '../../core/database/advisory-locks';
import { PrismaService } from '../../core/database/prisma.service';
import {
  type Prisma,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from '../../generated/prisma/client';

const STRIPE = 'stripe';

export type Transaction = Prisma.TransactionClient;

/** What Stripe says about one subscription, in our columns. */
export interface SubscriptionSnapshot {
  plan: SubscriptionPlan;
  status: SubscriptionStatus;
  providerCustomerId: string;
  providerSubscriptionId: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  /** A plan change waiting for the renewal (from the subscription's schedule). */
  pendingPlan: SubscriptionPlan | null;
  pendingPlanAt: Date | null;
}

export interface SubscriptionRecord extends SubscriptionSnapshot {
  userId: string;
  providerCustomerId: string;
  providerSubscriptionId: string;
  firstPaidAt: Date | null;
  refundedAt: Date | null;
  lastEventAt: Date | null;
  /** When the stored copy was read from Stripe; null for rows made by hand. */
  observedAt: Date | null;
}

const RECORD_SELECT = {
  userId: true,
  plan: true,
  status: true,
  providerCustomerId: true,
  providerSubscriptionId: true,
  currentPeriodStart: true,
  currentPeriodEnd: true,
  cancelAtPeriodEnd: true,
  canceledAt: true,
  pendingPlan: true,
  pendingPlanAt: true,
  firstPaidAt: true,
  refundedAt: true,
  lastEventAt: true,
  observedAt: true,
} as const;

/** A subscription row as the services see it; rows made by hand (seed, tests) lack Stripe ids. */
export type StoredSubscription = Omit<
  SubscriptionRecord,
  'providerCustomerId' | 'providerSubscriptionId'
> & { providerCustomerId: string | null; providerSubscriptionId: string | null };

@Injectable()
export class BillingRepository {
  constructor(private readonly prisma: PrismaService) {}

  findSubscription(userId: string): Promise<StoredSubscription | null> {
    return this.prisma.subscription.findUnique({ where: { userId }, select: RECORD_SELECT });
  }

  async findUserIdByProviderIds(
    subscriptionId: string,
    customerId: string | null,
  ): Promise<string | null> {
    const row = await this.prisma.subscription.findFirst({
      where: {
        OR: [
          { providerSubscriptionId: subscriptionId },
          ...(customerId ? [{ providerCustomerId: customerId }] : []),
        ],
      },
      select: { userId: true },
    });
    return row?.userId ?? null;
  }

  async userExists(userId: string): Promise<boolean> {
    return (await this.prisma.user.count({ where: { id: userId } })) > 0;
  }

  /**
   * Writes the snapshot as the user's one subscription row, holding the user's subscription lock
   * from the read to the write so two writers cannot interleave, the first row's included.
   * `decide` sees the row as it stands and answers the last event time to keep, or null to leave
   * the row as it is. A copy read from Stripe before the stored one (`observedAt`) never replaces
   * it. False when nothing was written.
   */
  async saveSubscription(
    userId: string,
    snapshot: SubscriptionSnapshot,
    observedAt: Date,
    decide: (existing: StoredSubscription | null) => { lastEventAt: Date | null } | null,
  ): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      // The user's lock, not the row's: before the first subscription there is no row to lock,
      // and two first writers would both read none and both write.
      await lockUntilCommit(tx, 'subscription', userId);
      const existing = await tx.subscription.findUnique({
        where: { userId },
        select: RECORD_SELECT,
      });
      if (existing?.observedAt && existing.observedAt > observedAt) return false;
      const verdict = decide(existing);
      if (!verdict) return false;
      const { lastEventAt } = verdict;
      const data = { ...snapshot, observedAt, ...(lastEventAt ? { lastEventAt } : {}) };
      await tx.subscription.upsert({
        where: { userId },
        create: { userId, ...data },
        update: data,
      });
      return true;
    });
  }

  /**
   * Starts the money-back window at the subscription's earliest payment; later payments leave it.
   * Stripe may deliver a proration invoice's event before the first invoice's, so an earlier
   * payment arriving late moves the start back.
   */
  async setFirstPaidAt(userId: string, subscriptionId: string, paidAt: Date): Promise<void> {
    await this.prisma.subscription.updateMany({
      where: {
        userId,
        providerSubscriptionId: subscriptionId,
        OR: [{ firstPaidAt: null }, { firstPaidAt: { gt: paidAt } }],
      },
      data: { firstPaidAt: paidAt },
    });
  }

  async setCancelAtPeriodEnd(userId: string): Promise<void> {
    await this.prisma.subscription.update({ where: { userId }, data: { cancelAtPeriodEnd: true } });
  }

  async setRefundedAt(userId: string, refundedAt: Date): Promise<void> {
    await this.prisma.subscription.update({ where: { userId }, data: { refundedAt } });
  }

  async isEventProcessed(eventId: string): Promise<boolean> {
    const count = await this.prisma.processedWebhookEvent.count({
      where: { provider: STRIPE, eventId },
    });
    return count > 0;
  }

  /** Records a handled event; a second delivery that raced this one changes nothing. */
  async recordEvent(eventId: string, type: string): Promise<void> {
    await this.prisma.processedWebhookEvent.createMany({
      data: [{ provider: STRIPE, eventId, type }],
      skipDuplicates: true,
    });
  }
}
