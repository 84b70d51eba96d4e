import { type LeadSort } from '@rafter/domain/crm';
import { PrismaService } from '../src/core/database/prisma.service';
import { Prisma } from '../src/generated/prisma/client';
import {
  leadCountsSql,
  leadPageSql,
  type LeadFilter,
  type LeadPageQuery,
} from '../src/modules/leads/leads.repository';
import { createTestApp, type TestApp } from './utils/create-app';

const OWNER_LEADS = 20_000;
/**
 * Other contractors' leads, so one owner's are a small share of the table as in production; in a
 * table of one owner's leads a sequential scan is rightly cheaper and the test would prove nothing.
 */
const OTHER_OWNERS = 20;
const OTHER_LEADS_EACH = 10_000;

let t: TestApp;
let prisma: PrismaService;
let ownerId: string;

/** `count` leads for `owner` in one INSERT … SELECT: varied names, scores, values and statuses. */
function seedLeads(owner: string, count: number) {
  return prisma.$executeRaw`
    INSERT INTO leads (id, owner_id, first_name, last_name, email, phone, address, zip_code,
      ownership, material, stories, roof_area, estimate_low, estimate_mid, estimate_high, score,
      status, source, created_at, updated_at)
    SELECT gen_random_uuid(), ${owner}::uuid,
      (ARRAY['Ana','Ben','Cleo','Dev','Eli','Fay','Gus'])[1 + i % 7], 'Lead' || i,
      'lead' || i || '@example.com', '5125550100', i || ' Oak St, Austin, TX 78704', '78704',
      'owner', (ARRAY['asphalt','wood','metal','tile','slate']::"Material"[])[1 + i % 5], 'one',
      1000 + i % 3000, 4000 + i % 9000, 6000 + i % 9000, 8000 + i % 9000, i % 101,
      (ARRAY['new','contacted','qualified','converted','lost']::"LeadStatus"[])[1 + i % 5],
      'widget', now() - i * interval '1 minute', now()
    FROM generate_series(1, ${count}::int) AS i`;
}

/**
 * A scan of the trigram index that looks the search up in it: its index condition holds the
 * pattern (`~~`, LIKE), not the owner alone (which would hand over every one of the owner's
 * leads to be checked row by row).
 */
const SEARCHED_IN_TRIGRAM_INDEX =
  /Bitmap Index Scan on leads_search_trgm_idx.*\n\s*Index Cond: .*~~/;

async function plan(query: LeadPageQuery): Promise<string> {
  const rows = await prisma.$queryRaw<{ 'QUERY PLAN': string }[]>(
    Prisma.sql`EXPLAIN ${leadPageSql(ownerId, query)}`,
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  prisma = t.app.get(PrismaService);
  const owners = await prisma.user.createManyAndReturn({
    data: Array.from({ length: OTHER_OWNERS + 1 }, (_, i) => ({
      email: `explain-${i}-${Date.now()}@roofers.test`,
    })),
    select: { id: true },
  });
  ownerId = owners[0]!.id;
  await seedLeads(ownerId, OWNER_LEADS);
  for (const other of owners.slice(1)) await seedLeads(other.id, OTHER_LEADS_EACH);
  await prisma.$executeRaw`ANALYZE leads`;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe(`the lead list over ${OWNER_LEADS.toLocaleString('en-US')} leads of one owner`, () => {
  const sorts: LeadSort[] = ['latest', 'score', 'value'];
  const after = {
    latest: {
      key: new Date(Date.now() - 5000 * 60_000),
      id: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
    },
    score: { key: 50, id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' },
    value: { key: 9000, id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' },
  };

  it.each(sorts)('sorted by %s reads an index, first page and later pages', async (sort) => {
    for (const query of [
      { sort, limit: 26 },
      { sort, limit: 26, after: after[sort] },
    ]) {
      const text = await plan(query);
      expect(text).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
      expect(text).not.toMatch(/Seq Scan on leads/);
    }
  });

  it.each(sorts)('sorted by %s and filtered by status reads an index', async (sort) => {
    const text = await plan({ sort, status: 'qualified', limit: 26, after: after[sort] });
    expect(text).not.toMatch(/Seq Scan on leads/);
    if (sort === 'latest') expect(text).toMatch(/leads_owner_id_status_created_at_id_idx/);
  });

  it.each(sorts)('searched and sorted by %s reads an index', async (sort) => {
    const text = await plan({ sort, q: 'lead1234', limit: 26 });
    expect(text).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    expect(text).not.toMatch(/Seq Scan on leads/);
  });

  it('uses the trigram index for a search', async () => {
    const text = await plan({ sort: 'latest', q: 'lead1234@exa', limit: 26 });
    expect(text).toMatch(SEARCHED_IN_TRIGRAM_INDEX);
  });

  it.each(sorts)(
    'knows a common term is common: sorted by %s, it reads the owner in order, not every match',
    async (sort) => {
      // Every address holds 'oak st'. Without statistics on the search expression the planner
      // takes it for rare and reads all contractors' 220,000 matches through the trigram index.
      const text = await plan({ sort, q: 'oak st', limit: 26 });
      expect(text).not.toMatch(/leads_search_trgm_idx/);
    },
  );
});

describe('the counts during a search', () => {
  async function countsPlan(filter: LeadFilter): Promise<string> {
    const rows = await prisma.$queryRaw<{ 'QUERY PLAN': string }[]>(
      Prisma.sql`EXPLAIN ${leadCountsSql(ownerId, filter)}`,
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  it.each(['ana', 'lead1234@exa', 'ana lead12'])(
    'read the owner\'s matches of "%s" in one scan of the search index',
    async (q) => {
      // One scan that starts with the owner, not every contractor's matches ANDed with a
      // second bitmap of all the owner's leads (bench/crm.mjs: 'counts, search "maria"').
      const text = await countsPlan({ q });
      expect(text).toMatch(SEARCHED_IN_TRIGRAM_INDEX);
      expect(text).not.toMatch(/BitmapAnd/);
      expect(text).not.toMatch(/Seq Scan on leads/);
    },
  );
});

describe('the search index under a stream of quote requests', () => {
  // The statement that fills the pending list merges it while its quote requests wait: at the
  // default 4 MB that held a batch for 40-70 ms (bench/capture.mjs, docs/performance.md).
  it('merges new entries from a pending list of 1 MB, not the default 4 MB', async () => {
    const rows = await prisma.$queryRaw<{ options: string[] | null }[]>`
      SELECT reloptions AS options FROM pg_class WHERE relname = 'leads_search_trgm_idx'`;
    expect(rows[0]?.options).toContain('gin_pending_list_limit=1024');
  });
});
