import { Injectable } from '@nestjs/common';
import { type SubscriptionState } from '@rafter/domain/plans';
import { PrismaService } from '../../core/database/prisma.service';

/** The plan part of a contractor's subscription row (billing writes the row). */
@Injectable()
export class PlansRepository {
  constructor(private readonly prisma: PrismaService) {}

  async findState(userId: string): Promise<SubscriptionState | null> {
    return this.prisma.subscription.findUnique({
      where: { userId },
      select: { plan: true, status: true, currentPeriodEnd: true },
    });
  }
}
