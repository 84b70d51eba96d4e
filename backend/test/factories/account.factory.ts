import { randomBytes } from 'node:crypto';
import { type PrismaClient } from '../../src/generated/prisma/client';
import { hashPassword } from '../../src/modules/auth/passwords';

export interface AccountOptions {
  email?: string;
  password?: string | null;
  fullName?: string | null;
  confirmed?: boolean;
}

/** A password account as sign-up and confirmation leave it (confirmed unless told otherwise). */
export async function createAccount(
  prisma: PrismaClient,
  options: AccountOptions = {},
): Promise<{ id: string; email: string; password: string | null }> {
  const email = options.email ?? `contractor-${randomBytes(6).toString('hex')}@roofers.test`;
  const password = options.password === undefined ? 'correct-horse-9' : options.password;
  const user = await prisma.user.create({
    data: {
      email,
      fullName: options.fullName === undefined ? 'Pat Contractor' : options.fullName,
      passwordHash: password === null ? null : await hashPassword(password),
      emailVerifiedAt: options.confirmed === false ? null : new Date(),
    },
    select: { id: true },
  });
  return { id: user.id, email, password };
}
