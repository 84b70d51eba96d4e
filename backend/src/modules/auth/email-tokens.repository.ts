import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/database/prisma.service';
import { type EmailTokenPurpose } from '../../generated/prisma/client';
import { type Transaction } from './users.repository';

/** One-time e-mail link tokens, stored only as their SHA-256. */
@Injectable()
export class EmailTokensRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Stores a new token; with `replaceUnused`, the user's earlier unspent ones stop working. With
   * `onlyIfUnconfirmed`, nothing is stored (false) once the address is confirmed: the user's row
   * is locked first, so a confirmation or a Google sign-in committing meanwhile (which spends
   * every token) cannot be followed by a fresh link.
   */
  async create(
    token: { userId: string; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date },
    options: { replaceUnused: boolean; now: Date; onlyIfUnconfirmed?: boolean },
  ): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      if (options.onlyIfUnconfirmed) {
        const [user] = await tx.$queryRaw<{ confirmed: boolean }[]>`
          SELECT email_verified_at IS NOT NULL AS confirmed FROM users
          WHERE id = ${token.userId}::uuid FOR UPDATE`;
        if (!user || user.confirmed) return false;
      }
      if (options.replaceUnused) {
        await tx.emailToken.updateMany({
          where: { userId: token.userId, purpose: token.purpose, usedAt: null },
          data: { usedAt: options.now },
        });
      }
      await tx.emailToken.create({ data: token, select: { id: true } });
      return true;
    });
  }

  /** The user a usable (unspent, unexpired) token belongs to, without spending it. */
  async findUsable(
    tokenHash: string,
    purpose: EmailTokenPurpose,
    now: Date,
  ): Promise<string | null> {
    const row = await this.prisma.emailToken.findFirst({
      where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: now } },
      select: { userId: true },
    });
    return row?.userId ?? null;
  }

  /** The user a token was issued to, whatever its state. */
  async findOwner(tokenHash: string, purpose: EmailTokenPurpose): Promise<string | null> {
    const row = await this.prisma.emailToken.findUnique({
      where: { tokenHash },
      select: { userId: true, purpose: true },
    });
    return row?.purpose === purpose ? row.userId : null;
  }

  /**
   * Spends the token; its user's id for the one caller that spent it, null for anyone else or
   * when it is unknown, spent or expired.
   */
  async consume(
    tx: Transaction,
    tokenHash: string,
    purpose: EmailTokenPurpose,
    now: Date,
  ): Promise<string | null> {
    const token = await tx.emailToken.findUnique({
      where: { tokenHash },
      select: { id: true, userId: true, purpose: true },
    });
    if (!token || token.purpose !== purpose) return null;
    const { count } = await tx.emailToken.updateMany({
      where: { id: token.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    return count === 1 ? token.userId : null;
  }

  /** Spends every other unspent token of the user for this purpose. */
  async spendAll(
    tx: Transaction,
    userId: string,
    purpose: EmailTokenPurpose,
    now: Date,
  ): Promise<void> {
    await tx.emailToken.updateMany({
      where: { userId, purpose, usedAt: null },
      data: { usedAt: now },
    });
  }

  /** Spends every unspent token of the user, whatever its purpose. */
  async spendAllOfUser(tx: Transaction, userId: string, now: Date): Promise<void> {
    await tx.emailToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  }

  /** Deletes up to `limit` tokens that expired before `before`; the number deleted. */
  async deleteExpired(before: Date, limit: number): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM email_tokens WHERE id IN (
        SELECT id FROM email_tokens WHERE expires_at < ${before} LIMIT ${limit})`;
  }
}
