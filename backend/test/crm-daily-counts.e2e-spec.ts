import { LEAD_STATUSES } from '@rafter/domain/lead';
import { Client } from 'pg';
import { PrismaService } from '../src/core/database/prisma.service';
import { createAccount } from './factories/account.factory';
import { eventually } from './utils/async';
import { createTestApp, type TestApp } from './utils/create-app';

/**
 * The dashboard's metrics read lead_daily_counts, which a trigger keeps in step with leads. After
 * any mix of inserts, status and value changes, moves and deletes it must equal counting the
 * leads themselves.
 */

const DAY_MS = 24 * 3600 * 1000;

let t: TestApp;
let prisma: PrismaService;

beforeAll(async () => {
  t = await createTestApp();
  prisma = t.app.get(PrismaService);
});

afterAll(async () => {
  await t?.close();
});

async function rollup() {
  return prisma.$queryRaw<{ key: string; leads: number; mid: number }[]>`
    SELECT owner_id || ' ' || day || ' ' || status AS key, leads, mid_sum::float8 AS mid
    FROM lead_daily_counts WHERE leads <> 0 ORDER BY 1`;
}

async function counted() {
  return prisma.$queryRaw<{ key: string; leads: number; mid: number }[]>`
    SELECT owner_id || ' ' || (created_at AT TIME ZONE 'UTC')::date || ' ' || status AS key,
      count(*)::int AS leads, sum(estimate_mid)::float8 AS mid
    FROM leads GROUP BY 1 ORDER BY 1`;
}

it('equals counting the leads after inserts, status and value changes, moves and deletes', async () => {
  const a = await createAccount(prisma);
  const b = await createAccount(prisma);
  const now = Date.now();
  await prisma.lead.createMany({
    data: Array.from({ length: 120 }, (_, i) => ({
      ownerId: i % 3 === 0 ? b.id : a.id,
      firstName: 'Ana',
      lastName: `Count${i}`,
      email: `count${i}@example.com`,
      phone: '5125550100',
      address: '1 Main St, Austin, TX 78701',
      zipCode: '78701',
      ownership: 'owner' as const,
      material: 'asphalt' as const,
      stories: 'one' as const,
      estimateMid: 5000 + i * 37,
      status: LEAD_STATUSES[i % LEAD_STATUSES.length]!,
      // Around UTC midnights, over ten days.
      createdAt: new Date(now - Math.floor(i / 12) * DAY_MS - (i % 12) * 3600_000),
    })),
  });
  expect(await rollup()).toEqual(await counted());

  const leads = await prisma.lead.findMany({ where: { ownerId: a.id }, orderBy: { id: 'asc' } });
  for (const [index, lead] of leads.slice(0, 30).entries()) {
    await prisma.lead.update({
      where: { id: lead.id },
      data: { status: LEAD_STATUSES[(index + 2) % LEAD_STATUSES.length]! },
    });
  }
  await prisma.lead.updateMany({
    where: { ownerId: a.id, status: 'lost' },
    data: { estimateMid: { increment: 250 } },
  });
  await prisma.lead.update({ where: { id: leads[40]!.id }, data: { ownerId: b.id } });
  await prisma.lead.update({
    where: { id: leads[41]!.id },
    data: { createdAt: new Date(now - 40 * DAY_MS) },
  });
  // Changes that do not touch the counted columns leave the rollup alone.
  await prisma.lead.updateMany({ where: { ownerId: a.id }, data: { locked: true } });
  await prisma.lead.deleteMany({ where: { id: { in: leads.slice(50, 60).map((l) => l.id) } } });
  expect(await rollup()).toEqual(await counted());

  // Deleting an account takes its leads and its rollup rows with it.
  await prisma.user.delete({ where: { id: b.id } });
  expect(await rollup()).toEqual(await counted());
  const orphans = await prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM lead_daily_counts WHERE owner_id = ${b.id}::uuid`;
  expect(orphans[0]!.n).toBe(0);
});

/** One new lead for each owner, in this order, in one INSERT statement. */
function insertLeads(ownerIds: string[]) {
  return prisma.lead.createMany({
    data: ownerIds.map((ownerId) => ({
      ownerId,
      firstName: 'Ana',
      lastName: 'Order',
      email: 'order@example.com',
      phone: '5125550100',
      address: '1 Main St, Austin, TX 78701',
      zipCode: '78701',
      ownership: 'owner' as const,
      material: 'asphalt' as const,
      stories: 'one' as const,
      estimateMid: 9000,
    })),
  });
}

it("counts a statement's new leads contractor by contractor in one order, so two never deadlock", async () => {
  // Quote requests arriving together are one INSERT, their contractors in arrival order. Another
  // writer holds the first contractor's count and is about to take the second's: the INSERT must
  // wait for the first without holding the second, or the two deadlock.
  const [first, second] = [await createAccount(prisma), await createAccount(prisma)]
    .map((account) => account.id)
    .sort();
  await insertLeads([first!, second!]);

  const writer = new Client({ connectionString: t.db.url });
  await writer.connect();
  try {
    await writer.query('BEGIN');
    await writer.query("SET LOCAL lock_timeout = '3s'");
    const today = `day = (now() AT TIME ZONE 'UTC')::date AND status = 'new'`;
    await writer.query(
      `SELECT 1 FROM lead_daily_counts WHERE owner_id = $1 AND ${today} FOR UPDATE`,
      [first],
    );
    // Prisma sends a query once it is awaited: then() starts it now.
    const inserting = insertLeads([second!, first!]).then(({ count }) => count);
    // The INSERT is the only other session of this database that can be waiting for a lock.
    await eventually(async () => {
      const waiting = await writer.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
           AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
      );
      return waiting.rowCount === 1;
    });
    await expect(
      writer.query(`SELECT 1 FROM lead_daily_counts WHERE owner_id = $1 AND ${today} FOR UPDATE`, [
        second,
      ]),
    ).resolves.toMatchObject({ rowCount: 1 });
    await writer.query('COMMIT');
    await expect(inserting).resolves.toBe(2);
  } finally {
    await writer.end();
  }
  expect(await rollup()).toEqual(await counted());
});

it('moves two leads of one day between the same statuses in opposite directions at once, both', async () => {
  // A status change takes a count from one row and gives it to another. Two leads of one day
  // going new → contacted and contacted → new at once (a CRM syncing statuses in parallel) must
  // not each hold one row and wait for the other's. A writer holds the New row, so both wait: the
  // first for New, the second for New as well, not holding Contacted meanwhile.
  const { id: ownerId } = await createAccount(prisma);
  await insertLeads([ownerId, ownerId]);
  const [ahead, behind] = await prisma.lead.findMany({
    where: { ownerId },
    orderBy: { id: 'asc' },
  });
  await prisma.lead.update({ where: { id: behind!.id }, data: { status: 'contacted' } });

  const [writer, forward, back] = [0, 1, 2].map(
    () => new Client({ connectionString: t.db.url }),
  ) as [Client, Client, Client];
  await Promise.all([writer, forward, back].map((client) => client.connect()));
  const waiting = async (count: number) =>
    eventually(async () => {
      const { rowCount } = await writer.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
           AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
      );
      return rowCount === count;
    });
  const setStatus = (client: Client, id: string, status: string) =>
    client
      .query(`UPDATE leads SET status = $2::"LeadStatus" WHERE id = $1 RETURNING status::text`, [
        id,
        status,
      ])
      .then(({ rows }) => (rows[0] as { status: string }).status);
  try {
    await writer.query('BEGIN');
    await writer.query(
      `SELECT 1 FROM lead_daily_counts
        WHERE owner_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date AND status = 'new'
        FOR UPDATE`,
      [ownerId],
    );
    const moved = [setStatus(forward, ahead!.id, 'contacted')];
    await waiting(1);
    moved.push(setStatus(back, behind!.id, 'new'));
    await waiting(2);
    await writer.query('COMMIT');
    await expect(Promise.all(moved)).resolves.toEqual(['contacted', 'new']);
  } finally {
    await Promise.all([writer, forward, back].map((client) => client.end()));
  }
  expect(await rollup()).toEqual(await counted());
});
