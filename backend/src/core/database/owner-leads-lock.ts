import { type Prisma } from '../../generated/prisma/client';

/** Advisory lock namespace (first key) for work that counts an owner's leads this month. */
const OWNER_LEADS_LOCK = 72707380;

/**
 * Takes the owner's lead-count lock for the rest of the transaction. Lead capture (which locks
 * leads over the plan's limit) and billing (which unlocks them) both take it, so they count the
 * month's leads in turn, never from the same stale number.
 */
export async function lockOwnerLeads(tx: Prisma.TransactionClient, ownerId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${OWNER_LEADS_LOCK}::int4, hashtext(${ownerId}))`;
}
