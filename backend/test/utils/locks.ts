import { type PrismaService } from '../../src/core/database/prisma.service';
import { eventually } from './async';

/** How many of this database's sessions wait for a lock (a row's, a table's or an advisory one). */
async function sessionsWaiting(prisma: PrismaService): Promise<number> {
  const [row] = await prisma.$queryRaw<{ waiting: number }[]>`
    SELECT count(*)::int AS waiting FROM pg_stat_activity
    WHERE wait_event_type = 'Lock' AND datname = current_database()`;
  return row?.waiting ?? 0;
}

/**
 * Runs two writes for one user so that both are in flight before either commits: the user's row
 * is held, so an insert that references the user (its foreign key check) waits for it. `first`
 * starts and is let run until it waits; `second` starts and is let run until it waits too; then
 * the row is released. Answers both results.
 */
export async function writeTogether<A, B>(
  prisma: PrismaService,
  userId: string,
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  let both: Promise<[A, B]> | undefined;
  await prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
      const one = first();
      await eventually(async () => (await sessionsWaiting(prisma)) >= 1);
      const two = second();
      await eventually(async () => (await sessionsWaiting(prisma)) >= 2);
      both = Promise.all([one, two]);
    },
    // As long as `eventually` waits: Prisma's default of 5 s could end the hold on a busy host.
    { timeout: 30_000 },
  );
  if (!both) throw new Error('the writes did not start');
  return both;
}
