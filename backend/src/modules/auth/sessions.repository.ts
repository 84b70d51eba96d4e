import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/database/prisma.service';
import { type Transaction } from './users.repository';

export interface NewSession {
  id: string;
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  userAgent: string | null;
  ipAddress: string | null;
}

export interface StoredSession {
  id: string;
  userId: string;
  familyId: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  /** True when any token of the family was revoked: the family is then dead as a whole. */
  familyRevoked: boolean;
}

export interface SessionUser {
  id: string;
  email: string;
  familyRevoked: boolean;
}

@Injectable()
export class SessionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(session: NewSession): Promise<void> {
    await this.prisma.session.create({ data: session, select: { id: true } });
  }

  async findByTokenHash(tokenHash: string): Promise<StoredSession | null> {
    const rows = await this.prisma.$queryRaw<StoredSession[]>`
      SELECT s.id, s.user_id AS "userId", s.family_id AS "familyId", s.expires_at AS "expiresAt",
        s.used_at AS "usedAt", s.revoked_at AS "revokedAt",
        EXISTS (SELECT 1 FROM sessions f WHERE f.family_id = s.family_id
          AND f.revoked_at IS NOT NULL) AS "familyRevoked"
      FROM sessions s WHERE s.token_hash = ${tokenHash}`;
    return rows[0] ?? null;
  }

  /**
   * Spends `currentId` and stores its successor, atomically: the conditional UPDATE succeeds for
   * exactly one of any number of concurrent callers.
   *
   * A token spent after `reuseSince` whose successor was never used is spent again: the answer
   * that carried the successor was lost (the page went on to another document, the network
   * dropped it), so the successor is spent in its place, unanswered, and `next` replaces it.
   * Presented later, that successor revokes the family like any spent token.
   *
   * False when the token was spent before `reuseSince` or its successor was used, or when it was
   * revoked or expired.
   */
  rotate(currentId: string, next: NewSession, now: Date, reuseSince: Date): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.session.updateMany({
        where: { id: currentId, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (count !== 1) {
        const spent = await tx.session.findFirst({
          where: {
            id: currentId,
            usedAt: { gt: reuseSince },
            revokedAt: null,
            expiresAt: { gt: now },
          },
          select: { replacedById: true },
        });
        if (!spent?.replacedById) return false;
        const { count: unanswered } = await tx.session.updateMany({
          where: { id: spent.replacedById, usedAt: null, revokedAt: null },
          data: { usedAt: now },
        });
        if (unanswered !== 1) return false;
      }
      await tx.session.create({ data: next, select: { id: true } });
      await tx.session.update({ where: { id: currentId }, data: { replacedById: next.id } });
      return true;
    });
  }

  async revokeFamily(familyId: string, at: Date): Promise<void> {
    await this.prisma.session.updateMany({
      where: { familyId, revokedAt: null },
      data: { revokedAt: at },
    });
  }

  async revokeAllForUser(tx: Transaction, userId: string, at: Date): Promise<void> {
    await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: at } });
  }

  /**
   * Deletes up to `limit` whole session families whose every token expired before `before`;
   * the number of rows deleted. Live families keep their spent and revoked rows, which reuse
   * detection and the access-token check still read.
   */
  async deleteExpiredFamilies(before: Date, limit: number): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM sessions WHERE family_id IN (
        SELECT family_id FROM sessions GROUP BY family_id
        HAVING max(expires_at) < ${before} LIMIT ${limit})`;
  }

  /** The user of an access token, if the token's session family belongs to them. */
  async findSessionUser(userId: string, familyId: string): Promise<SessionUser | null> {
    const rows = await this.prisma.$queryRaw<SessionUser[]>`
      SELECT u.id, u.email::text AS email, bool_or(s.revoked_at IS NOT NULL) AS "familyRevoked"
      FROM users u JOIN sessions s ON s.user_id = u.id AND s.family_id = ${familyId}::uuid
      WHERE u.id = ${userId}::uuid
      GROUP BY u.id, u.email`;
    return rows[0] ?? null;
  }
}
