#!/usr/bin/env node
/**
 * Writes the first screen of `/`, `/widget` and `/calc/:slug` into their HTML at build time, from
 * the app's own components rendered by React's server renderer (frontend/src/prerender.tsx,
 * built by `vite build -c vite.prerender.config.ts` into frontend/dist-prerender/):
 *
 *   dist/home.html   `/`            from index.html
 *   dist/share.html  `/calc/:slug`  in place, the contractor's data loading after paint
 *   dist/widget.html `/widget`      in place
 *
 * index.html itself stays empty: the other pages (dashboard, terms…) render in the browser. Each
 * written page has its markup in `<div id="root" data-prerendered>`, which the browser hydrates
 * (frontend/src/lib/render-root.tsx), and the emotion rules it uses in one `<style>` in the head.
 * Scripts stay external, as the CSP requires (script-src 'self'), and start loading only after
 * the first paint (`loadAfterPaint`).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const FRONTEND = join(dirname(fileURLToPath(import.meta.url)), '..', 'frontend');
const DIST = resolve(process.argv[2] ?? join(FRONTEND, 'dist'));
const SERVER_RENDER = join(FRONTEND, 'dist-prerender', 'prerender.js');
const ROOT = '<div id="root"></div>';

/**
 * `routes`: the lazily loaded page modules the first screen is made of (keys of Vite's
 * manifest). Their CSS goes inline in the head, so the prerendered markup paints styled, with
 * no request in the way and no shift when the module's own stylesheet arrives; their scripts are
 * loaded beside the entry's (`loadAfterPaint`), so hydration does not wait for the entry to ask
 * for them.
 */
const PAGES = [
  {
    render: 'home',
    template: 'index.html',
    output: 'home.html',
    routes: ['src/app/routes/LandingPage.tsx'],
  },
  { render: 'share', template: 'share.html', output: 'share.html', routes: [] },
  { render: 'widget', template: 'widget.html', output: 'widget.html', routes: [] },
];

/** The scripts and stylesheets `keys` load, with their static imports, from Vite's manifest. */
export function routeAssets(manifest, keys) {
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * `html` with the stylesheets' rules inline at the end of the head. Applied to the template
 * before the emotion rules go in (fill), so those stay the head's last stylesheet: when the app
 * loads, emotion's cache appends that element to the head again, and in the same place the page's
 * rules keep their order and the browser need not restyle the page. Each inlined stylesheet also
 * gets a `<link media="print">` of its address: Vite's loader, importing the page's module, adds a
 * stylesheet link for its CSS and waits for it to load unless one with that address is already
 * in the document. A print-only stylesheet neither blocks rendering nor applies on screen, and
 * the browser fetches it last, so hydration waits for no second copy of rules already in place.
 * (A `disabled` link is fetched all the same, at the highest priority, before the first paint.)
 */
export function withRouteStyles(html, styles, readAsset) {
  const css = styles.map((file) => inlineStylesheet(file, readAsset)).join('');
  return html.replace('</head>', `${css}</head>`);
}

function inlineStylesheet(file, readAsset) {
  return (
    `<style data-href="/${file}">${readAsset(file).replaceAll('</style', '<\\/style')}</style>` +
    `<link rel="stylesheet" href="/${file}" media="print">`
  );
}

const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/g;

/** The stylesheets Vite links in `template` (the entry's CSS and its chunks'). */
export function entryStylesheets(template) {
  return [...template.matchAll(ENTRY_STYLESHEET)].map((match) => match[1]);
}

/**
 * `html` with the entry's stylesheets (those Vite links in the template: on /widget, the
 * estimator's first step and the page's baseline) inline where their links were, each with a
 * print-only link of its address as withRouteStyles gives the routes': a render-blocking request
 * less before the first paint.
 */
export function withEntryStyles(html, readAsset) {
  return html.replace(ENTRY_STYLESHEET, (_link, file) => inlineStylesheet(file, readAsset));
}

/** The element right after a prerendered page's markup, which its first paint waits for. */
const PAINT_AFTER = 'prerendered-end';

/**
 * `template` with `page`'s markup in #root and its styles at the end of the head. The first paint
 * waits until the markup has been parsed to its end (`<link rel="expect" blocking="render">`):
 * a browser otherwise paints the part it has parsed first, then lays the whole page out again
 * for each part parsed after it, and each such layout of the landing page is a long task after
 * the first paint on a phone (docs/decisions/0026). The markup arrives in one round trip (the
 * landing page is 10 kB with Brotli), so the paint waits for the parser, not for the network.
 */
export function fill(template, page, name) {
  if (!template.includes(ROOT)) throw new Error(`${name} has no empty ${ROOT}`);
  if (/<script\b(?![^>]*\bsrc=)/i.test(page.html)) {
    throw new Error(`${name}: the prerendered markup has an inline script, which the CSP blocks`);
  }
  return template
    .replace(
      '</head>',
      `<link rel="expect" href="#${PAINT_AFTER}" blocking="render" />${page.styles}</head>`,
    )
    .replace(
      ROOT,
      `<div id="root" data-prerendered>${page.html}</div><template id="${PAINT_AFTER}"></template>`,
    );
}

const MODULE_SCRIPT = /<script type="module" crossorigin src="(\/[^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/[^"]+)">/g;
const HTML_TAG = /<html\b/;
/**
 * On the html element of a page this loader starts: its scroll bar, on a touch screen, waits for
 * the reader's first scroll (page-baseline.css says why), which the loader's script listens for.
 */
const SCROLLBAR_ATTRIBUTE = 'data-scrollbar';

/**
 * The loader a prerendered page runs instead of its module script: it adds the page's scripts
 * once the first screen has been painted (the first-contentful-paint entry), and at once when the
 * page is hidden (nothing will paint) or the visitor touches a key or the screen first; after
 * `fallbackMs` whatever happens (a frame offscreen paints only when scrolled to, and a busy phone
 * may take more than a second to paint). So on a phone's network the
 * page's scripts do not share the bandwidth, or the main thread, with the first paint: the
 * content shows, then the app loads and hydrates it. A classic `defer` script: the browser
 * fetches it at low priority and runs it once the HTML is parsed.
 *
 * Each chunk the entry needs (`chunks`, dependencies first, as Vite lists its modulepreloads) is a
 * module script of its own, then the entry: a browser evaluates a module graph in one task, and
 * the first screens' graph took about 30 ms of a fast machine's main thread in one piece (200 ms
 * on a slow phone); chunk by chunk it is a task per chunk, and taps are answered between them.
 * The scripts go into the head one a task (a MessageChannel message between them, which no
 * timer clamping delays), dependencies first.
 */
export function afterPaintLoader(entry, chunks, fallbackMs = 3000) {
  return `(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // One script a task: inserting a module script costs the browser a millisecond or two of
    // the main thread, twenty of them at once a long task of their own on a phone.
    const sources = ${JSON.stringify([...chunks, entry])};
    const tasks = new MessageChannel();
    let next = 0;
    const insert = () => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      // In order, each in a task of its own: a script whose graph holds a chunk not yet run
      // would otherwise run that chunk too, in the same task.
      script.async = false;
      script.src = sources[next];
      document.head.appendChild(script);
      if (++next < sources.length) tasks.port2.postMessage(null);
    };
    tasks.port1.onmessage = insert;
    insert();
  };
  // A touch screen's scroll bar, hidden until now (page-baseline.css), comes with the reader's
  // first scroll.
  addEventListener(
    'scroll',
    () => document.documentElement.removeAttribute('${SCROLLBAR_ATTRIBUTE}'),
    { once: true, passive: true },
  );
  if (document.visibilityState === 'hidden') return start();
  for (const type of ['pointerdown', 'keydown', 'touchstart', 'focusin']) {
    addEventListener(type, start, { capture: true, once: true, passive: true });
  }
  setTimeout(start, ${fallbackMs});
  const painted = () => setTimeout(start, 0);
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      painted();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => requestAnimationFrame(painted));
  }
})();
`;
}

/**
 * `html` with its module script and modulepreloads replaced by one `<script defer>` of the
 * loader above, which loads the entry, the chunks Vite preloaded for it and the page's own
 * `routeScripts` (files under dist/). `writeAsset(file, code)` writes the loader under assets/
 * with a hash of its content in the name (cached for a year, as the build's own assets). The
 * html element gets `data-scrollbar="on-scroll"`, which the loader removes at the first scroll.
 */
export function loadAfterPaint(html, name, routeScripts, writeAsset) {
  const entry = html.match(MODULE_SCRIPT);
  if (!entry) throw new Error(`${name} has no module script to load after paint`);
  const chunks = new Set([...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]));
  for (const file of routeScripts) chunks.add(`/${file}`);
  chunks.delete(entry[1]);
  const code = afterPaintLoader(entry[1], [...chunks]);
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  const file = `assets/after-paint-${hash}.js`;
  writeAsset(file, code);
  if (!HTML_TAG.test(html)) throw new Error(`${name} has no <html> tag`);
  return html
    .replace(HTML_TAG, `$& ${SCROLLBAR_ATTRIBUTE}="on-scroll"`)
    .replace(MODULE_PRELOAD, '')
    .replace(entry[0], `<script defer src="/${file}"></script>`);
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
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));
  const readAsset = (file) => readFileSync(join(DIST, file), 'utf8');
  for (const { render, template, output, routes } of PAGES) {
    const page = await renderers[render]();
    const { scripts, styles } = routeAssets(manifest, routes);
    const entryStyles = entryStylesheets(templates.get(template));
    const html = loadAfterPaint(
      fill(
        withRouteStyles(
          withEntryStyles(templates.get(template), readAsset),
          styles.filter((file) => !entryStyles.includes(file)),
          readAsset,
        ),
        page,
        output,
      ),
      output,
      scripts,
      (file, code) => writeFileSync(join(DIST, file), code),
    );
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
