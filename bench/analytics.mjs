#!/usr/bin/env node
/**
 * Advanced analytics (issue 25, docs/analytics.md): the ingest and the Analytics tab's query.
 * Budgets: ingest ≥ 5,000 events/s with p99 ≤ 50 ms; GET /api/analytics/funnel p95 ≤ 100 ms over
 * 10 million events for one contractor (100 million across all). Figures are read by people:
 * a missed budget is printed, never a failure.
 *
 *   1. Ingest: a fresh database, --ingest-owners contractors, the built api. autocannon at
 *      --connections POSTs POST /api/analytics/events as sendBeacon does (a JSON string as
 *      text/plain), every request a new visit (UUIDv7 of the current time from newVisitId), 1-10
 *      cumulative steps (most visits stop early), mixed sources, embed origins, campaigns,
 *      devices, materials (once a visit reaches stories) and ZIP codes (once measured), after --warmup seconds of the same load for a contractor of its own. Beside it,
 *      the anchor GET /api/health/live on the same api under the same load. Then counts the rows
 *      stored for every answered visit (0 lost). --runs times, the median reported.
 *   2. Queries: --events raw events for ONE Smart contractor over the last 365 days, loaded with
 *      INSERT … SELECT generate_series by month; the rollup of --owners other contractors (a year
 *      each, together 10 × --events: 100 million by default) written straight into
 *      analytics_daily_funnel and analytics_daily_breakdown, since the query reads only the
 *      rollup; then the built worker rolls the
 *      contractor's raw events up (ANALYTICS_ROLLUP_INTERVAL_MS=1000), timed from the database's
 *      own clock. Then the funnel (with previous period and breakdowns) for 7, 30, 90 and 365 days,
 *      autocannon at 1 connection (one contractor's wait) after a warm-up, beside the anchor.
 *
 *   npm run build && node bench/analytics.mjs [--runs=3 --connections=50 --duration=10 --events=10000000 --owners=1000 --quick]
 */
import { getRandomValues } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  ROOT,
  backendRequire,
  benchEnv,
  fixed,
  log,
  median,
  option,
  prepareDatabase,
  query,
  seedContractors,
  startApi,
  startWorker,
  stop,
  table,
} from './lib.mjs';

const { Client } = backendRequire('pg');
/**
 * FUNNEL_STEPS and newVisitId from the built domain package (CommonJS, so from its default
 * export): in domain/funnel (the browser's side, without zod) where that module exists, else in
 * domain/analytics where they were first.
 */
async function domainFunnel() {
  for (const name of ['funnel', 'analytics']) {
    try {
      const module = (await import(`@rafter/domain/${name}`)).default;
      if (typeof module.newVisitId === 'function') return module;
    } catch {
      // not built under this name
    }
  }
  throw new Error('newVisitId not found in the built domain package: run npm run build');
}
const { FUNNEL_STEPS, newVisitId } = await domainFunnel();
const { hashPassword } = backendRequire(
  join(ROOT, 'backend', 'dist', 'modules', 'auth', 'passwords.js'),
);

const QUICK = process.argv.includes('--quick');
const RUNS = option('runs', QUICK ? 1 : 3);
const CONNECTIONS = option('connections', 50);
const DURATION = option('duration', QUICK ? 3 : 10);
const WARMUP = option('warmup', QUICK ? 1 : 3);
const INGEST_OWNERS = option('ingest-owners', QUICK ? 20 : 100);
const EVENTS = option('events', QUICK ? 1_000_000 : 10_000_000);
const OWNERS = option('owners', QUICK ? 100 : 1000);
const ALL_EVENTS = option('all-events', EVENTS * 10);
const QUERY_DURATION = option('query-duration', QUICK ? 3 : 10);
const RANGES = [7, 30, 90, 365];
/** The rollup the Analytics tab reads (docs/analytics.md). */
const ROLLUP_TABLES = ['analytics_daily_funnel', 'analytics_daily_breakdown'];
const DAYS = 365;
const PASSWORD = 'bench-password-9';
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const thousands = (value) => Math.round(value).toLocaleString('en-US');

/**
 * How far visits get, as cumulative shares of FUNNEL_STEPS reached (1 = opened only … 10 =
 * booked): most stop early, 8% ask for a quote, 2% book. Mean 3.29 steps a visit.
 */
const DEPTH = [0.4, 0.55, 0.65, 0.73, 0.78, 0.83, 0.87, 0.92, 0.98, 1];
const MEAN_DEPTH = DEPTH.reduce(
  (sum, share, index) => sum + (share - (DEPTH[index - 1] ?? 0)) * (index + 1),
  0,
);
const depthCase = (r) =>
  `CASE ${DEPTH.slice(0, -1)
    .map((share, index) => `WHEN ${r} < ${share} THEN ${index + 1}`)
    .join(' ')} ELSE ${DEPTH.length} END`;
/**
 * The same shapes in SQL and in the reports: sources, embed hosts, ~20 campaigns, devices (and
 * materials and ZIP codes below).
 */
const sourceCase = (r) =>
  `CASE WHEN ${r} < 0.5 THEN 'widget' WHEN ${r} < 0.8 THEN 'embed' ELSE 'share_page' END`;
const originCase = (source, r) =>
  `CASE WHEN ${source} = 'embed' THEN 'https://roofer-site-' || floor(${r} * 3)::int || '.example.com' END`;
const campaignCase = (r) =>
  `CASE WHEN ${r} >= 0.4 THEN 'campaign-' || (1 + floor((${r} - 0.4) / 0.6 * 20))::int END`;
const deviceCase = (r) =>
  `CASE WHEN ${r} < 0.6 THEN 'mobile' WHEN ${r} < 0.9 THEN 'desktop' ELSE 'tablet' END`;
/**
 * The material chosen (known from the stories step on: depth 7 and up) and the ZIP code measured
 * (from the measured step on: depth 4 and up), 30 ZIP codes of a service area.
 */
const MATERIAL_FROM = 6;
const ZIP_FROM = 3;
const ZIP_CODES = 30;
const materialCase = (r) =>
  `CASE WHEN ${r} < 0.6 THEN 'asphalt' WHEN ${r} < 0.8 THEN 'metal' WHEN ${r} < 0.9 THEN 'tile' WHEN ${r} < 0.95 THEN 'wood' ELSE 'slate' END`;
const zipCase = (r) => `'787' || lpad(floor(${r} * ${ZIP_CODES})::int::text, 2, '0')`;
const material = (r) =>
  r < 0.6 ? 'asphalt' : r < 0.8 ? 'metal' : r < 0.9 ? 'tile' : r < 0.95 ? 'wood' : 'slate';
const zipCode = (r) => `787${String(Math.floor(r * ZIP_CODES)).padStart(2, '0')}`;

function randomReport(ownerId) {
  const d = Math.random();
  const steps = DEPTH.findIndex((share) => d < share) + 1;
  const s = Math.random();
  const source = s < 0.5 ? 'widget' : s < 0.8 ? 'embed' : 'share_page';
  const c = Math.random();
  const m = Math.random();
  const ma = Math.random();
  const z = Math.random();
  const visitId = newVisitId(Date.now(), (bytes) => getRandomValues(bytes));
  const body = {
    visitId,
    ownerId,
    source,
    ...(source === 'embed'
      ? { origin: `https://roofer-site-${Math.floor(Math.random() * 3)}.example.com` }
      : {}),
    ...(c >= 0.4
      ? {
          utm: {
            source: c < 0.7 ? 'google' : 'facebook',
            medium: 'cpc',
            campaign: `campaign-${1 + Math.floor(((c - 0.4) / 0.6) * 20)}`,
          },
        }
      : {}),
    device: m < 0.6 ? 'mobile' : m < 0.9 ? 'desktop' : 'tablet',
    steps: FUNNEL_STEPS.slice(0, steps),
    ...(steps > MATERIAL_FROM ? { material: material(ma) } : {}),
    ...(steps > ZIP_FROM ? { zipCode: zipCode(z) } : {}),
  };
  return { visitId, steps, body: JSON.stringify(body) };
}

/** POSTs reports for `owners` (round robin) for `duration` s; the answered visits and steps. */
async function ingestLoad(url, owners, duration) {
  let sequence = 0;
  const answered = [];
  let events = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER },
    requests: [
      {
        setupRequest: (request, context) => {
          const report = randomReport(owners[sequence++ % owners.length]);
          context.report = report;
          return { ...request, body: report.body };
        },
        onResponse: (status, _body, context) => {
          if (status === 204 && context.report) {
            answered.push(context.report.visitId);
            events += context.report.steps;
          }
        },
      },
    ],
  });
  return { result, answered, events };
}

async function getLoad(url, connections, duration, headers = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    // autocannon reports p90 and p97.5, not p95: p97.5 is the honest upper bound.
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

async function ingest() {
  const url = await prepareDatabase('rafter_bench_analytics_ingest');
  const ids = await seedContractors(url, INGEST_OWNERS + 1, { prefix: `ingest-${Date.now()}` });
  const warmupOwner = ids.pop();
  const api = await startApi(benchEnv(url, { RATE_LIMIT_ANALYTICS_PER_IP: '0' }));
  const events = `${api.base}/api/analytics/events`;
  const live = `${api.base}/api/health/live`;
  const rows = [];
  try {
    log(`ingest: warm-up ${WARMUP} s (connections first, then the JIT and the pool)`);
    await ingestLoad(events, [warmupOwner], WARMUP);
    await getLoad(live, CONNECTIONS, WARMUP);
    for (let run = 1; run <= RUNS; run++) {
      log(
        `ingest run ${run}/${RUNS}: ${DURATION} s at ${CONNECTIONS} connections, then the anchor`,
      );
      const { result, answered, events: sent } = await ingestLoad(events, ids, DURATION);
      const anchor = await getLoad(live, CONNECTIONS, DURATION);
      const stored = await query(
        url,
        `SELECT count(*)::int AS count FROM analytics_events WHERE visit_id = ANY($1::uuid[])`,
        [answered],
      );
      rows.push({
        run,
        rps: answered.length / result.duration,
        eps: sent / result.duration,
        p50: result.latency.p50,
        p99: result.latency.p99,
        anchor,
        non2xx: result.non2xx + result.errors,
        sent,
        stored: stored.rows[0].count,
      });
    }
  } finally {
    await stop(api.child);
  }
  for (const row of rows) {
    if (row.stored !== row.sent)
      throw new Error(`run ${row.run}: ${row.sent} events answered 204, ${row.stored} stored`);
  }
  return rows;
}

/** Monthly partitions from `from` to two months ahead, as the migration made the first ones. */
async function makePartitions(client, from) {
  const made = [];
  const now = new Date();
  for (
    let month = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
    month <= new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
    month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))
  ) {
    const next = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
    const name = `analytics_events_p${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF analytics_events
       FOR VALUES FROM ('${month.toISOString()}') TO ('${next.toISOString()}')`,
    );
    made.push(name);
  }
  return made;
}

/** --events raw events of one contractor over the last 365 days, a month at a time. */
async function loadRawEvents(client, ownerId, start, end) {
  const chunks = 12;
  const span = (end.getTime() - start.getTime()) / chunks;
  const visitsPerChunk = Math.ceil(EVENTS / MEAN_DEPTH / chunks);
  let total = 0;
  for (let chunk = 0; chunk < chunks; chunk++) {
    const from = new Date(start.getTime() + chunk * span);
    // Visits in time order (one every `step` ms, jittered), so the keys arrive as they would.
    const inserted = await client.query(
      `WITH r AS MATERIALIZED (
         SELECT $2::timestamptz + (i + random()) * $3::float8 * interval '1 millisecond' AS at,
                gen_random_uuid() AS id, random() AS d, random() AS s, random() AS o,
                random() AS c, random() AS m, random() AS ma, random() AS z
         FROM generate_series(0, $4::int - 1) AS i
       ), v AS (
         SELECT at, id, ${depthCase('d')} AS depth, ${sourceCase('s')} AS source, o, c,
                ${deviceCase('m')} AS device, ${materialCase('ma')} AS material,
                ${zipCase('z')} AS zip_code
         FROM r
       )
       INSERT INTO analytics_events (visit_at, visit_id, step, owner_id, received_at, source,
         origin, utm_source, utm_medium, utm_campaign, device, material, zip_code)
       SELECT v.at, v.id, step, $1::uuid, v.at + step * interval '20 seconds', v.source,
              ${originCase('v.source', 'v.o')},
              CASE WHEN v.c >= 0.4 THEN CASE WHEN v.c < 0.7 THEN 'google' ELSE 'facebook' END END,
              CASE WHEN v.c >= 0.4 THEN 'cpc' END,
              ${campaignCase('v.c')}, v.device,
              -- As reports carry them: only once known, so the rollup attributes them per visit.
              CASE WHEN step >= ${MATERIAL_FROM} THEN v.material END,
              CASE WHEN step >= ${ZIP_FROM} THEN v.zip_code END
       FROM v CROSS JOIN LATERAL generate_series(0, v.depth - 1) AS step`,
      [ownerId, from, span / visitsPerChunk, visitsPerChunk],
    );
    total += inserted.rowCount;
    log(`  raw events: ${thousands(total)} (${chunk + 1}/${chunks})`);
  }
  return total;
}

/**
 * What the rollup would hold for `others`, a year each, ALL_EVENTS − EVENTS events among them:
 * visits drawn with the same shapes and counted as the rollup counts raw events, per day and step
 * (analytics_daily_funnel) and per day and value of source (with origin), campaign, device,
 * material and ZIP code (analytics_daily_breakdown; each visit with all its steps under its own
 * material and ZIP code, those without one left out), without storing the raw events.
 */
async function fillOthersRollup(client, others, start) {
  const perOwner = Math.max(0, ALL_EVENTS - EVENTS) / others.length;
  const visitsPerDay = Math.max(1, Math.round(perOwner / MEAN_DEPTH / DAYS));
  const batch = 25;
  // Step indexes in FUNNEL_STEPS: a visit of depth n reached steps 0 … n − 1.
  const reached = (step) => `count(*) FILTER (WHERE depth > ${step})::int`;
  for (let index = 0; index < others.length; index += batch) {
    await client.query(
      `WITH r AS MATERIALIZED (
         SELECT o.owner_id, ($2::date + d) AS day, random() AS dr, random() AS s, random() AS oo,
                random() AS c, random() AS m, random() AS ma, random() AS z
         FROM unnest($1::uuid[]) AS o(owner_id), generate_series(0, ${DAYS - 1}) AS d,
              generate_series(1, $3::int) AS v
       ), v AS MATERIALIZED (
         SELECT owner_id, day, ${depthCase('dr')} AS depth, ${sourceCase('s')} AS source, oo, c,
                ${deviceCase('m')} AS device, ma, z
         FROM r
       ), funnel AS (
         INSERT INTO analytics_daily_funnel (owner_id, day, step, visits)
         SELECT owner_id, day, step, count(*)::int
         FROM v CROSS JOIN LATERAL generate_series(0, v.depth - 1) AS step
         GROUP BY 1, 2, 3
       )
       INSERT INTO analytics_daily_breakdown
         (owner_id, dimension, day, key, origin, views, starts, estimates, quotes, booked)
       SELECT owner_id, d.dimension, day, d.key, d.origin,
              ${reached(0)}, ${reached(1)}, ${reached(7)}, ${reached(8)}, ${reached(9)}
       FROM v CROSS JOIN LATERAL (VALUES
         ('source', source, COALESCE(${originCase('source', 'oo')}, '')),
         ('campaign', COALESCE(${campaignCase('c')}, ''), ''),
         ('device', device, ''),
         ('material', CASE WHEN depth > ${MATERIAL_FROM} THEN ${materialCase('ma')} END, ''),
         ('zip', CASE WHEN depth > ${ZIP_FROM} THEN ${zipCase('z')} END, '')
       ) AS d(dimension, key, origin)
       WHERE d.key IS NOT NULL
       GROUP BY 1, 2, 3, 4, 5`,
      [others.slice(index, index + batch), start.toISOString().slice(0, 10), visitsPerDay],
    );
    log(`  others' rollup: ${Math.min(others.length, index + batch)}/${others.length} contractors`);
  }
  return { perOwner: visitsPerDay * MEAN_DEPTH * DAYS, visitsPerDay };
}

async function queries() {
  const url = await prepareDatabase('rafter_bench_analytics');
  const prefix = `analytics-${Date.now()}`;
  const [ownerId] = await seedContractors(url, 1, {
    prefix,
    passwordHash: await hashPassword(PASSWORD),
    plan: 'smart',
  });
  log(`queries: ${OWNERS} other contractors`);
  const others = await seedContractors(url, OWNERS, { prefix: `${prefix}-other` });
  const end = new Date();
  const start = new Date(end.getTime() - DAYS * 86_400_000);
  const client = new Client({ connectionString: url });
  await client.connect();
  const info = {};
  try {
    await makePartitions(client, start);
    log(`queries: loading ${thousands(EVENTS)} raw events for one contractor`);
    let started = performance.now();
    info.events = await loadRawEvents(client, ownerId, start, end);
    await client.query('ANALYZE analytics_events');
    info.loadSeconds = (performance.now() - started) / 1000;
    info.visits = (
      await client.query(
        `SELECT count(*)::int AS count FROM analytics_events WHERE owner_id = $1 AND step = 0`,
        [ownerId],
      )
    ).rows[0].count;
    log(`queries: the rollup of ${OWNERS} other contractors`);
    started = performance.now();
    info.others = await fillOthersRollup(client, others, start);
    info.othersSeconds = (performance.now() - started) / 1000;
    const loadedAt = (await client.query('SELECT now() AS now')).rows[0].now;

    log('queries: the built worker rolls the raw events up');
    const worker = await startWorker(benchEnv(url, { ANALYTICS_ROLLUP_INTERVAL_MS: '1000' }));
    try {
      const deadline = Date.now() + 60 * 60_000;
      for (;;) {
        const state = (
          await client.query(
            `SELECT watermark, rolled_up_at,
                    extract(epoch FROM rolled_up_at - watermark)::float8 AS seconds
             FROM analytics_rollup_state WHERE id = 1`,
          )
        ).rows[0];
        // The watermark is the rollup transaction's start, rolled_up_at its end.
        if (state.rolled_up_at && state.watermark > loadedAt) {
          info.rollupSeconds = state.seconds;
          break;
        }
        if (worker.child.exitCode !== null) throw new Error('the worker exited');
        if (Date.now() > deadline) throw new Error('the rollup did not finish within an hour');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      await stop(worker.child);
    }
    const counted = (
      await client.query(
        `SELECT (SELECT COALESCE(sum(visits), 0)::int FROM analytics_daily_funnel
                 WHERE owner_id = $1) AS events,
                (SELECT count(*)::int FROM analytics_daily_funnel WHERE owner_id = $1) AS funnel,
                (SELECT count(*)::int FROM analytics_daily_breakdown WHERE owner_id = $1)
                  AS breakdown`,
        [ownerId],
      )
    ).rows[0];
    if (counted.events !== info.events)
      throw new Error(`the rollup counted ${counted.events} of ${info.events} events`);
    info.ownerFunnelRows = counted.funnel;
    info.ownerBreakdownRows = counted.breakdown;
    // As autovacuum would soon after: statistics and the visibility map (index-only scans).
    for (const table of ROLLUP_TABLES) await client.query(`VACUUM ANALYZE ${table}`);
    info.tables = {};
    for (const table of ROLLUP_TABLES) {
      info.tables[table] = (
        await client.query(
          `SELECT count(*)::int AS rows, pg_total_relation_size('${table}')::float8 AS bytes
           FROM ${table}`,
        )
      ).rows[0];
    }
    const size = (
      await client.query(
        `SELECT sum(pg_total_relation_size(inhrelid))::float8 AS raw FROM pg_inherits
         WHERE inhparent = 'analytics_events'::regclass`,
      )
    ).rows[0];
    info.rawBytes = size.raw;
  } finally {
    await client.end();
  }

  const api = await startApi(benchEnv(url));
  const rows = [];
  try {
    const signIn = await fetch(`${api.base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${prefix}-0@roofers.test`, password: PASSWORD }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in: HTTP ${signIn.status}`);
    const headers = { authorization: `Bearer ${(await signIn.json()).accessToken}` };
    const today = new Date().toISOString().slice(0, 10);
    const rangeUrl = (days) => {
      const from = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000);
      return `${api.base}/api/analytics/funnel?from=${from.toISOString().slice(0, 10)}&to=${today}`;
    };
    for (const days of RANGES) {
      const response = await fetch(rangeUrl(days), { headers });
      const body = await response.json();
      if (!response.ok) throw new Error(`funnel ${days} days: ${JSON.stringify(body)}`);
      if (!body.breakdowns) throw new Error('no breakdowns: the contractor is not on Smart');
      for (const dimension of ['source', 'campaign', 'device', 'material', 'zip']) {
        if (!(body.breakdowns[dimension]?.length > 0))
          throw new Error(`funnel ${days} days: no breakdown by ${dimension}`);
      }
      if (!(body.funnel[0].count > 0)) throw new Error(`funnel ${days} days: no views`);
      // Warm-up: the connection, the JIT, the api's pool and PostgreSQL's cache for this range.
      await getLoad(rangeUrl(days), 1, WARMUP, headers);
    }
    await getLoad(`${api.base}/api/health/live`, 1, WARMUP);
    for (let run = 1; run <= RUNS; run++) {
      for (const days of RANGES) {
        log(`query run ${run}/${RUNS}: ${days} days, then the anchor`);
        const funnel = await getLoad(rangeUrl(days), 1, QUERY_DURATION, headers);
        const anchor = await getLoad(`${api.base}/api/health/live`, 1, QUERY_DURATION);
        rows.push({ run, days, funnel, anchor });
      }
    }
  } finally {
    await stop(api.child);
  }
  return { info, rows };
}

async function main() {
  const ingestRows = await ingest();
  const { info, rows } = await queries();
  const ingestEps = median(ingestRows.map((row) => row.eps));
  const ingestP99 = median(ingestRows.map((row) => row.p99));
  const out = [
    `## Ingest: POST /api/analytics/events${QUICK ? ' (--quick: a smoke test, not a result)' : ''}`,
    '',
    `${INGEST_OWNERS} contractors, ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s of warm-up; every request a new visit with 1-10 cumulative steps (mean ${fixed(MEAN_DEPTH, 2)}). Anchor: GET /api/health/live on the same api, same load, right after.`,
    '',
    table(
      [
        'run',
        'req/s',
        'events/s',
        'p50 (ms)',
        'p99 (ms)',
        'anchor p99 (ms)',
        'anchor req/s',
        'events answered / stored',
        'non-2xx',
      ],
      ingestRows.map((row) => [
        row.run,
        thousands(row.rps),
        thousands(row.eps),
        fixed(row.p50, 1),
        fixed(row.p99, 1),
        fixed(row.anchor.p99, 1),
        thousands(row.anchor.rps),
        `${thousands(row.sent)} / ${thousands(row.stored)}`,
        row.non2xx + row.anchor.non2xx,
      ]),
    ),
    '',
    `Median: **${thousands(ingestEps)} events/s, p99 ${fixed(ingestP99, 1)} ms** (budget ≥ 5,000 events/s, p99 ≤ 50 ms): ${ingestEps >= 5000 && ingestP99 <= 50 ? 'met' : 'not met'}. 0 lost in every run.`,
    '',
    `## Analytics tab: GET /api/analytics/funnel${QUICK ? ' (--quick: a smoke test, not a result)' : ''}`,
    '',
    `One Smart contractor with ${thousands(info.events)} raw events (${thousands(info.visits)} visits) over ${DAYS} days, loaded in ${fixed(info.loadSeconds, 0)} s; ` +
      `${OWNERS} other contractors with about ${thousands(info.others.perOwner)} events a year each (${thousands(info.others.visitsPerDay)} visits a day), ` +
      `${thousands(info.events + info.others.perOwner * OWNERS)} in all. The query reads only the rollup (analytics_daily_funnel, analytics_daily_breakdown), so the others' events are written as their rollup rows ` +
      `(drawn with the same shapes, in ${fixed(info.othersSeconds, 0)} s), not as raw events: they matter only through the rollup's size.`,
    '',
    `The built worker's rollup of the contractor's raw events: **${fixed(info.rollupSeconds, 1)} s** (one transaction, the database's clock), ${thousands(info.ownerFunnelRows)} funnel and ${thousands(info.ownerBreakdownRows)} breakdown rows for the contractor; raw events ${fixed(info.rawBytes / 1048576, 0)} MB. Then VACUUM ANALYZE of both rollup tables, as autovacuum would. All contractors' rollup:`,
    '',
    table(
      ['table', 'rows', 'MB with its index'],
      ROLLUP_TABLES.map((name) => [
        name,
        thousands(info.tables[name].rows),
        fixed(info.tables[name].bytes / 1048576, 0),
      ]),
    ),
    '',
    `Each range with its previous period and the breakdowns, autocannon at 1 connection for ${QUERY_DURATION} s after a warm-up; anchor GET /api/health/live the same way right after. p95 is autocannon's p97.5 (an upper bound); median of ${RUNS} run(s).`,
    '',
    table(
      ['range', 'req/s', 'p50 (ms)', 'p95 (ms)', 'p95 per run (ms)', 'anchor p95 (ms)', 'non-2xx'],
      RANGES.map((days) => {
        const of = rows.filter((row) => row.days === days);
        return [
          `${days} days`,
          thousands(median(of.map((row) => row.funnel.rps))),
          fixed(median(of.map((row) => row.funnel.p50)), 1),
          fixed(median(of.map((row) => row.funnel.p95)), 1),
          of.map((row) => fixed(row.funnel.p95, 1)).join(' / '),
          fixed(median(of.map((row) => row.anchor.p95)), 1),
          of.reduce((sum, row) => sum + row.funnel.non2xx + row.anchor.non2xx, 0),
        ];
      }),
    ),
    '',
    `Budget: p95 ≤ 100 ms for every range: ${RANGES.every((days) => median(rows.filter((row) => row.days === days).map((row) => row.funnel.p95)) <= 100) ? 'met' : 'not met'}.`,
  ];
  console.log(out.join('\n'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
