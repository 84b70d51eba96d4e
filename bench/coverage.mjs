#!/usr/bin/env node
/**
 * How much of the JavaScript each first screen downloads runs before the visitor does anything:
 * Chromium's precise coverage of every script while `/`, `/widget` and `/calc/:slug` load and
 * hydrate (until the network is idle), with no scrolling or input.
 *
 *   node bench/coverage.mjs --url=http://localhost:3000 [--pages=/,/widget,/calc/:slug]
 *     [--slug=sunny-roof-1042]
 *
 * Prints, per page, each script's size, the part that ran (bytes of functions called at least
 * once) and the share unused, largest first; the figures are of the minified files, not gzip.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH, playwrightArgs } from '../e2e/chromium.cjs';

const option = (name) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

const BASE = (option('url') ?? process.env.BENCH_URL ?? '').replace(/\/$/, '');
if (!BASE) throw new Error('--url=http://host:port (or BENCH_URL) is required');
const SLUG = option('slug') ?? 'sunny-roof-1042';
const PAGES = (option('pages') ?? '/,/widget,/calc/:slug')
  .split(',')
  .filter(Boolean)
  .map((page) => page.replace(':slug', SLUG));

/** Bytes covered by the ranges that ran: the outermost function ranges with a count above 0. */
function usedBytes(entry) {
  const used = new Uint8Array(entry.source?.length ?? 0);
  for (const fn of entry.functions) {
    for (const range of fn.ranges) {
      used.fill(range.count > 0 ? 1 : 0, range.startOffset, range.endOffset);
    }
  }
  return used.reduce((sum, byte) => sum + byte, 0);
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: playwrightArgs(),
});
try {
  for (const path of PAGES) {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(`${BASE}${path}`, { waitUntil: 'networkidle' });
    const entries = (await page.coverage.stopJSCoverage()).filter((entry) =>
      entry.url.startsWith(BASE),
    );
    await page.close();
    const rows = entries
      .map((entry) => {
        const total = entry.source?.length ?? 0;
        const used = usedBytes(entry);
        return { file: new URL(entry.url).pathname, total, used };
      })
      .sort((a, b) => b.total - a.total);
    const total = rows.reduce((sum, row) => sum + row.total, 0);
    const used = rows.reduce((sum, row) => sum + row.used, 0);
    console.log(
      `\n### ${path}: ${rows.length} scripts, ${kb(total)} kB, ${kb(used)} kB ran (${Math.round((100 * used) / total)}%)\n`,
    );
    console.log('| script | size (kB) | ran (kB) | unused |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const row of rows) {
      console.log(
        `| ${row.file} | ${kb(row.total)} | ${kb(row.used)} | ${Math.round(100 - (100 * row.used) / Math.max(1, row.total))}% |`,
      );
    }
  }
} finally {
  await browser.close();
}
