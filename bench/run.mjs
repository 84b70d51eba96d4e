#!/usr/bin/env node
/**
 * `npm run bench`: builds the product, runs every benchmark one after another (never two at once,
 * so they do not skew each other) and writes their tables to bench/results/report.md.
 *
 *   npm run bench [-- --quick]   # --quick: smaller data and shorter runs, for a smoke test
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, log } from './lib.mjs';
import { measure } from '../scripts/check-bundle-size.mjs';

const quick = process.argv.includes('--quick');

const SUITES = [
  {
    title: 'capture-lead beside the raw baseline',
    script: 'capture.mjs',
    args: quick ? ['--duration=5', '--rounds=1'] : [],
  },
  {
    title: 'CRM at 100,000 leads per contractor',
    script: 'crm.mjs',
    args: quick ? ['--leads=10000', '--others=20000', '--requests=50'] : [],
  },
  {
    title: 'Realtime: capture response to socket event',
    script: 'realtime.mjs',
    args: quick ? ['--sockets=100', '--owners=10', '--leads=50'] : [],
  },
  {
    title: 'Worker: notification jobs per second',
    script: 'worker.mjs',
    args: quick ? ['--jobs=1000'] : [],
  },
  {
    title: 'Worker: one process per CPU',
    script: 'worker.mjs',
    args: [`--workers=${availableParallelism()}`, ...(quick ? ['--jobs=1000'] : [])],
  },
  {
    title: 'Inspection slots: 500 future bookings',
    script: 'slots.mjs',
    args: quick ? ['--runs=1', '--duration=3'] : [],
  },
  { title: 'Lighthouse (mobile)', script: 'lighthouse.mjs', args: quick ? ['--runs=1'] : [] },
];

function run(command, args) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ok: result.status === 0, output: (result.stdout ?? '').trim() };
}

function main() {
  log('building');
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) {
    throw new Error('build failed');
  }
  const started = new Date();
  const sections = [];
  for (const suite of SUITES) {
    log(`\n== ${suite.title} (bench/${suite.script} ${suite.args.join(' ')})`);
    const { ok, output } = run(process.execPath, [join('bench', suite.script), ...suite.args]);
    log(output);
    sections.push(
      `## ${suite.title}\n\n\`node bench/${suite.script} ${suite.args.join(' ')}\`\n\n` +
        (ok ? output : `**Failed** (exit code ≠ 0).\n\n${output}`),
    );
  }
  const bundles = measure();
  sections.push(
    '## Bundles (gzip, JavaScript loaded up front)\n\n' +
      '| page | files | kB | budget kB |\n|---|---:|---:|---:|\n' +
      bundles
        .map((b) => `| ${b.name} | ${b.files} | ${b.kb.toFixed(1)} | ${b.limitKb} |`)
        .join('\n'),
  );

  const machine =
    `${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ` +
    `${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, load average at the end ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ')}`;
  const report = [
    `# Benchmark report`,
    '',
    `Run ${started.toISOString()}${quick ? ' (quick mode: smaller data, shorter runs)' : ''} on ${machine}, Node ${process.version}.`,
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  const file = join(ROOT, 'bench', 'results', 'report.md');
  writeFileSync(file, report);
  log(`\nwrote ${file}`);
}

main();
