import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, goOffline } from './page-health';
import { reactListens as hydrated } from './test';

// The first screens of `/`, `/widget` and `/calc/:slug` are prerendered at build time
// (scripts/prerender.mjs): their HTML carries the first screen's text, the browser paints it
// before any script runs, and the page becomes interactive once its scripts arrive and hydrate it.

const DEMO_SLUG = 'sunny-roof-1042';
const DEMO_BUSINESS = 'Lone Star Roofing Co.';
const HERO = 'Instant roof-replacement estimates that turn website visitors into scored leads';
const JS_DELAY_MS = 3000;

/** Every script of the app arrives `JS_DELAY_MS` late; returns when the first was let through. */
async function delayScripts(page: Page): Promise<{ released: () => number | null }> {
  let released: number | null = null;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, JS_DELAY_MS));
    released ??= Date.now();
    await route.continue();
  });
  return { released: () => released };
}

const PAGES = [
  { path: '/', texts: [HERO, 'See plans and pricing'] },
  { path: '/widget', texts: ['Enter your zip code', 'Continue'] },
  {
    path: `/calc/${DEMO_SLUG}`,
    texts: ['Get Your Instant Roof Estimate', 'Enter your zip code', 'Continue'],
  },
] as const;

for (const { path, texts } of PAGES) {
  test(`the HTML of ${path} carries its first screen, painted without JavaScript`, async ({
    browser,
    request,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<div id="root" data-prerendered>/);
    const text = html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    for (const expected of texts) expect(text).toContain(expected);
    // Headings go down one level at a time (a screen reader's outline of the page; Lighthouse's
    // heading-order): a subtitle styled like a heading is not an h6.
    const levels = [...html.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0)
        expect(level, `heading ${index + 1} of ${levels}`).toBeLessThanOrEqual(
          levels[index - 1]! + 1,
        );
    });
    // Scripts stay external, as the CSP (script-src 'self') requires.
    for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) expect(tag).toMatch(/\bsrc="/);
    // The page's own CSS is inline: no stylesheet request holds its first paint back (a
    // stylesheet link is print-only, for the module loader to find).
    for (const tag of html.match(/<link rel="stylesheet"[^>]*>/g) ?? []) {
      expect(tag).toContain('media="print"');
    }
    // The tab's icon is a small PNG the server has: an SVG icon costs the page a document of its
    // own, parsed on the main thread while the page starts.
    const icon = /<link rel="icon"[^>]*href="([^"]+)"/.exec(html)?.[1];
    expect(icon).toBeDefined();
    const iconResponse = await request.get(icon!);
    expect(iconResponse.status()).toBe(200);
    expect(iconResponse.headers()['content-type']).toBe('image/png');
    expect((await iconResponse.body()).subarray(1, 4).toString()).toBe('PNG');

    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
      await expect(page.getByText(texts[0]).first()).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

for (const { path } of PAGES) {
  test(`${path} asks for the app's scripts only after its first paint`, async ({ page }) => {
    const errors = collectPageErrors(page);
    await goOffline(page);
    await page.goto(path);
    await expect.poll(() => hydrated(page), { timeout: 30_000 }).toBe(true);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/(?!after-paint-).*\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })),
    }));
    expect(timing.paint).not.toBeNull();
    // The app's own chunks (React, MUI, the page): none of them shares the network or the main
    // thread with the first paint.
    expect(timing.scripts.length).toBeGreaterThan(5);
    for (const script of timing.scripts) {
      expect(script.startTime, script.name).toBeGreaterThanOrEqual(timing.paint!);
    }
    expect(errors).toEqual([]);
  });
}

for (const { path } of PAGES) {
  test(`${path} paints its first screen once, when its whole markup is in`, async ({
    page,
    request,
  }) => {
    // The page's HTML arrives in two parts, the second 1.5 s after the first, as from a network
    // that stalls: the browser must not paint the first part and then lay the whole page out again
    // when the rest arrives (a long task after the first paint on a phone).
    const html = await (await request.get(path)).text();
    const start = html.indexOf('<div id="root" data-prerendered>');
    const end = html.indexOf('</body>');
    expect(start).toBeGreaterThan(0);
    const cut = Math.floor((start + end) / 2);
    const server = createServer((incoming, response) => {
      if (incoming.url !== '/page') {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.write(html.slice(0, cut));
      setTimeout(() => response.end(html.slice(cut)), 1500);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await page.addInitScript(() => {
        new PerformanceObserver((list, observer) => {
          if (!list.getEntriesByName('first-contentful-paint').length) return;
          observer.disconnect();
          (window as unknown as { markupAtPaint: number }).markupAtPaint =
            document.getElementById('root')?.innerHTML.length ?? 0;
        }).observe({ type: 'paint', buffered: true });
      });
      const { port } = server.address() as AddressInfo;
      await page.goto(`http://127.0.0.1:${port}/page`);
      await page.waitForFunction(() => 'markupAtPaint' in window, null, { timeout: 30_000 });
      const markup = await page.evaluate(() => ({
        atPaint: (window as unknown as { markupAtPaint: number }).markupAtPaint,
        whole: document.getElementById('root')!.innerHTML.length,
      }));
      expect(markup.whole).toBeGreaterThan(1000);
      expect(markup.atPaint).toBe(markup.whole);
    } finally {
      server.close();
    }
  });
}

for (const { path } of PAGES) {
  test(`${path} keeps its prerendered styles in their order when the app loads`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await goOffline(page);
    // The head's style elements as the HTML has them, before any of the app's scripts runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { prerenderedStyles: Element[] }).prerenderedStyles = [
          ...document.head.querySelectorAll('style'),
        ];
      });
    });
    await page.goto(path);
    await expect.poll(() => hydrated(page), { timeout: 30_000 }).toBe(true);
    const order = await page.evaluate(() => {
      const before = (window as unknown as { prerenderedStyles: Element[] }).prerenderedStyles;
      const label = (style: Element) =>
        style.getAttribute('data-href') ?? style.getAttribute('data-emotion')?.split(' ')[0];
      const after = [...document.head.querySelectorAll('style')].filter((style) =>
        before.includes(style),
      );
      return { before: before.map(label), after: after.map(label) };
    });
    // Emotion's rules stay after the page's stylesheets: a moved stylesheet changes which rule
    // wins and makes the browser restyle the whole page while the app loads.
    expect(order.before.length).toBeGreaterThan(0);
    expect(order.after).toEqual(order.before);
    expect(errors).toEqual([]);
  });
}

for (const path of ['/', `/calc/${DEMO_SLUG}`]) {
  test(`${path} on a phone shows its scroll bar from the reader's first scroll`, async ({
    browser,
  }) => {
    // A touch screen's scroll bar is an overlay the browser flashes whenever the page's length
    // changes: hidden while the page loads (no frames drawn for it then), there once the reader
    // scrolls. A mouse's scroll bar takes room on the page, so it is there from the start.
    const scrollbar = (page: Page) =>
      page.evaluate(() => getComputedStyle(document.documentElement).scrollbarWidth);
    const phone = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      await goOffline(page);
      await page.goto(path);
      await expect.poll(() => hydrated(page), { timeout: 30_000 }).toBe(true);
      expect(await scrollbar(page)).toBe('none');
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(
        823 * 2,
      );
      await page.mouse.wheel(0, 600);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await expect.poll(() => scrollbar(page)).toBe('auto');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }

    const desktop = await browser.newContext();
    try {
      const page = await desktop.newPage();
      await page.goto(path);
      expect(await scrollbar(page)).toBe('auto');
    } finally {
      await desktop.close();
    }
  });
}

test('/ with its scripts 3 s late: the hero shows first, then sign-in works', async ({ page }) => {
  const errors = collectPageErrors(page);
  await goOffline(page);
  const scripts = await delayScripts(page);
  await page.goto('/', { waitUntil: 'commit' });

  const hero = page.getByRole('heading', { level: 1, name: HERO });
  await expect(hero).toBeVisible();
  expect(scripts.released()).toBeNull();
  expect(await hydrated(page)).toBe(false);
  // The landing page's own stylesheet is in the HTML: what paints before any script is laid out
  // as it will be after hydration, so nothing moves when the scripts arrive.
  const layout = () =>
    page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      sections: [...document.querySelectorAll('main section')].map(
        (section) => section.getBoundingClientRect().top + window.scrollY,
      ),
    }));
  const painted = await layout();
  expect(painted.sections.length).toBeGreaterThan(5);

  // The account buttons show once the app has checked the session.
  const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign In' });
  await expect(signIn).toBeVisible({ timeout: 30_000 });
  expect(await hydrated(page)).toBe(true);
  expect(await layout()).toEqual(painted);
  await signIn.click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');

  // A section below the fold hydrates as it nears the screen: its plan button works.
  const pricing = page.getByRole('region', { name: 'Simple month-to-month pricing' });
  await pricing.getByRole('button', { name: 'Choose Smart Estimator' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign Up' })).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('/ read before its scripts arrive: the reader keeps their place when the app starts', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await goOffline(page);
  await delayScripts(page);
  await page.goto('/', { waitUntil: 'commit' });

  const pricing = page.getByRole('region', { name: 'Simple month-to-month pricing' });
  await pricing.scrollIntoViewIfNeeded();
  expect(await hydrated(page)).toBe(false);
  const place = await page.evaluate(() => window.scrollY);
  expect(place).toBeGreaterThan(1000);

  // The account buttons show once the app has hydrated the page and checked the session.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible({
    timeout: 30_000,
  });
  expect(await hydrated(page)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(place);
  expect(errors).toEqual([]);
});

for (const path of ['/widget', `/calc/${DEMO_SLUG}`]) {
  test(`${path} with its scripts 3 s late: the zip code step shows first, then works`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await goOffline(page);
    const scripts = await delayScripts(page);
    await page.goto(path, { waitUntil: 'commit' });

    const widget = page.getByRole('region', { name: 'Roof replacement estimate' });
    await expect(widget.getByRole('heading', { name: 'Enter your zip code' })).toBeVisible();
    expect(scripts.released()).toBeNull();
    expect(await hydrated(page)).toBe(false);

    await expect.poll(() => hydrated(page), { timeout: 30_000 }).toBe(true);
    await widget.getByRole('textbox', { name: 'Zip Code' }).fill('78701');
    await widget.getByRole('button', { name: 'Continue' }).click();
    await expect(widget.getByRole('heading', { name: 'Find your home' })).toBeVisible({
      timeout: 30_000,
    });
    if (path !== '/widget') {
      await expect(page.getByRole('banner')).toContainText(DEMO_BUSINESS);
    }
    expect(errors).toEqual([]);
  });
}

for (const path of ['/widget', `/calc/${DEMO_SLUG}`]) {
  test(`${path} hydrates without MUI, which loads once the zip code is typed`, async ({ page }) => {
    const errors = collectPageErrors(page);
    await goOffline(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const muiRequested = () => requested.some((file) => /\/assets\/mui-core-[^/]*\.js$/.test(file));
    await page.goto(path);
    await expect.poll(() => hydrated(page), { timeout: 30_000 }).toBe(true);
    const widget = page.getByRole('region', { name: 'Roof replacement estimate' });
    await widget.getByRole('textbox', { name: 'Zip Code' }).fill('7870');
    if (path !== '/widget') {
      await expect(page.getByRole('banner')).toContainText(DEMO_BUSINESS);
    }
    // Hydrated, the contractor's page shown, a field typed in: still no MUI.
    expect(muiRequested()).toBe(false);

    await widget.getByRole('textbox', { name: 'Zip Code' }).pressSequentially('1');
    await expect.poll(muiRequested, { timeout: 30_000 }).toBe(true);
    await widget.getByRole('button', { name: 'Continue' }).click();
    await expect(widget.getByRole('heading', { name: 'Find your home' })).toBeVisible({
      timeout: 30_000,
    });
    expect(errors).toEqual([]);
  });
}

test('/widget paints its plain first step and its MUI later steps in the brand colour', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await goOffline(page);
  // A light yellow: white text on it is unreadable, so buttons take its darker shade
  // (rgb(137, 112, 11), 4.5:1 with white) while the progress bar keeps the colour itself.
  const yellow = 'rgb(250, 204, 21)';
  const readable = 'rgb(137, 112, 11)';
  await page.goto('/widget?color=%23facc15');
  await expect.poll(() => hydrated(page), { timeout: 30_000 }).toBe(true);
  const widget = page.getByRole('region', { name: 'Roof replacement estimate' });
  const next = widget.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await expect(widget.getByTestId('estimator-progress-fill')).toHaveCSS('background-color', yellow);
  await widget.getByRole('textbox', { name: 'Zip Code' }).fill('78701');
  await expect(next).toHaveCSS('background-color', readable);
  await next.click();
  await expect(widget.getByRole('heading', { name: 'Find your home' })).toBeVisible({
    timeout: 30_000,
  });
  // The later steps' MUI components, themed with the same shades: the plain Back button and
  // MUI's outlined Search button.
  await expect(widget.getByRole('button', { name: 'Back' })).toHaveCSS('color', readable);
  await widget.getByRole('combobox', { name: 'Property address' }).fill('500 Congress Ave');
  await expect(widget.getByRole('button', { name: 'Search' })).toHaveCSS('color', readable);
  await expect(widget.getByTestId('estimator-progress-fill')).toHaveCSS('background-color', yellow);
  expect(errors).toEqual([]);
});

test('a zip code typed before the scripts arrive is kept, and Continue takes it', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await goOffline(page);
  const scripts = await delayScripts(page);
  await page.goto('/widget', { waitUntil: 'commit' });
  const widget = page.getByRole('region', { name: 'Roof replacement estimate' });
  const zip = widget.getByRole('textbox', { name: 'Zip Code' });
  // A homeowner on a slow phone types into the painted field while the app still loads.
  await zip.pressSequentially('78701');
  expect(scripts.released()).toBeNull();
  expect(await hydrated(page)).toBe(false);

  await expect.poll(() => hydrated(page), { timeout: 30_000 }).toBe(true);
  await expect(zip).toHaveValue('78701');
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(widget.getByRole('heading', { name: 'Find your home' })).toBeVisible({
    timeout: 30_000,
  });
  expect(errors).toEqual([]);
});

test('the share page keeps its layout when the contractor arrives', async ({ page }) => {
  // A phone's screen, as Lighthouse's: the "Why Choose" heading sits at its fold.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { layoutShifts: string[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        sources: { node: Node | null }[];
      }[]) {
        const moved = entry.sources.map((source) => source.node?.textContent?.slice(0, 40));
        shifts.push(`${entry.value.toFixed(4)}: ${moved.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await goOffline(page);
  // The link's answer held back, so the prerendered shell can be measured before it.
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/get-shareable-link*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/calc/${DEMO_SLUG}`);
  const widget = page.getByRole('region', { name: 'Roof replacement estimate' });
  await expect(widget.getByRole('heading', { name: 'Enter your zip code' })).toBeVisible();
  await expect.poll(() => hydrated(page)).toBe(true);
  const before = await widget.boundingBox();

  answer();
  await expect(page.getByRole('banner')).toContainText(DEMO_BUSINESS);
  await expect(page.getByRole('heading', { name: `Why Choose ${DEMO_BUSINESS}` })).toBeVisible();
  expect(await widget.boundingBox()).toEqual(before);
  // Nothing on the screen moved (the Layout Instability API's entries, with what each moved).
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
  );
  expect(
    await page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts),
  ).toEqual([]);
});
