#!/usr/bin/env node
/**
 * capture-lead under load, beside raw baselines measured in the same run on the same database:
 * autocannon at --connections (default 50) for --duration seconds (default 20) against
 *   1. bench/baseline-server.mjs: Fastify + pg inserting the same lead row, one INSERT a request
 *      (naive), and the same with the requests of one event-loop turn in one INSERT (batched);
 *   2. the built api's real POST /api/capture-lead (validation, the form token's signature and
 *      single use in Redis, server-side pricing and score, the monthly count where the plan has
 *      an allowance, the outbox row, the realtime event), with the per-IP and per-contractor
 *      limits and the burst challenge lifted by configuration: first spread over --owners
 *      contractors on the Instant plan (against the naive baseline), then every request for one
 *      contractor on the Smart plan (50 leads a month, so its month is counted on every request
 *      and most leads are stored locked; against the batched baseline). Every request carries a
 *      form token of its own, issued by GET /api/form-token before the timed runs (a quote
 *      request must come 3 s after its token); issuing them is measured and reported apart.
 * The four runs are repeated --rounds times (default 3), in the same order each round, and the
 * report gives each round's ratios and the medians: one round on these shared machines swings
 * by a fifth. Each run starts right after a CHECKPOINT (lib.mjs, settleWal).
 * Then it counts rows: every 2xx must be stored exactly once, and the Smart contractor has
 * exactly 50 visible leads. Each server first gets --warmup seconds (default 3) of the same load,
 * not measured, so a figure is the server's steady state rather than its first seconds (JIT,
 * connection pools, caches); the product's warm-ups (one on each plan) go to contractors of their own.
 *
 *   npm run build && node bench/capture.mjs [--rounds=3 --connections=50 --duration=20 --warmup=3 --owners=50 --tokens=150000] [--limits] [--busy]
 *
 * --limits keeps the per-IP and per-contractor limits on, set too high to refuse anything, so the
 * run includes their cost (one Redis round trip each per request).
 * --busy keeps one CPU busy with a second process from the first baseline to the last product
 * run, as on a host where something else runs (the budgets must hold there too).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import {
  ROOT,
  captureLoad,
  benchEnv,
  fixed,
  freePort,
  issueFormTokens,
  log,
  median,
  option,
  prepareDatabase,
  query,
  seedContractors,
  startApi,
  startBusyProcess,
  stop,
  table,
} from './lib.mjs';

const CONNECTIONS = option('connections', 50);
const WARMUP = option('warmup', 3);
const DURATION = option('duration', 20);
const OWNERS = option('owners', 50);
const ROUNDS = Math.max(1, option('rounds', 3));
const LIMITS = process.argv.includes('--limits');
const BUSY = process.argv.includes('--busy');
/** Limits on but never reached: every request pays for both checks. */
const HIGH_LIMITS = {
  RATE_LIMIT_CAPTURE_PER_IP: '1000000000',
  RATE_LIMIT_CAPTURE_PER_OWNER: '1000000000',
};
/**
 * More than the product answers in --duration seconds here, for each round; a run that uses them
 * up says so.
 */
const TOKENS = option('tokens', 150_000);
/** The same for the one contractor on a limited plan. */
const LIMITED_TOKENS = option('limited-tokens', 100_000);
/** Smart's monthly allowance (domain/src/plans.ts). */
const SMART_ALLOWANCE = 50;

/** One server's rounds: the median of each figure, the sums of answers, each round's checkpoints. */
function summary(label, runs) {
  const each = runs.map(({ result }) => result);
  return {
    label,
    cpu: {
      server: median(runs.map((run) => run.cpu.server)),
      postgres: median(runs.map((run) => run.cpu.postgres)),
      redis: median(runs.map((run) => run.cpu.redis)),
    },
    checkpointed: runs.some((run) => run.checkpointed === null)
      ? null
      : runs.reduce((sum, run) => sum + run.checkpointed, 0),
    rpsEach: each.map((result) => result.requests.average),
    rps: median(each.map((result) => result.requests.average)),
    p50: median(each.map((result) => result.latency.p50)),
    p99Each: each.map((result) => result.latency.p99),
    p99: median(each.map((result) => result.latency.p99)),
    ok: each.reduce((sum, result) => sum + result['2xx'], 0),
    failed: each.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0),
  };
}

/** Each round's ratio of `product` to `baseline` in percent, and their median. */
function ratios(product, baseline) {
  const each = product.rpsEach.map((rps, round) => (rps / baseline.rpsEach[round]) * 100);
  return { each, median: median(each) };
}

/**
 * Whether PostgreSQL started a checkpoint during a timed run (each begins right after one: see
 * settleWal in lib.mjs). One that does pays for its writes, so its figures are not comparable.
 */
function checkpointLine(rows) {
  if (rows.some((row) => row.checkpointed === null)) {
    return 'PostgreSQL was not checkpointed before each run (the role may not): a checkpoint the earlier runs owed may have fallen into a later one.';
  }
  const during = rows.filter((row) => row.checkpointed > 0);
  return during.length === 0
    ? 'Each run started right after a CHECKPOINT, and no checkpoint started during any of them.'
    : `A checkpoint started during: ${during.map((row) => row.label).join('; ')} (its own WAL; its figures include the checkpoint's writes).`;
}

/** Every 2xx stored exactly once, for the leads of `owners`. */
async function check(databaseUrl, owners, run) {
  // Each request carries a last name of its own, so a request stored twice shows as a repeat.
  const {
    rows: [stored],
  } = await query(
    databaseUrl,
    `SELECT count(*)::int AS rows,
       (count(*) - count(DISTINCT last_name))::int AS repeated,
       count(*) FILTER (WHERE id = ANY($2::uuid[]))::int AS answered,
       count(*) FILTER (WHERE NOT locked)::int AS visible
     FROM leads WHERE owner_id = ANY($1::uuid[])`,
    [owners, run.ids],
  );
  return {
    answers: run.ids.length,
    rows: stored.rows,
    lost: run.ids.length - stored.answered,
    duplicated: stored.repeated,
    unanswered: stored.rows - stored.answered,
    visible: stored.visible,
  };
}

async function baselineRun(databaseUrl, owner, batched) {
  const port = await freePort();
  const server = spawn(process.execPath, [join(ROOT, 'bench', 'baseline-server.mjs')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      BATCHED: batched ? '1' : '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  log(`${batched ? 'batched' : 'naive'} baseline: ${CONNECTIONS} connections for ${DURATION} s`);
  try {
    const url = `http://127.0.0.1:${port}/capture-lead`;
    const run = { owners: [owner], pid: server.pid, connections: CONNECTIONS, databaseUrl };
    if (WARMUP > 0) await captureLoad(url, { ...run, duration: WARMUP });
    return await captureLoad(url, { ...run, duration: DURATION });
  } finally {
    await stop(server);
  }
}

/** The built api's POST /api/capture-lead for `owners`, each request with a token of `pools`. */
async function productRun(databaseUrl, api, owners, pools, whom, duration = DURATION) {
  log(`product, ${whom}: ${CONNECTIONS} connections for ${duration} s`);
  return captureLoad(`${api.base}/api/capture-lead`, {
    owners,
    tokens: pools,
    pid: api.child.pid,
    connections: CONNECTIONS,
    duration,
    databaseUrl,
  });
}

async function main() {
  const databaseUrl = await prepareDatabase('rafter_bench_capture');
  const prefix = `capture-${Date.now()}`;
  const ids = await seedContractors(databaseUrl, OWNERS + 3, { prefix });
  const [limitedOwner, limitedWarmupOwner] = await seedContractors(databaseUrl, 2, {
    prefix: `${prefix}-smart`,
    plan: 'smart',
  });
  // The baselines' rows go to owners of their own, so the product's owners hold only the product's.
  const productOwners = ids.slice(0, OWNERS);
  const [naiveOwner, batchedOwner, warmupOwner] = [ids[OWNERS], ids[OWNERS + 1], ids[OWNERS + 2]];

  const stopBusy = BUSY ? startBusyProcess() : async () => {};
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => void stopBusy().finally(() => process.exit(130)));
  }
  const naive = [];
  const batched = [];
  const product = [];
  const limited = [];
  let api;
  let issued;
  let issuedLimited;
  try {
    api = await startApi(benchEnv(databaseUrl, LIMITS ? HIGH_LIMITS : {}));
    log(
      `form tokens: ${TOKENS * ROUNDS} + ${LIMITED_TOKENS * ROUNDS} from GET /api/form-token, 50 at a time`,
    );
    issued = await issueFormTokens(api.base, productOwners, TOKENS * ROUNDS, { concurrency: 50 });
    issuedLimited = await issueFormTokens(api.base, [limitedOwner], LIMITED_TOKENS * ROUNDS, {
      concurrency: 50,
    });
    // More than the product answers in a warm-up; its leads go to contractors of their own, one
    // on each plan, so that both paths the runs measure are warm (the Smart contractor's counted
    // transaction is code and SQL the Instant path never runs).
    const warmups =
      WARMUP > 0
        ? await Promise.all(
            [warmupOwner, limitedWarmupOwner].map(async (owner) => ({
              owner,
              tokens: await issueFormTokens(api.base, [owner], WARMUP * 5000, { concurrency: 25 }),
            })),
          )
        : [];
    // The last token issued must be older than the 3 s a person needs to fill the widget.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    // Once: the api stays up, and warm, for every round.
    for (const { owner, tokens } of warmups) {
      await productRun(databaseUrl, api, [owner], tokens.pools, 'warm-up', WARMUP);
    }
    for (let round = 1; round <= ROUNDS; round++) {
      log(`round ${round} of ${ROUNDS}`);
      naive.push(await baselineRun(databaseUrl, naiveOwner, false));
      batched.push(await baselineRun(databaseUrl, batchedOwner, true));
      product.push(
        await productRun(
          databaseUrl,
          api,
          productOwners,
          issued.pools,
          `${OWNERS} Instant contractors`,
        ),
      );
      limited.push(
        await productRun(
          databaseUrl,
          api,
          [limitedOwner],
          issuedLimited.pools,
          'one Smart contractor',
        ),
      );
    }
  } finally {
    await stop(api?.child);
    await stopBusy();
  }

  const spread = await check(databaseUrl, productOwners, {
    ids: product.flatMap((run) => run.ids),
  });
  const one = await check(databaseUrl, [limitedOwner], { ids: limited.flatMap((run) => run.ids) });

  const a = summary('raw baseline, one INSERT a request (naive)', naive);
  const c = summary('raw baseline, one INSERT a turn of the event loop (batched)', batched);
  const b = summary(`POST /api/capture-lead, ${OWNERS} Instant contractors (product)`, product);
  const d = summary(
    'POST /api/capture-lead, one Smart contractor (product, limited plan)',
    limited,
  );
  const instant = ratios(b, a);
  const smart = ratios(d, c);
  const total = (cpu) => cpu.server + cpu.postgres + cpu.redis;
  const each = (values, unit) => values.map((value) => `${fixed(value, 0)}${unit}`).join(' / ');
  console.log(
    [
      `${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s of warm-up; ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} of the four runs, each figure the median of the rounds (answers summed)` +
        (BUSY ? ', one CPU kept busy by a second process' : '') +
        (LIMITS ? '; per-IP and per-contractor limits on (too high to refuse).' : '.'),
      '',
      table(
        [
          'server',
          'req/s',
          'p50 (ms)',
          'p99 (ms)',
          '2xx',
          'non-2xx / errors',
          'server CPU (µs/request)',
          'PostgreSQL CPU (µs/request)',
          'Redis CPU (µs/request)',
        ],
        [
          ...[a, c, b, d].map((row) => [
            row.label,
            fixed(row.rps, 0),
            fixed(row.p50, 1),
            fixed(row.p99, 1),
            row.ok,
            row.failed,
            fixed(row.cpu.server, 0),
            fixed(row.cpu.postgres, 0),
            fixed(row.cpu.redis, 0),
          ]),
          ...[
            ['Instant contractors', issued],
            ['the Smart contractor', issuedLimited],
          ].map(([whom, tokens]) => [
            `GET /api/form-token for ${whom} (issued before the timed runs, 50 at a time)`,
            fixed(tokens.rps, 0),
            fixed(tokens.p50, 1),
            fixed(tokens.p99, 1),
            tokens.count,
            0,
            '–',
            '–',
            '–',
          ]),
        ],
      ),
      '',
      `Product throughput: **${fixed(instant.median, 0)}%** of the naive baseline, median of the rounds' ratios (${each(instant.each, '%')}; budget ≥ 60%, goal 70%); p99 **${fixed(b.p99, 1)} ms** (${each(b.p99Each, ' ms')}; budget ≤ 50 ms), beside the naive baseline's ${fixed(a.p99, 1)} ms.`,
      `One contractor on a limited plan: **${fixed(smart.median, 0)}%** of the batched baseline, median of the rounds' ratios (${each(smart.each, '%')}; budget ≥ 50%); p99 ${fixed(d.p99, 1)} ms (${each(d.p99Each, ' ms')}).`,
      checkpointLine([a, c, b, d]),
      `CPU a request costs (server + PostgreSQL + Redis), one Smart contractor: ${fixed(total(d.cpu), 0)} µs, batched baseline ${fixed(total(c.cpu), 0)} µs (${fixed(total(d.cpu) / total(c.cpu), 1)}x); 50 Instant contractors ${fixed(total(b.cpu), 0)} µs, naive baseline ${fixed(total(a.cpu), 0)} µs.`,
      '',
      table(
        ['check', `${OWNERS} Instant contractors`, 'one Smart contractor'],
        [
          ['2xx answers', spread.answers, one.answers],
          ['rows stored', spread.rows, one.rows],
          ['answered ids missing (lost)', spread.lost, one.lost],
          ['rows stored twice (duplicated)', spread.duplicated, one.duplicated],
          [
            'rows without a 2xx (answer still in flight when the load stopped: at most one per connection a round)',
            spread.unanswered,
            one.unanswered,
          ],
          [
            `visible leads (Smart: exactly its ${SMART_ALLOWANCE} a month)`,
            spread.visible,
            one.visible,
          ],
        ],
      ),
    ].join('\n'),
  );
  if (one.visible !== Math.min(SMART_ALLOWANCE, one.rows)) {
    throw new Error(
      `the Smart contractor has ${one.visible} visible leads, not ${SMART_ALLOWANCE}`,
    );
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
