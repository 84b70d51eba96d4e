#!/usr/bin/env node
/**
 * Writes the first screen of `/`, `/widget` and `/calc/:slug` into their HTML at build time, from
 * the app's own components rendered by React's server renderer (frontend/src/prerender.tsx,
 * built by `vite build -c vite.prerender.config.ts` into frontend/dist-prerender/):
 *
 *   dist/home.html   `/`            from index.html
 *   dist/share.html  `/calc/:slug`  from index.html, the contractor's data loading after paint
 *   dist/widget.html `/widget`      in place
 *
 * index.html itself stays empty: the other pages (dashboard, terms…) render in the browser. Each
 * written page has its markup in `<div id="root" data-prerendered>`, which the browser hydrates
 * (frontend/src/lib/render-root.tsx), and the emotion rules it uses in one `<style>` in the head.
 * Scripts stay external, as the CSP requires (script-src 'self').
 *
 *   node scripts/prerender.mjs [frontend/dist]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const FRONTEND = join(dirname(fileURLToPath(import.meta.url)), '..', 'frontend');
const DIST = resolve(process.argv[2] ?? join(FRONTEND, 'dist'));
const SERVER_RENDER = join(FRONTEND, 'dist-prerender', 'prerender.js');
const ROOT = '<div id="root"></div>';

const PAGES = [
  { render: 'home', template: 'index.html', output: 'home.html' },
  { render: 'share', template: 'index.html', output: 'share.html' },
  { render: 'widget', template: 'widget.html', output: 'widget.html' },
];

/** `template` with `page`'s markup in #root and its styles at the end of the head. */
export function fill(template, page, name) {
  if (!template.includes(ROOT)) throw new Error(`${name} has no empty ${ROOT}`);
  if (/<script\b(?![^>]*\bsrc=)/i.test(page.html)) {
    throw new Error(`${name}: the prerendered markup has an inline script, which the CSP blocks`);
  }
  return template
    .replace('</head>', `${page.styles}</head>`)
    .replace(ROOT, `<div id="root" data-prerendered>${page.html}</div>`);
}

async function main() {
  // React's production build, as in the browser.
  process.env.NODE_ENV ??= 'production';
  const { PAGES: renderers } = await import(pathToFileURL(SERVER_RENDER).href);
  const templates = new Map();
  for (const { template } of PAGES) {
    if (!templates.has(template)) {
      templates.set(template, readFileSync(join(DIST, template), 'utf8'));
    }
  }
  for (const { render, template, output } of PAGES) {
    const page = await renderers[render]();
    const html = fill(templates.get(template), page, output);
    writeFileSync(join(DIST, output), html);
    console.warn(
      `prerendered ${output}: ${(page.html.length / 1024).toFixed(1)} kB markup, ` +
        `${(page.styles.length / 1024).toFixed(1)} kB styles`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
