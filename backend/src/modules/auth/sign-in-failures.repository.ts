import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/database/prisma.service';
import { type Transaction } from './users.repository';

export interface SignInFailures {
  failedCount: number;
  lastFailedAt: Date;
}

/** Wrong passwords per account and client (`client` is what `clientSubject` makes of an address). */
@Injectable()
export class SignInFailuresRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(userId: string, client: string): Promise<SignInFailures | null> {
    return this.prisma.signInFailure.findUnique({
      where: { userId_client: { userId, client } },
      select: { failedCount: true, lastFailedAt: true },
    });
  }

  async record(userId: string, client: string, at: Date): Promise<void> {
    await this.prisma.signInFailure.upsert({
      where: { userId_client: { userId, client } },
      create: { userId, client, failedCount: 1, lastFailedAt: at },
      update: { failedCount: { increment: 1 }, lastFailedAt: at },
      select: { failedCount: true },
    });
  }

  /**
   * Takes the one attempt allowed after a delay: true for exactly one caller while the count is
   * still `failedCount` and the last failure is no later than `lastFailureNotAfter`. Moving the
   * failure time to `at` makes concurrent attempts wait for the next slot.
   */
  async claimAttempt(
    userId: string,
    client: string,
    failedCount: number,
    lastFailureNotAfter: Date,
    at: Date,
  ): Promise<boolean> {
    const { count } = await this.prisma.signInFailure.updateMany({
      where: { userId, client, failedCount, lastFailedAt: { lte: lastFailureNotAfter } },
      data: { lastFailedAt: at },
    });
    return count === 1;
  }

  /** A right password from this client: its count starts over; other clients' stay. */
  async clear(userId: string, client: string): Promise<void> {
    await this.prisma.signInFailure.deleteMany({ where: { userId, client } });
  }

  /** A new password or a new owner: every client's count starts over. */
  async clearAll(tx: Transaction, userId: string): Promise<void> {
    await tx.signInFailure.deleteMany({ where: { userId } });
  }

  /** Deletes up to `limit` counts whose last failure is older than `before`; the number deleted. */
  async deleteOlderThan(before: Date, limit: number): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM sign_in_failures WHERE (user_id, client) IN (
        SELECT user_id, client FROM sign_in_failures WHERE last_failed_at < ${before}
        LIMIT ${limit})`;
  }
}
