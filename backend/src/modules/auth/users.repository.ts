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
  failedSignInCount: true,
  lastFailedSignInAt: true,
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

  /** Links Google to an existing account; a verified Google e-mail also confirms ours. */
  async linkGoogle(userId: string, googleSubject: string): Promise<UserRecord> {
    const [, , user] = await this.prisma.$transaction([
      this.prisma.user.update({ where: { id: userId }, data: { googleSubject } }),
      this.prisma.user.updateMany({
        where: { id: userId, emailVerifiedAt: null },
        data: { emailVerifiedAt: new Date() },
      }),
      this.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: USER_SELECT }),
    ]);
    return user;
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
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        return null;
      }
      throw error;
    }
  }

  async recordFailedSignIn(userId: string, at: Date): Promise<void> {
    await this.prisma.user.update({
      where: { id: userId },
      data: { failedSignInCount: { increment: 1 }, lastFailedSignInAt: at },
    });
  }

  /**
   * Takes the one attempt allowed after a delay: true for exactly one caller while the count is
   * still `failedCount` and the last failure is no later than `lastFailureNotAfter`. Moving the
   * failure time to `at` makes concurrent attempts wait for the next slot.
   */
  async claimSignInAttempt(
    userId: string,
    failedCount: number,
    lastFailureNotAfter: Date,
    at: Date,
  ): Promise<boolean> {
    const { count } = await this.prisma.user.updateMany({
      where: {
        id: userId,
        failedSignInCount: failedCount,
        OR: [{ lastFailedSignInAt: null }, { lastFailedSignInAt: { lte: lastFailureNotAfter } }],
      },
      data: { lastFailedSignInAt: at },
    });
    return count === 1;
  }

  async resetFailedSignIns(userId: string): Promise<void> {
    await this.prisma.user.update({
      where: { id: userId },
      data: { failedSignInCount: 0, lastFailedSignInAt: null },
    });
  }

  async markEmailVerified(tx: Transaction, userId: string, at: Date): Promise<void> {
    await tx.user.updateMany({
      where: { id: userId, emailVerifiedAt: null },
      data: { emailVerifiedAt: at },
    });
  }

  /** New password hash; clears the failed sign-ins the old password collected. */
  async setPassword(tx: Transaction, userId: string, passwordHash: string): Promise<string> {
    const row = await tx.user.update({
      where: { id: userId },
      data: { passwordHash, failedSignInCount: 0, lastFailedSignInAt: null },
      select: { email: true },
    });
    return row.email;
  }
}
