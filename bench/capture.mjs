#!/usr/bin/env node
/**
 * capture-lead under load, beside a raw baseline measured in the same run on the same database:
 * autocannon at --connections (default 50) for --duration seconds (default 20) against
 *   1. bench/baseline-server.mjs: Fastify + pg inserting the same lead row, and
 *   2. the built api's real POST /api/capture-lead (validation, the form token's signature and
 *      single use in Redis, server-side pricing and score, the owner lock and monthly count, the
 *      outbox row, the realtime event), with the per-IP and per-contractor limits and the burst
 *      challenge lifted by configuration. Every request carries a form token of its own, issued
 *      by GET /api/form-token before the timed run (a quote request must come 3 s after its
 *      token); issuing them is measured and reported apart.
 * Then it counts rows: every 2xx must be stored exactly once.
 *
 *   npm run build && node bench/capture.mjs [--connections=50 --duration=20 --owners=50 --tokens=150000] [--limits]
 *
 * --limits keeps the per-IP and per-contractor limits on, set too high to refuse anything, so the
 * run includes their cost (one Redis round trip each per request).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import {
  ROOT,
  captureLeadBody,
  benchEnv,
  fixed,
  freePort,
  issueFormTokens,
  log,
  option,
  prepareDatabase,
  query,
  seedContractors,
  startApi,
  stop,
  table,
} from './lib.mjs';

import autocannon from 'autocannon';

const CONNECTIONS = option('connections', 50);
const DURATION = option('duration', 20);
const OWNERS = option('owners', 50);
const LIMITS = process.argv.includes('--limits');
/** Limits on but never reached: every request pays for both checks. */
const HIGH_LIMITS = {
  RATE_LIMIT_CAPTURE_PER_IP: '1000000000',
  RATE_LIMIT_CAPTURE_PER_OWNER: '1000000000',
};
/** More than the product answers in --duration seconds here; a run that uses them up says so. */
const TOKENS = option('tokens', 150_000);

let sequence = 0;

/** `tokens` (per owner) hands each request a form token of its own; without, none is sent. */
async function load(url, owners, tokens) {
  const ids = [];
  let exhausted = false;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          const owner = owners[sequence % owners.length];
          const formToken = tokens?.get(owner).pop();
          if (tokens && !formToken) exhausted = true;
          return {
            ...request,
            body: JSON.stringify(captureLeadBody(owner, ++sequence, { formToken })),
          };
        },
        onResponse: (status, body) => {
          if (status >= 200 && status < 300) ids.push(JSON.parse(body).id);
        },
      },
    ],
  });
  if (exhausted) throw new Error('the form tokens ran out: raise --tokens');
  return { result, ids };
}

function summary(label, { result }) {
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function main() {
  const databaseUrl = await prepareDatabase('rafter_bench_capture');
  const ids = await seedContractors(databaseUrl, OWNERS + 1, { prefix: `capture-${Date.now()}` });
  // The last one receives the baseline's rows, so the product's owners hold only the product's.
  const [productOwners, baselineOwner] = [ids.slice(0, OWNERS), ids[OWNERS]];

  const baselinePort = await freePort();
  const baseline = spawn(process.execPath, [join(ROOT, 'bench', 'baseline-server.mjs')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(baselinePort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  log(`baseline: ${CONNECTIONS} connections for ${DURATION} s`);
  const raw = await load(`http://127.0.0.1:${baselinePort}/capture-lead`, [baselineOwner]);
  await stop(baseline);

  const api = await startApi(benchEnv(databaseUrl, LIMITS ? HIGH_LIMITS : {}));
  let product;
  let issued;
  try {
    log(`form tokens: ${TOKENS} from GET /api/form-token, 50 at a time`);
    issued = await issueFormTokens(api.base, productOwners, TOKENS, { concurrency: 50 });
    // The last token issued must be older than the 3 s a person needs to fill the widget.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    log(`product: ${CONNECTIONS} connections for ${DURATION} s`);
    product = await load(`${api.base}/api/capture-lead`, productOwners, issued.pools);
  } finally {
    await stop(api.child);
  }

  // Every 2xx stored exactly once: as many rows as answers, and each answered id present once.
  // Each request carries a last name of its own, so a request stored twice shows as a repeat.
  const {
    rows: [stored],
  } = await query(
    databaseUrl,
    `SELECT count(*)::int AS rows,
       (count(*) - count(DISTINCT last_name))::int AS repeated,
       count(*) FILTER (WHERE id = ANY($2::uuid[]))::int AS answered
     FROM leads WHERE owner_id = ANY($1::uuid[])`,
    [productOwners, product.ids],
  );
  const lost = product.ids.length - stored.answered;
  const duplicated = stored.repeated;
  const unanswered = stored.rows - stored.answered;

  const a = summary('raw baseline (Fastify + pg INSERT)', raw);
  const b = summary('POST /api/capture-lead with a form token (product)', product);
  const ratio = (b.rps / a.rps) * 100;
  console.log(
    [
      `${CONNECTIONS} connections, ${DURATION} s each, one run; product leads spread over ${OWNERS} contractors` +
        (LIMITS ? '; per-IP and per-contractor limits on (too high to refuse).' : '.'),
      '',
      table(
        ['server', 'req/s', 'p50 (ms)', 'p99 (ms)', '2xx', 'non-2xx / errors'],
        [
          ...[a, b].map((row) => [
            row.label,
            fixed(row.rps, 0),
            fixed(row.p50, 1),
            fixed(row.p99, 1),
            row.ok,
            row.failed,
          ]),
          [
            'GET /api/form-token (issued before the timed run, 50 at a time)',
            fixed(issued.rps, 0),
            fixed(issued.p50, 1),
            fixed(issued.p99, 1),
            issued.count,
            0,
          ],
        ],
      ),
      '',
      `Product throughput: **${fixed(ratio, 0)}%** of the baseline (budget ≥ 60%, goal 70%); p99 ${fixed(b.p99, 1)} ms (budget ≤ 50 ms).`,
      '',
      table(
        ['check', 'count'],
        [
          ['2xx answers', product.ids.length],
          ['rows stored for the product', stored.rows],
          ['answered ids missing (lost)', lost],
          ['rows stored twice (duplicated)', duplicated],
          [
            'rows without a 2xx (answer still in flight when the load stopped: at most one per connection)',
            unanswered,
          ],
        ],
      ),
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
