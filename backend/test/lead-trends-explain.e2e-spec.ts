import { PrismaService } from '../src/core/database/prisma.service';
import { Prisma } from '../src/generated/prisma/client';
import { leadTrendsSql } from '../src/modules/leads/leads.repository';
import { createTestApp, type TestApp } from './utils/create-app';

/** One owner's leads, ten minutes apart: about two years, a range and the period before it. */
const OWNER_LEADS = 100_000;
/** Other contractors' leads, so one owner's are a share of the table as in production. */
const OTHER_OWNERS = 10;
const OTHER_LEADS_EACH = 10_000;
const DAY_MS = 86_400_000;

let t: TestApp;
let prisma: PrismaService;
let ownerId: string;

/** `count` leads of `owner`, `minutes` apart back from now: statuses, sold prices, some spam. */
function seedLeads(owner: string, count: number, minutes: number) {
  return prisma.$executeRaw`
    INSERT INTO leads (id, owner_id, first_name, last_name, email, phone, address, zip_code,
      ownership, material, stories, roof_area, estimate_low, estimate_mid, estimate_high, score,
      status, sold_price, spam_at, source, created_at, updated_at)
    SELECT gen_random_uuid(), ${owner}::uuid, 'Ana', 'Lead' || i, 'lead' || i || '@example.com',
      '5125550100', i || ' Oak St, Austin, TX 78704', '78704', 'owner', 'asphalt', 'one',
      1000 + i % 3000, 4000 + i % 9000, 6000 + i % 9000, 8000 + i % 9000, i % 101,
      (ARRAY['new','contacted','qualified','converted','lost']::"LeadStatus"[])[1 + i % 5],
      CASE WHEN i % 10 = 3 THEN 9000 END, CASE WHEN i % 50 = 0 THEN now() END,
      'widget', now() - i * ${minutes}::int * interval '1 minute', now()
    FROM generate_series(1, ${count}::int) AS i`;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createTestApp();
  prisma = t.app.get(PrismaService);
  const owners = await prisma.user.createManyAndReturn({
    data: Array.from({ length: OTHER_OWNERS + 1 }, (_, i) => ({
      email: `trends-explain-${i}-${Date.now()}@roofers.test`,
    })),
    select: { id: true },
  });
  ownerId = owners[0]!.id;
  await seedLeads(ownerId, OWNER_LEADS, 10);
  for (const other of owners.slice(1)) await seedLeads(other.id, OTHER_LEADS_EACH, 60);
  // As autovacuum leaves a table: statistics and the visibility map (index-only scans use it).
  await prisma.$executeRaw`VACUUM ANALYZE leads`;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

it(`reads a year of ${OWNER_LEADS.toLocaleString('en-US')} leads' trends with an index-only range scan`, async () => {
  const now = Date.now();
  // A year and the period before it, as the service asks for them in one query.
  for (const from of [isoDay(now - 364 * DAY_MS), isoDay(now - 729 * DAY_MS)]) {
    const rows = await prisma.$queryRaw<{ 'QUERY PLAN': string }[]>(
      Prisma.sql`EXPLAIN ${leadTrendsSql(ownerId, from, isoDay(now), 'America/Chicago')}`,
    );
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('Index Only Scan using leads_trends_by_owner_idx');
    expect(plan).toMatch(/Index Cond: \(\(owner_id = .*created_at >= .*created_at < /);
    expect(plan).not.toMatch(/Seq Scan|Bitmap/);
  }
});
