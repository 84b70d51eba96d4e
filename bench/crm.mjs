#!/usr/bin/env node
/**
 * CRM benchmark: the lead list, search, counts, metrics and export over HTTP against the built api
 * with 100,000 leads for one contractor among 1,000,000 of others.
 *
 *   npm run build && npm run bench:crm [-- --leads=N --others=N --requests=N]
 *
 * BENCH_DATABASE_URL: the database to use; by default a fresh `rafter_bench` database on
 * 127.0.0.1:5432, dropped and created here. REDIS_URL as for the api (default 127.0.0.1:6379).
 * Prints a markdown table of p50/p95 per query, then the export's time and the api's peak RSS.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  ROOT,
  backendRequire,
  benchEnv,
  log,
  option,
  percentile,
  prepareDatabase as prepare,
  query,
  rssKb,
  startApi as start,
  stop,
  table,
} from './lib.mjs';

const { Client } = backendRequire('pg');
const { hashPassword } = backendRequire(
  join(ROOT, 'backend', 'dist', 'modules', 'auth', 'passwords.js'),
);

const LEADS = option('leads', 100_000);
const OTHERS = option('others', 1_000_000);
const OTHER_OWNERS = Math.max(1, Math.ceil(OTHERS / 10_000));
const REQUESTS = option('requests', 200);
const WARMUP = 20;
const PASSWORD = 'bench-password-9';

const prepareDatabase = () => prepare('rafter_bench');
const startApi = (databaseUrl) => start(benchEnv(databaseUrl));

/** $3 leads for owner $1 in one INSERT … SELECT, one every $2 seconds back from now. */
const SEED_SQL = `
  INSERT INTO leads (id, owner_id, first_name, last_name, email, phone, address, zip_code,
    ownership, material, stories, roof_area, estimate_low, estimate_mid, estimate_high, score,
    status, source, created_at, updated_at)
  SELECT gen_random_uuid(), $1::uuid,
    (ARRAY['Ana','Ben','Cleo','Dev','Eli','Fay','Gus','Maria','Noah','Olivia'])[1 + i % 10],
    (ARRAY['Ruiz','Smith','Nguyen','Garcia','Brown','Lee','Patel','Jones'])[1 + (i / 10) % 8] || i,
    'lead' || i || '@example.com', '5125550100',
    (100 + i % 9000) || ' ' || (ARRAY['Oak','Elm','Main','Pine','Cedar'])[1 + i % 5]
      || ' St, Austin, TX 787' || lpad((i % 50)::text, 2, '0'),
    '787' || lpad((i % 50)::text, 2, '0'),
    (ARRAY['owner','considering','other']::"Ownership"[])[1 + i % 3],
    (ARRAY['asphalt','wood','metal','tile','slate']::"Material"[])[1 + i % 5],
    (ARRAY['one','two','three']::"Stories"[])[1 + i % 3],
    1000 + (i * 7) % 3000, 4000 + (i * 13) % 20000, 6000 + (i * 13) % 20000,
    8000 + (i * 13) % 20000, (i * 31) % 101,
    (ARRAY['new','contacted','qualified','converted','lost']::"LeadStatus"[])[1 + i % 5],
    'widget', now() - i * $2::float8 * interval '1 second', now() - i * $2::float8 * interval '1 second'
  FROM generate_series(1, $3::int) AS i`;

/**
 * A day of CRM work on old leads: one lead in 200 (500 of 100,000, spread over all of them)
 * changed in the last 30 minutes, which an hourly sync's `updated_since` must find.
 */
const RECENT_CHANGES_SQL = `
  UPDATE leads SET updated_at = now() - (random() * interval '30 minutes')
  WHERE owner_id = $1::uuid AND id IN (
    SELECT id FROM leads WHERE owner_id = $1::uuid ORDER BY created_at DESC OFFSET 100
  ) AND ('x' || substr(md5(id::text), 1, 8))::bit(32)::int % 200 = 0`;

async function seed(url) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const email = `bench-${Date.now()}@roofers.test`;
    const {
      rows: [owner],
    } = await client.query(
      `INSERT INTO users (id, email, password_hash, email_verified_at, updated_at)
       VALUES ($1, $2, $3, now(), now()) RETURNING id`,
      [randomUUID(), email, await hashPassword(PASSWORD)],
    );
    await client.query(
      `INSERT INTO subscriptions (id, user_id, plan, status, updated_at)
       VALUES ($1, $2, 'instant', 'active', now())`,
      [randomUUID(), owner.id],
    );
    let started = Date.now();
    // Spread over 70 days, so the metrics' two 30-day windows both have data.
    await client.query(SEED_SQL, [owner.id, (70 * 86_400) / Math.max(1, LEADS), LEADS]);
    const { rowCount: changed } = await client.query(RECENT_CHANGES_SQL, [owner.id]);
    log(
      `seeded ${LEADS} leads for the contractor in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `${changed} of them changed in the last 30 minutes`,
    );
    started = Date.now();
    for (let index = 0; index < OTHER_OWNERS; index++) {
      const count = Math.min(10_000, OTHERS - index * 10_000);
      if (count <= 0) break;
      const {
        rows: [other],
      } = await client.query(
        `INSERT INTO users (id, email, updated_at) VALUES ($1, $2, now()) RETURNING id`,
        [randomUUID(), `bench-other-${index}-${Date.now()}@roofers.test`],
      );
      await client.query(SEED_SQL, [other.id, 120, count]);
    }
    log(
      `seeded ${OTHERS} leads of ${OTHER_OWNERS} others in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // What autovacuum does to a table this size soon after a bulk load: statistics, and the
    // visibility map that lets counts read the status index alone.
    await client.query('VACUUM ANALYZE leads');
    return { email, ownerId: owner.id };
  } finally {
    await client.end();
  }
}

async function measure(label, url, headers) {
  const times = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${label}: HTTP ${response.status}`);
    if (i >= WARMUP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { label, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function measureExport(base, headers, pid) {
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 20);
  const started = performance.now();
  const response = await fetch(`${base}/api/leads/export?format=csv`, { headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid));
  return { ms, bytes, rows: lines - 1, beforeMb: before / 1024, peakMb: peak / 1024 };
}

async function main() {
  const databaseUrl = await prepareDatabase();
  const { email, ownerId } = await seed(databaseUrl);
  const {
    rows: [deep],
  } = await query(
    databaseUrl,
    `SELECT created_at, id FROM leads WHERE owner_id = $1
     ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [ownerId, Math.floor(LEADS / 2)],
  );
  const deepCursor = Buffer.from(
    JSON.stringify({ k: deep.created_at.toISOString(), id: deep.id }),
  ).toString('base64url');

  const { child, base } = await startApi(databaseUrl);
  try {
    const signIn = await fetch(`${base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in: HTTP ${signIn.status}`);
    const { accessToken } = await signIn.json();
    const headers = { authorization: `Bearer ${accessToken}` };
    const cases = [
      ['list, Latest First', '/api/leads?sort=latest'],
      ['list, Highest Score', '/api/leads?sort=score'],
      ['list, Highest Value', '/api/leads?sort=value'],
      [
        `list, Latest First, cursor at row ${Math.floor(LEADS / 2)}`,
        `/api/leads?cursor=${deepCursor}`,
      ],
      ['status Qualified, Latest First', '/api/leads?status=qualified'],
      ['status Qualified, Highest Score', '/api/leads?status=qualified&sort=score'],
      ['status Lost, Highest Value', '/api/leads?status=lost&sort=value'],
      ['search "maria" (10% match)', '/api/leads?q=maria'],
      ['search "lead4242@" (1 match)', '/api/leads?q=lead4242%40'],
      ['search "cedar st", Highest Score', '/api/leads?q=cedar%20st&sort=score'],
      ['search "maria ruiz" (full name)', '/api/leads?q=maria%20ruiz'],
      ['counts', '/api/leads/counts'],
      ['counts, search "maria"', '/api/leads/counts?q=maria'],
      ['counts, search "maria ruiz"', '/api/leads/counts?q=maria%20ruiz'],
      ['metrics', '/api/leads/metrics'],
    ];
    const results = [];
    for (const [label, path] of cases) {
      log(`measuring ${label}`);
      results.push(await measure(label, `${base}${path}`, headers));
    }

    // The public API with an API key (issue 22): its own guard, scopes and per-key limit (on, set
    // too high to refuse), the same queries underneath.
    const created = await fetch(`${base}/api/api-keys`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', scopes: ['leads:read'] }),
    });
    if (created.status !== 201) throw new Error(`api key: HTTP ${created.status}`);
    const keyHeaders = { authorization: `Bearer ${(await created.json()).key}` };
    const hourAgo = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
    const v1Cases = [
      ['v1 list, Latest First', '/api/v1/leads'],
      ['v1 list, Highest Score', '/api/v1/leads?sort=score'],
      [`v1 list, cursor at row ${Math.floor(LEADS / 2)}`, `/api/v1/leads?cursor=${deepCursor}`],
      ['v1 list, status Qualified', '/api/v1/leads?status=qualified'],
      ['v1 list, search "maria"', '/api/v1/leads?q=maria'],
      ['v1 list, updated_since 1 hour ago (sync)', `/api/v1/leads?updated_since=${hourAgo}`],
      ['v1 lead', null],
    ];
    const {
      rows: [one],
    } = await query(databaseUrl, 'SELECT id FROM leads WHERE owner_id = $1 LIMIT 1', [ownerId]);
    for (const [label, path] of v1Cases) {
      log(`measuring ${label}`);
      results.push(await measure(label, `${base}${path ?? `/api/v1/leads/${one.id}`}`, keyHeaders));
    }
    log('measuring export');
    const exported = await measureExport(base, headers, child.pid);

    const lines = [
      `${LEADS.toLocaleString('en-US')} leads for the contractor, ${OTHERS.toLocaleString('en-US')} of ${OTHER_OWNERS} others; ` +
        `${REQUESTS} sequential requests per query after ${WARMUP} warm-up, 25 rows a page.`,
      '',
      table(
        ['query', 'p50 (ms)', 'p95 (ms)'],
        results.map((r) => [r.label, r.p50.toFixed(1), r.p95.toFixed(1)]),
      ),
      '',
      '| export | rows | size (MB) | time (s) | api RSS before (MB) | api peak RSS (MB) |',
      '|---|---:|---:|---:|---:|---:|',
      `| CSV, all leads | ${exported.rows.toLocaleString('en-US')} | ${(exported.bytes / 1048576).toFixed(1)} | ` +
        `${(exported.ms / 1000).toFixed(2)} | ${exported.beforeMb.toFixed(0)} | ${exported.peakMb.toFixed(0)} |`,
    ];
    console.log(lines.join('\n'));
  } finally {
    await stop(child);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
