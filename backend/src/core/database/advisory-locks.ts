import { type Prisma } from '../../generated/prisma/client';

/**
 * The numbers of the project's advisory locks, in one list so two never share one. Two-key locks
 * (`namespace`, `hashtext(id)`) serialise work on one id; single-key ones are bigint keys, which
 * PostgreSQL keeps apart from two-key ones.
 */
export const ADVISORY_LOCK = {
  /** Single key, held for the session: Prisma's own migration lock, so `prisma migrate deploy`
   * and the project's migrator never run at once. */
  migrations: 72707369,
  /** Two-key: work that counts a contractor's leads this month (capture, unlocks, spam flags). */
  ownerLeads: 72707380,
  /** Single key: one lead distribution at a time, across all workers. */
  distribution: 72707381,
  /** Two-key: writing one user's subscription row, the first one included. */
  subscription: 72707382,
  /** Two-key: replacing one user's logo, on a new profile too. */
  logo: 72707383,
  /** Two-key: booking or moving an inspection in one contractor's calendar. */
  ownerBookings: 72707384,
  /** Two-key: counting and adding one user's API keys. */
  apiKeys: 72707385,
  /** Two-key: counting and adding one user's webhook endpoints (Zapier hooks included). */
  webhookEndpoints: 72707386,
} as const;

type TwoKeyLock = Exclude<keyof typeof ADVISORY_LOCK, 'migrations' | 'distribution'>;

/**
 * Holds `id`'s lock in `namespace` until the transaction ends; a second transaction asking for
 * it waits. Unlike `SELECT … FOR UPDATE` it also holds while the row to protect does not exist.
 */
export async function lockUntilCommit(
  tx: Pick<Prisma.TransactionClient, '$executeRaw'>,
  namespace: TwoKeyLock,
  id: string,
): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ADVISORY_LOCK[namespace]}::int4, hashtext(${id}))`;
}
