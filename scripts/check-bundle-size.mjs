#!/usr/bin/env node
/**
 * Bundle budgets, checked by `npm test` after the build: the gzip size of the JavaScript a visitor
 * downloads for each route (the entry, the route's chunk and every chunk they import statically,
 * read from Vite's manifest), and of /embed.js. Exits 1 naming each route over its budget.
 *
 *   npm run build -w @rafter/frontend && node scripts/check-bundle-size.mjs [--json]
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'frontend', 'dist');

/**
 * Budgets in kB of gzip, with headroom over the sizes measured when each was set (issue 26:
 * dashboard 227.8; the landing page, the widget and the share page 113.8, 85.8 and 91.3 once
 * their first screens were drawn without MUI, from 169.4, 143.1 and 172.4).
 */
export const BUDGETS = [
  { name: '/embed.js', files: () => ['embed.js'], limitKb: 2 },
  { name: '/ (landing page)', route: 'src/app/routes/LandingPage.tsx', limitKb: 120 },
  // Entries of their own (widget.html, share.html): the estimator's first step without the
  // router, the other pages or MUI, which loads with the later steps.
  { name: '/widget', entry: 'widget.html', limitKb: 92 },
  { name: '/calc/:slug', entry: 'share.html', limitKb: 98 },
  { name: '/dashboard', route: 'src/app/routes/DashboardPage.tsx', limitKb: 235 },
];

function readManifest() {
  try {
    return JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    throw new Error('frontend/dist/.vite/manifest.json is missing: run `npm run build` first');
  }
}

/**
 * The files a page loads up front for `route`: the app's entry (index.html), the route's chunk
 * and their static imports; or, for a page with an entry of its own, that entry and its imports.
 */
function routeFiles(manifest, route, entry = 'index.html') {
  if (!manifest[entry]?.isEntry) throw new Error(`the manifest has no entry ${entry}`);
  if (route !== 'entry' && !manifest[route]) {
    throw new Error(`the manifest has no chunk for ${route}`);
  }
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  if (route !== 'entry') visit(route);
  return [...files].filter((file) => file.endsWith('.js'));
}

const gzipKb = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length / 1024;

export function measure() {
  const manifest = readManifest();
  return BUDGETS.map((budget) => {
    const files = budget.entry
      ? routeFiles(manifest, 'entry', budget.entry)
      : budget.route
        ? routeFiles(manifest, budget.route)
        : budget.files();
    const kb = files.reduce((sum, file) => sum + gzipKb(file), 0);
    return { name: budget.name, files: files.length, kb, limitKb: budget.limitKb };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const results = measure();
    if (process.argv.includes('--json')) {
      console.log(JSON.stringify(results));
    } else {
      for (const { name, files, kb, limitKb } of results) {
        const verdict = kb <= limitKb ? 'ok' : 'OVER BUDGET';
        console.log(
          `${name.padEnd(18)} ${kb.toFixed(1).padStart(7)} kB gzip in ${String(files).padStart(2)} files  (budget ${limitKb} kB) ${verdict}`,
        );
      }
    }
    const over = results.filter((result) => result.kb > result.limitKb);
    if (over.length) {
      console.error(`Over budget: ${over.map((result) => result.name).join(', ')}`);
      process.exit(1);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
