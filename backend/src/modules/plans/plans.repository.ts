import { Injectable } from '@nestjs/common';
import { type SubscriptionState } from '@rafter/domain/plans';
import DataLoader from 'dataloader';
import { TOGETHER } from '../../core/database/batching';
import { PrismaService } from '../../core/database/prisma.service';
import { Prisma } from '../../generated/prisma/client';

/** The plan part of a contractor's subscription row (billing writes the row). */
@Injectable()
export class PlansRepository {
  /** Requests and jobs of one moment (a burst of quote requests) share one statement. */
  private readonly states = new DataLoader<string, SubscriptionState | null>(async (userIds) => {
    const rows = await this.prisma.rows<SubscriptionState & { userId: string }>(Prisma.sql`
      SELECT user_id AS "userId", plan::text AS plan, status::text AS status,
        current_period_end AS "currentPeriodEnd"
      FROM subscriptions WHERE user_id = ANY(${userIds as string[]}::uuid[])`);
    const byUser = new Map(rows.map(({ userId, ...state }) => [userId, state]));
    return userIds.map((id) => byUser.get(id) ?? null);
  }, TOGETHER);

  constructor(private readonly prisma: PrismaService) {}

  findState(userId: string): Promise<SubscriptionState | null> {
    return this.states.load(userId);
  }
}
