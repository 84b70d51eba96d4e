import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/database/prisma.service';
import { Prisma } from '../../generated/prisma/client';

export type Transaction = Prisma.TransactionClient;

const USER_SELECT = {
  id: true,
  email: true,
  fullName: true,
  passwordHash: true,
  emailVerifiedAt: true,
  googleSubject: true,
  createdAt: true,
} as const satisfies Prisma.UserSelect;

export type UserRecord = Prisma.UserGetPayload<{ select: typeof USER_SELECT }>;

@Injectable()
export class UsersRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  /** Case-insensitive: the column is citext. */
  findByEmail(email: string): Promise<UserRecord | null> {
    return this.prisma.user.findUnique({ where: { email }, select: USER_SELECT });
  }

  findById(id: string): Promise<UserRecord | null> {
    return this.prisma.user.findUnique({ where: { id }, select: USER_SELECT });
  }

  async exists(id: string): Promise<boolean> {
    const user = await this.prisma.user.findUnique({ where: { id }, select: { id: true } });
    return user !== null;
  }

  findByGoogleSubject(googleSubject: string): Promise<UserRecord | null> {
    return this.prisma.user.findUnique({ where: { googleSubject }, select: USER_SELECT });
  }

  /** A user who signed up with Google; Google has verified the e-mail. */
  createGoogleUser(user: {
    email: string;
    fullName: string | null;
    googleSubject: string;
  }): Promise<UserRecord> {
    return this.prisma.user.create({
      data: { ...user, emailVerifiedAt: new Date() },
      select: USER_SELECT,
    });
  }

  /**
   * Links Google to an account whose owner just proved they hold it. False when that Google
   * account got linked to another user meanwhile.
   */
  async linkGoogle(userId: string, googleSubject: string): Promise<boolean> {
    try {
      await this.prisma.user.update({ where: { id: userId }, data: { googleSubject } });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * Hands an account whose e-mail was never confirmed to the Google account that owns the
   * address: linked, confirmed, renamed after the Google profile, and without the password
   * whoever signed it up chose. False when the account got confirmed meanwhile.
   */
  async takeOverUnconfirmed(
    tx: Transaction,
    userId: string,
    google: { googleSubject: string; fullName: string | null },
    at: Date,
  ): Promise<boolean> {
    const { count } = await tx.user.updateMany({
      where: { id: userId, emailVerifiedAt: null },
      data: {
        googleSubject: google.googleSubject,
        passwordHash: null,
        emailVerifiedAt: at,
        ...(google.fullName ? { fullName: google.fullName } : {}),
      },
    });
    return count === 1;
  }

  /**
   * Deletes up to `limit` accounts whose e-mail was never confirmed, created before
   * `createdBefore`, with no e-mail link still usable at `now` and nothing of value attached
   * (no lead, no subscription); the number deleted.
   */
  async deleteStaleUnconfirmed(createdBefore: Date, now: Date, limit: number): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM users WHERE id IN (
        SELECT u.id FROM users u
        WHERE u.email_verified_at IS NULL AND u.created_at < ${createdBefore}
          AND NOT EXISTS (SELECT 1 FROM email_tokens t
            WHERE t.user_id = u.id AND t.used_at IS NULL AND t.expires_at > ${now})
          AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.owner_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id)
        LIMIT ${limit})`;
  }

  /** The new user's id, or null when the e-mail is taken (the transaction is then unusable). */
  async createPasswordUser(
    tx: Transaction,
    user: { email: string; fullName: string; passwordHash: string },
  ): Promise<string | null> {
    try {
      const row = await tx.user.create({ data: user, select: { id: true } });
      return row.id;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async markEmailVerified(tx: Transaction, userId: string, at: Date): Promise<void> {
    await tx.user.updateMany({
      where: { id: userId, emailVerifiedAt: null },
      data: { emailVerifiedAt: at },
    });
  }

  async setPassword(tx: Transaction, userId: string, passwordHash: string): Promise<string> {
    const row = await tx.user.update({
      where: { id: userId },
      data: { passwordHash },
      select: { email: true },
    });
    return row.email;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}
