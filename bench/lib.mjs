/**
 * What the benchmarks share: options, a fresh database, the built api and worker as child
 * processes on free ports, percentiles and markdown tables. Run `npm run build` before any of them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Loads the backend's dependencies (pg, socket.io-client's peers, …) as the api does. */
export const backendRequire = createRequire(join(ROOT, 'backend', 'package.json'));
const { Client } = backendRequire('pg');

const DEFAULT_SERVER = 'postgresql://postgres@127.0.0.1:5432';

export const log = (line) => process.stderr.write(`${line}\n`);

/** `--name=N` from the command line as a whole number, or `fallback`. */
export function option(name, fallback) {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  const value = arg ? Number(arg.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

export function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function query(url, sql, params = []) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/**
 * BENCH_DATABASE_URL as given, or a fresh database `name` on 127.0.0.1:5432 (dropped and
 * created); migrated with the built migrator either way.
 */
export async function prepareDatabase(name) {
  const url = process.env.BENCH_DATABASE_URL ?? withDatabase(DEFAULT_SERVER, name);
  if (!process.env.BENCH_DATABASE_URL) {
    const admin = withDatabase(url, 'postgres');
    await query(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await query(admin, `CREATE DATABASE ${name}`);
  }
  const migrated = spawnSync(process.execPath, [join(ROOT, 'backend', 'dist', 'migrate.js')], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (migrated.status !== 0) throw new Error('migration failed');
  return url;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Environment every benchmarked process gets: quiet logs, no per-IP or per-account limits. */
export function benchEnv(databaseUrl, extra = {}) {
  return {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    QUEUE_PREFIX: `bench-${process.pid}`,
    RATE_LIMIT_AUTH_PER_IP: '0',
    RATE_LIMIT_AUTH_PER_EMAIL: '0',
    RATE_LIMIT_CAPTURE_PER_IP: '0',
    // The benchmarks fetch their form tokens from one address, thousands a second.
    RATE_LIMIT_LOOKUP_PER_IP: '0',
    RATE_LIMIT_CAPTURE_PER_OWNER: '0',
    // On, too high to refuse: the public API's figures include the per-key limit's Redis round trip.
    RATE_LIMIT_API_PER_KEY: '1000000',
    FORM_BURST_PER_MINUTE: '0',
    ...extra,
  };
}

async function waitFor(child, probe, what) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    try {
      if (await probe()) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The Node flags the product runs its api and worker with (backend/src/node-flags.ts), so a
 * benchmark measures them as `npm start` and the Docker image run them. Needs `npm run build`.
 */
export function nodeFlags() {
  return backendRequire('./dist/node-flags.js').NODE_FLAGS;
}

/**
 * With BENCH_PROFILE_DIR set, the api and worker write V8 CPU profiles there when they exit.
 * BENCH_NODE_FLAGS adds V8 flags of one's own (space-separated), for example
 * `--log-maps --no-log-maps-details --logfile=/tmp/maps.log --no-logfile-per-isolate` for
 * bench/maps.mjs (docs/decisions/0044), or `--trace-gc-nvp` with BENCH_API_STDOUT.
 */
function extraFlags() {
  const dir = process.env.BENCH_PROFILE_DIR;
  const own = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  return [...(dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []), ...own];
}

/** The api's standard output (V8's traces write there): a file with BENCH_API_STDOUT, else none. */
function apiStdout() {
  const file = process.env.BENCH_API_STDOUT;
  return file ? openSync(file, 'w') : 'ignore';
}

/** The built api on a free port; resolves once it answers. */
export async function startApi(env) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...nodeFlags(), ...extraFlags(), join(ROOT, 'backend', 'dist', 'main.js')],
    {
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', apiStdout(), 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitFor(child, async () => (await fetch(`${base}/api/health/live`)).ok, 'api');
  return { child, base, port };
}

/** The built worker; resolves once it logged that it is ready or after it stayed up 3 s. */
export async function startWorker(env) {
  const child = spawn(
    process.execPath,
    [...nodeFlags(), ...extraFlags(), join(ROOT, 'backend', 'dist', 'worker.js')],
    {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const started = Date.now();
  await waitFor(child, async () => Date.now() - started > 3000, 'worker');
  return { child };
}

export function stop(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * A second process that keeps one CPU busy until stopped (`--busy` in lighthouse.mjs and
 * capture.mjs): a loop of real work (hashing) that never sleeps, at normal priority, so the
 * product, PostgreSQL and the load share the rest of the machine, as on a host where something
 * else runs. Returns its stop function; `log` names its process.
 */
export function startBusyProcess() {
  const child = spawn(
    process.execPath,
    [
      '-e',
      "const { createHash } = require('node:crypto'); let b = Buffer.alloc(4096); " +
        "for (;;) b = createHash('sha256').update(b).digest();",
    ],
    { stdio: 'ignore' },
  );
  log(`--busy: process ${child.pid} keeps one CPU busy during the runs`);
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The middle of `values` (for an even count, the mean of the two middles). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function rssKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
}

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on Linux unless built otherwise). */
const TICKS_PER_SECOND =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * CPU time (user + system, ms) a process has used so far, with that of its children that have
 * ended and been waited for: a PostgreSQL backend whose connection closed during a run (a pool
 * ending) takes its CPU time out of `/proc`, and only the postmaster's count of ended children
 * keeps it (without it the naive baseline's PostgreSQL figure once came out at -49 µs a request,
 * 2026-12-03). 0 once the process is gone.
 */
function cpuMs(pid) {
  try {
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
    return (ticks / TICKS_PER_SECOND) * 1000;
  } catch {
    return 0;
  }
}

/** CPU time (ms) used so far by every process named `name` (all of PostgreSQL's, say). */
function cpuMsOfAll(name) {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) total += cpuMs(entry);
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

/**
 * Starts counting the CPU time the server process `pid`, PostgreSQL and Redis spend; `stop(count)`
 * gives each in microseconds per request. A figure per request holds where throughput swings
 * with the host: it says what a request costs, not how fast this machine was at that moment.
 */
export function cpuMeter(pid) {
  const read = () => ({
    server: cpuMs(pid),
    postgres: cpuMsOfAll('postgres'),
    redis: cpuMsOfAll('redis-server'),
  });
  const start = read();
  return {
    stop(requests) {
      const end = read();
      const perRequest = (key) =>
        requests > 0 ? ((end[key] - start[key]) * 1000) / requests : NaN;
      return {
        server: perRequest('server'),
        postgres: perRequest('postgres'),
        redis: perRequest('redis'),
      };
    },
  };
}

/** A markdown table; numbers are right-aligned. */
export function table(headers, rows) {
  const numeric = headers.map((_, index) =>
    rows.every((row) => typeof row[index] === 'number' || /^[\d.,-]+$/.test(String(row[index]))),
  );
  return [
    `| ${headers.join(' | ')} |`,
    `|${numeric.map((right) => (right ? '---:' : '---')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

export const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/**
 * `count` confirmed contractors on `plan` (default Instant: no lead is locked), e-mails
 * `<prefix>-<n>@roofers.test`, with `passwordHash` when they must sign in. Returns their ids.
 */
export async function seedContractors(
  url,
  count,
  { prefix, passwordHash = null, plan = 'instant' },
) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const ids = [];
    for (let index = 0; index < count; index++) {
      const id = randomUUID();
      await client.query(
        `INSERT INTO users (id, email, password_hash, email_verified_at, updated_at)
         VALUES ($1, $2, $3, now(), now())`,
        [id, `${prefix}-${index}@roofers.test`, passwordHash],
      );
      await client.query(
        `INSERT INTO subscriptions (id, user_id, plan, status, updated_at)
         VALUES ($1, $2, $3, 'active', now())`,
        [randomUUID(), id, plan],
      );
      ids.push(id);
    }
    return ids;
  } finally {
    await client.end();
  }
}

/**
 * A capture-lead body as the widget sends it for request number `n`: a homeowner of its own
 * (the last name and e-mail carry `n`, so a stored-twice request shows), past the anti-bot timer.
 */
/**
 * Form tokens for quote requests, fetched from the api's GET /api/form-token as widgets do,
 * `count` of them spread over `owners`, `concurrency` requests at a time over kept-alive
 * connections. Resolves with the tokens per owner and how fast they came. A quote request must
 * come MIN_FILL_TIME_MS (3 s) after its token, so pool them before the load, not during it.
 */
export async function issueFormTokens(base, owners, count, { concurrency = 32 } = {}) {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const pools = new Map(owners.map((owner) => [owner, []]));
  const latencies = [];
  let next = 0;
  const fetchOne = (owner) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const request = http.get(`${base}/api/form-token?ownerId=${owner}`, { agent }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          latencies.push(performance.now() - started);
          if (response.statusCode !== 200) reject(new Error(`form-token ${response.statusCode}`));
          else resolve(JSON.parse(text).token);
        });
      });
      request.on('error', reject);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const owner = owners[next++ % owners.length];
        pools.get(owner).push(await fetchOne(owner));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    pools,
    count,
    rps: count / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export function captureLeadBody(
  ownerId,
  n,
  { firstName = 'Ana', lastName = `Bench${n}`, formToken } = {},
) {
  return {
    ownerId,
    source: 'widget',
    website: '',
    formToken,
    lead: {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
      phone: `(512) 555-${String(n % 10_000).padStart(4, '0')}`,
      address: `${100 + (n % 9000)} Main St, Austin, TX 78701, USA`,
      zipCode: '78701',
      latitude: 30.2672,
      longitude: -97.7431,
      ownership: 'owner',
      material: 'asphalt',
      stories: 'one',
      roofArea: 2000,
      estimateLow: 6800,
      estimateMid: 9350,
      estimateHigh: 11900,
    },
  };
}

let captureSequence = 0;

/**
 * Quote requests to `url` (the api's POST /api/capture-lead or a baseline's) with autocannon:
 * `connections` at once for `duration` seconds, spread over `owners`, each a homeowner of its own
 * (captureLeadBody). `tokens` (per owner, from issueFormTokens) hands each request a form token of
 * its own; without, none is sent. `pid` is the server's process: the run also counts its CPU
 * time, PostgreSQL's and Redis's (cpuMeter). Resolves with autocannon's result, the ids answered
 * 2xx and the CPU a request cost.
 */
export async function captureLoad(
  url,
  { owners, tokens = null, pid, connections, duration, databaseUrl = null },
) {
  const { default: autocannon } = await import('autocannon');
  const ids = [];
  let exhausted = false;
  const checkpoints = databaseUrl ? await settleWal(databaseUrl) : null;
  const meter = cpuMeter(pid);
  const result = await autocannon({
    url,
    connections,
    duration,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          const owner = owners[captureSequence % owners.length];
          const formToken = tokens?.get(owner).pop();
          if (tokens && !formToken) exhausted = true;
          return {
            ...request,
            body: JSON.stringify(captureLeadBody(owner, ++captureSequence, { formToken })),
          };
        },
        onResponse: (status, body) => {
          if (status >= 200 && status < 300) ids.push(JSON.parse(body).id);
        },
      },
    ],
  });
  const cpu = meter.stop(result.requests.total);
  if (exhausted) throw new Error('the form tokens ran out: issue more before the load');
  const checkpointed =
    checkpoints === null ? null : (await checkpointsStarted(databaseUrl)) - checkpoints;
  return { result, ids, cpu, checkpointed };
}

/**
 * Before a timed run: a CHECKPOINT, so that the run starts with no checkpoint owed. Without it,
 * the WAL earlier runs wrote (the baselines' ~125,000 rows, half of `max_wal_size`) started a
 * checkpoint in the middle of whichever run came next, spread over most of a minute (its
 * writes, and a full page image in the WAL for the first change of every page after it): the
 * product's runs, measured after the baselines, paid for the baselines' writes (seen in
 * PostgreSQL's log on 2026-12-01). Each run now pays only for its own. Resolves with the count of
 * checkpoints started so far (checkpointsStarted), or null where the role may not checkpoint.
 */
async function settleWal(databaseUrl) {
  try {
    await query(databaseUrl, 'CHECKPOINT');
  } catch (error) {
    if (!walWarned) log(`no CHECKPOINT before the runs: ${error.message}`);
    walWarned = true;
    return null;
  }
  return checkpointsStarted(databaseUrl);
}

let walWarned = false;

/** Checkpoints the server started since its statistics were reset (PostgreSQL 15 and 17 alike). */
async function checkpointsStarted(databaseUrl) {
  // PostgreSQL 17 moved these counts from pg_stat_bgwriter to pg_stat_checkpointer.
  const { rows } = await query(
    databaseUrl,
    `SELECT to_regclass('pg_catalog.pg_stat_checkpointer') IS NOT NULL AS separate`,
  );
  const sql = rows[0].separate
    ? 'SELECT num_timed + num_requested AS started FROM pg_stat_checkpointer'
    : 'SELECT checkpoints_timed + checkpoints_req AS started FROM pg_stat_bgwriter';
  const { rows: counted } = await query(databaseUrl, sql);
  return Number(counted[0].started);
}
