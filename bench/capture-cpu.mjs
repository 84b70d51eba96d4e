#!/usr/bin/env node
/**
 * What one quote request costs the api in CPU, to compare two builds of the capture path. The
 * built api's real POST /api/capture-lead, every request for one contractor on the Smart plan
 * (its month counted on every request, as in bench/capture.mjs's limited-plan case): one warm-up,
 * then --runs runs of --duration seconds at --connections, each for a Smart contractor of its own
 * with form tokens issued before the runs. Prints each run (req/s, p99, and the CPU a request
 * cost the api, PostgreSQL and Redis, read from /proc) and the medians.
 *
 * Right after each run, an anchor: GET /api/health/live (the framework's own work: routing,
 * hooks, the response) at the same connections for 3 s, with the api's CPU per request. The host's
 * speed moves both alike (the same build's capture cost 581 µs a request in one invocation and
 * 883 µs in the next on 2026-11-28), so the ratio of the two is the figure to set beside another
 * build's.
 *
 *   npm run build && node bench/capture-cpu.mjs [--runs=5 --duration=8 --connections=50]
 *     [--tokens-per-second=8000]
 */
import autocannon from 'autocannon';
import {
  benchEnv,
  cpuMeter,
  captureLoad,
  fixed,
  issueFormTokens,
  log,
  option,
  median,
  prepareDatabase,
  seedContractors,
  startApi,
  stop,
  table,
} from './lib.mjs';

const RUNS = option('runs', 5);
const DURATION = option('duration', 8);
const CONNECTIONS = option('connections', 50);
const WARMUP = 4;
const ANCHOR_SECONDS = 3;
/**
 * Form tokens issued per second of load: more than the api answers a second. 3,000 ran out on a
 * faster host (Lighthouse benchmarkIndex about 3,900) on 2026-11-28, 5,000 once quote requests
 * stopped building hidden classes (2026-11-30, docs/decisions/0044).
 */
const TOKENS_PER_SECOND = option('tokens-per-second', 8000);

async function main() {
  const databaseUrl = await prepareDatabase('rafter_bench_capture_cpu');
  const prefix = `capture-cpu-${Date.now()}`;
  const [warmupOwner] = await seedContractors(databaseUrl, 1, { prefix });
  const owners = await seedContractors(databaseUrl, RUNS, {
    prefix: `${prefix}-smart`,
    plan: 'smart',
  });
  const api = await startApi(benchEnv(databaseUrl));
  const runs = [];
  try {
    log(`form tokens for ${RUNS} runs and the warm-up, 50 at a time`);
    const warmup = await issueFormTokens(api.base, [warmupOwner], WARMUP * TOKENS_PER_SECOND, {
      concurrency: 50,
    });
    const tokens = [];
    for (const owner of owners) {
      tokens.push(
        await issueFormTokens(api.base, [owner], DURATION * TOKENS_PER_SECOND, { concurrency: 50 }),
      );
    }
    // The last token issued must be older than the 3 s a person needs to fill the widget.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const url = `${api.base}/api/capture-lead`;
    const load = { pid: api.child.pid, connections: CONNECTIONS, databaseUrl };
    await captureLoad(url, {
      ...load,
      owners: [warmupOwner],
      tokens: warmup.pools,
      duration: WARMUP,
    });
    for (const [index, owner] of owners.entries()) {
      log(`run ${index + 1} of ${RUNS}: ${CONNECTIONS} connections for ${DURATION} s`);
      const { result, cpu } = await captureLoad(url, {
        ...load,
        owners: [owner],
        tokens: tokens[index].pools,
        duration: DURATION,
      });
      if (result.non2xx + result.errors + result.timeouts > 0) {
        throw new Error(
          `run ${index + 1}: ${result.non2xx} non-2xx answers, ${result.errors} errors`,
        );
      }
      const anchorMeter = cpuMeter(api.child.pid);
      const anchor = await autocannon({
        url: `${api.base}/api/health/live`,
        connections: CONNECTIONS,
        duration: ANCHOR_SECONDS,
      });
      const anchorCpu = anchorMeter.stop(anchor.requests.total).server;
      runs.push({
        rps: result.requests.average,
        p99: result.latency.p99,
        ...cpu,
        anchor: anchorCpu,
        ratio: cpu.server / anchorCpu,
      });
    }
  } finally {
    await stop(api.child);
  }
  const row = (label, run) => [
    label,
    fixed(run.rps, 0),
    fixed(run.p99, 0),
    fixed(run.server, 0),
    fixed(run.postgres, 0),
    fixed(run.redis, 0),
    fixed(run.anchor, 0),
    fixed(run.ratio, 2),
  ];
  const medians = Object.fromEntries(
    ['rps', 'p99', 'server', 'postgres', 'redis', 'anchor', 'ratio'].map((key) => [
      key,
      median(runs.map((run) => run[key])),
    ]),
  );
  console.log(
    [
      `POST /api/capture-lead, one Smart contractor, ${CONNECTIONS} connections, ${RUNS} runs of ${DURATION} s after ${WARMUP} s of warm-up; after each, the anchor for ${ANCHOR_SECONDS} s.`,
      '',
      table(
        [
          'run',
          'req/s',
          'p99 (ms)',
          'api CPU (µs/request)',
          'PostgreSQL CPU (µs/request)',
          'Redis CPU (µs/request)',
          'anchor: GET /api/health/live, api CPU (µs/request)',
          'capture ÷ anchor',
        ],
        [...runs.map((run, index) => row(String(index + 1), run)), row('**median**', medians)],
      ),
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
