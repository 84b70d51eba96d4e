#!/usr/bin/env node
/**
 * Lighthouse benchmark: the landing page, the widget page and a contractor's share page of the
 * built product, measured in Lighthouse's mobile form factor (simulated slow 4G and 4x CPU
 * slowdown, a 412 px phone).
 *
 *   npm run build && node bench/lighthouse.mjs [--url=http://host:port] [--runs=5] [--busy]
 *     [--pages=/,/widget,/calc/:slug] [--slug=sunny-roof-1042] [--cpu-slowdown=4]
 *
 * Without --url (or BENCH_URL) it starts the built product itself the way `npm start` runs on a
 * fresh machine: `backend/dist/launch.js` with an embedded PostgreSQL on a free port and a data
 * directory of its own (.data/bench-lighthouse, wiped first), seeded with the demo contractor
 * whose share page is `/calc/sunny-roof-1042`, and stops it at the end. `/calc/:slug` in --pages
 * stands for `/calc/<--slug>` (against another server, pass a slug it has).
 * Each page is measured --runs times (default 5); the table shows the median of each figure and
 * whether it meets the budgets (performance ≥ 95, LCP ≤ 2.0 s, TBT ≤ 100 ms).
 * --busy keeps one CPU busy with a second process for the whole measurement, as a phone or a
 * machine doing something else would be. Each run's Lighthouse `benchmarkIndex` (how fast this
 * machine ran Lighthouse's own CPU test just then) and the load average are reported beside the
 * figures, so a table from a slow or loaded host says so.
 * Each round also measures an anchor first: a static page of text in the product's font stack,
 * with no script and no stylesheet to fetch, served by this process. What it scores is the host's
 * own floor (the browser starting a page, its first layout and paint, at the same CPU slowdown):
 * where the anchor's TBT nears the budget, the host as much as the page decides whether a page
 * meets it. The rounds go page by page (anchor, then each page, then the next round), so a host
 * that slows down during the measurement slows the anchor and the pages alike.
 * Prints a markdown table and writes it to bench/results/lighthouse.md (lighthouse-busy.md
 * with --busy). With BENCH_LHR_DIR set, each run's full Lighthouse report (JSON) is written
 * there too, to see which tasks block the main thread (audits `long-tasks`, `bootup-time`), with
 * the page load's trace beside it (`<page>-<run>.trace.json`, for Chromium's Performance panel).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_PATH, CHROMIUM_SWITCHES, disableFeaturesSwitch } from '../e2e/chromium.cjs';
import { freePort, startBusyProcess } from './lib.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const LIGHTHOUSE_VERSION = createRequire(import.meta.url)('lighthouse/package.json').version;
/**
 * chrome-launcher's switches, then ours (e2e/chromium.cjs): the browser UI no page uses off, with
 * chrome-launcher's own disabled features kept in the one `--disable-features` Chromium reads.
 */
const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_SWITCHES,
  disableFeaturesSwitch(
    chromeLauncher.Launcher.defaultFlags()
      .find((flag) => flag.startsWith('--disable-features='))
      ?.slice('--disable-features='.length)
      .split(',') ?? [],
  ),
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const START_TIMEOUT_MS = 180_000;

const log = (line) => process.stderr.write(`${line}\n`);

/** What an interrupted run must not leave behind: the busy process, a Chrome, the product. */
const cleanups = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    Promise.allSettled([...cleanups].map((cleanup) => cleanup())).finally(() => process.exit(130));
  });
}

function option(name) {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  return arg?.slice(name.length + 3);
}

const RUNS = Number(option('runs') ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a whole number above 0');
/** The seeded demo contractor's share page (backend's demo seed). */
const SLUG = option('slug') ?? 'sunny-roof-1042';
const PAGES = (option('pages') ?? '/,/widget,/calc/:slug')
  .split(',')
  .filter(Boolean)
  .map((page) => page.replace(':slug', SLUG));
const BUSY = process.argv.includes('--busy');
/**
 * Lighthouse's CPU slowdown (4 by default, its mobile setting). A host faster than the ones the
 * budgets were set on makes every task look shorter; 4 × (this host's benchmarkIndex ÷ a slower
 * host's) measures the pages as that host would.
 */
const CPU_SLOWDOWN = Number(
  option('cpu-slowdown') ?? throttling.mobileSlow4G.cpuSlowdownMultiplier,
);
if (!(CPU_SLOWDOWN >= 1)) throw new Error('--cpu-slowdown must be a number of at least 1');
/** Issue 26's budgets, for every page, quiet or busy. */
const BUDGET = { performance: 95, lcp: 2000, tbt: 100 };

/**
 * The anchor: what the landing page's first screen says, as plain text in the product's font
 * stack (frontend/src/app/page-baseline.css), with nothing to fetch and no script.
 */
const ANCHOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Anchor: a page with no script</title>
<meta name="description" content="A static page that measures the host's floor for the Lighthouse benchmark.">
<style>
body { margin: 0; color: #0f172a; background: #fff; line-height: 1.65;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
main { max-width: 40rem; margin: 0 auto; padding: 2rem 1rem; }
h1 { font-size: 2rem; line-height: 1.2; font-weight: 800; }
a { display: inline-block; padding: 0.75rem 1.5rem; border-radius: 8px; background: #1d4ed8;
  color: #fff; font-weight: 600; text-decoration: none; }
</style>
</head>
<body>
<main>
<h1>Instant roof replacement estimates for your website</h1>
<p>Homeowners enter an address, see their roof from above, answer three questions and get a
low, average and high price in under a minute. Every quote request arrives in your dashboard as
a scored lead.</p>
<p><a href="#start">Start free</a></p>
</main>
</body>
</html>
`;

/** Serves ANCHOR_HTML on a free port of this process; resolves with its address and a stop. */
async function startAnchor() {
  const server = createServer((request, response) => {
    if (request.url !== '/') {
      // No robots.txt or favicon: a 404, not the page (Lighthouse's SEO audit reads robots.txt).
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(ANCHOR_HTML);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = () => new Promise((resolve) => server.close(() => resolve()));
  cleanups.add(stop);
  return { url: `http://localhost:${port}/`, stop };
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

async function waitForHealth(baseUrl, child) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${baseUrl}/api/health did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

/** The built product on free ports, as e2e/serve.mjs starts it for the browser tests. */
async function startProduct() {
  const port = await freePort();
  const postgresPort = await freePort();
  const dataDir = join(ROOT, '.data', 'bench-lighthouse');
  rmSync(dataDir, { recursive: true, force: true });
  const env = { ...process.env };
  delete env.DATABASE_URL;
  Object.assign(env, {
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: String(postgresPort),
    QUEUE_PREFIX: `bench-lighthouse-${Date.now()}`,
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
  });
  log(`starting the built product on port ${port} (PostgreSQL on ${postgresPort})`);
  const child = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'launch.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { baseUrl, stop };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The figures of one Lighthouse run: category scores 0-100, LCP and TBT in ms, CLS, and the main
 * thread's work after the same CPU slowdown (all of it, and the scripts' part): TBT counts only
 * what a task spends over 50 ms, so these show work a page saves even where TBT cannot.
 */
function figures(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    mainThread: metric('mainthread-work-breakdown'),
    scripts: metric('bootup-time'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/** Which of the budgets a page's medians miss; empty when it meets them all. */
function missed(result) {
  const misses = [];
  if (result.performance < BUDGET.performance) misses.push(`performance < ${BUDGET.performance}`);
  if (result.lcp > BUDGET.lcp) misses.push(`LCP > ${BUDGET.lcp} ms`);
  if (result.tbt > BUDGET.tbt) misses.push(`TBT > ${BUDGET.tbt} ms`);
  return misses;
}

/** Audits that lost points, so a run below budget says why. */
function failingAudits(lhr) {
  const failing = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
        failing.push(`${id}: ${audit.id} (${audit.displayValue ?? audit.score})`);
      }
    }
  }
  return failing;
}

/**
 * One Lighthouse run in a fresh Chrome (no cache, no leftovers of the previous run). Lighthouse
 * occasionally fails to record a trace on a busy machine (NO_NAVSTART): such a run is repeated.
 * Resolves with Lighthouse's result: the report (`lhr`) and what it gathered (`artifacts`).
 */
async function runOnce(url) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROME_FLAGS,
    });
    const killChrome = () => chrome.kill();
    cleanups.add(killChrome);
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        formFactor: 'mobile',
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (!result.lhr.runtimeError) return result;
      if (attempt === 3) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
      log(`${url}: ${result.lhr.runtimeError.code}, running again`);
    } finally {
      cleanups.delete(killChrome);
      await chrome.kill();
    }
  }
}

/** One Lighthouse run of `url`, logged; `name` names its report and trace under BENCH_LHR_DIR. */
async function measureRun(name, url, run) {
  const { lhr, artifacts } = await runOnce(url);
  if (process.env.BENCH_LHR_DIR) {
    mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
    const file = `${name.replace(/\W+/g, '-')}-${BUSY ? 'busy-' : ''}${run}`;
    writeFileSync(join(process.env.BENCH_LHR_DIR, `${file}.json`), JSON.stringify(lhr));
    // The page load's trace (opens in Chromium's Performance panel): what each long task ran.
    writeFileSync(
      join(process.env.BENCH_LHR_DIR, `${file}.trace.json`),
      JSON.stringify(artifacts.Trace),
    );
  }
  const row = figures(lhr);
  log(
    `${url} run ${run}/${RUNS}: performance ${row.performance}, accessibility ${row.accessibility}, ` +
      `LCP ${Math.round(row.lcp)} ms, TBT ${Math.round(row.tbt)} ms, CLS ${row.cls.toFixed(3)}, ` +
      `main thread ${Math.round(row.mainThread)} ms (scripts ${Math.round(row.scripts)}), ` +
      `benchmarkIndex ${Math.round(row.benchmarkIndex)}, load ${loadAverage()}`,
  );
  for (const line of failingAudits(lhr)) log(`  below 90: ${line}`);
  return row;
}

/** Each figure's median over the runs. */
function medians(runs) {
  const keys = Object.keys(runs[0]);
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((row) => row[key]))]));
}

function table(rows) {
  const header =
    '| page | performance | accessibility | best practices | SEO | LCP (ms) | TBT (ms) | CLS | ' +
    'main thread (ms) | scripts (ms) | benchmarkIndex | budgets |';
  const rule =
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |';
  const lines = rows.map(({ page, result, anchor }) => {
    const misses = missed(result);
    const verdict = anchor
      ? "the host's floor, not a budget"
      : misses.length
        ? `missed: ${misses.join(', ')}`
        : 'met';
    return (
      `| ${page} | ${result.performance} | ${result.accessibility} | ${result.bestPractices} | ` +
      `${result.seo} | ${Math.round(result.lcp)} | ${Math.round(result.tbt)} | ${result.cls.toFixed(3)} | ` +
      `${Math.round(result.mainThread)} | ${Math.round(result.scripts)} | ` +
      `${Math.round(result.benchmarkIndex)} | ${verdict} |`
    );
  });
  return [header, rule, ...lines].join('\n');
}

async function main() {
  const given = option('url') ?? process.env.BENCH_URL;
  const product = given ? { baseUrl: given.replace(/\/$/, ''), stop: async () => {} } : null;
  const { baseUrl, stop } = product ?? (await startProduct());
  cleanups.add(stop);
  const loadBefore = loadAverage();
  const anchor = await startAnchor();
  const stopBusy = BUSY ? startBusyProcess() : async () => {};
  cleanups.add(stopBusy);
  try {
    const targets = [
      { page: 'anchor: static text, no script', name: 'anchor', url: anchor.url, anchor: true },
      ...PAGES.map((page) => ({ page, name: page, url: `${baseUrl}${page}`, anchor: false })),
    ];
    const runs = new Map(targets.map((target) => [target, []]));
    for (let run = 1; run <= RUNS; run++) {
      for (const target of targets) {
        runs.get(target).push(await measureRun(target.name, target.url, run));
      }
    }
    await stopBusy();
    const rows = targets.map((target) => ({ ...target, result: medians(runs.get(target)) }));
    const summary = [
      `Lighthouse ${LIGHTHOUSE_VERSION} mobile form factor (simulated throttling), ` +
        `median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page` +
        `${BUSY ? ', one CPU kept busy by a second process' : ''}` +
        `${CPU_SLOWDOWN === throttling.mobileSlow4G.cpuSlowdownMultiplier ? '' : `, CPU slowdown ${CPU_SLOWDOWN}x instead of ${throttling.mobileSlow4G.cpuSlowdownMultiplier}x`}` +
        `, ${new Date().toISOString()}; ` +
        `${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), load average ` +
        `${loadBefore} before and ${loadAverage()} after. Budgets: performance ≥ ` +
        `${BUDGET.performance}, LCP ≤ ${BUDGET.lcp} ms, TBT ≤ ${BUDGET.tbt} ms. The anchor, ` +
        `measured first in each round, is a static page with no script: its TBT is this ` +
        `host's floor.`,
      '',
      table(rows),
      '',
    ].join('\n');
    process.stdout.write(`\n${summary}`);
    const file = BUSY ? 'lighthouse-busy.md' : 'lighthouse.md';
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench', 'results', file), `# Lighthouse\n\n${summary}`);
    log(`written to bench/results/${file}`);
  } finally {
    await stopBusy();
    await anchor.stop();
    await stop();
  }
}

main().catch((error) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
