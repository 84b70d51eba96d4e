import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { APP_ROUTES, isEmbeddableRoute } from '@rafter/domain/routes';
import { createTestApp, type TestApp } from './utils/create-app';

/**
 * The browser-side defences on every page route of the app (not only the dashboard): a CSP whose
 * scripts come only from our origin, pages other sites cannot frame except the embeddable widget
 * and share pages, and in production HTTPS enforced by the browser.
 */

function builtFrontend(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rafter-dist-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Rafter</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/** Every page route with its parameters filled in, as a browser would ask for it. */
const PAGES = Object.values(APP_ROUTES).map((route) => route.replace(/:[a-zA-Z]+/g, 'sunny-roofs'));
const APP_PAGES = PAGES.filter((page) => !isEmbeddableRoute(page));
const EMBEDDABLE_PAGES = PAGES.filter((page) => isEmbeddableRoute(page));

function directives(csp: unknown): Map<string, string[]> {
  expect(typeof csp).toBe('string');
  return new Map(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers on every page', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ FRONTEND_DIST: builtFrontend() });
  });

  afterAll(async () => {
    await t.close();
  });

  it('knows both kinds of page', () => {
    expect(APP_PAGES).toEqual(expect.arrayContaining(['/', '/dashboard', '/reset-password']));
    expect(EMBEDDABLE_PAGES).toEqual(['/widget', '/calc/sunny-roofs']);
  });

  it.each(PAGES)('%s runs only scripts from its own origin, never inline or eval', async (page) => {
    const response = await t.app.inject({ url: page });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.has('script-src-elem')).toBe(false);
    expect(csp.has('script-src-attr')).toBe(false);
  });

  it.each(APP_PAGES)('%s cannot be framed by another site', async (page) => {
    const response = await t.app.inject({ url: page });
    expect(directives(response.headers['content-security-policy']).get('frame-ancestors')).toEqual([
      "'self'",
    ]);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it.each(APP_PAGES.filter((page) => page !== APP_ROUTES.home))(
    '%s keeps its own browsing context group, out of reach of a window that opened it',
    async (page) => {
      const response = await t.app.inject({ url: page });
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    },
  );

  it.each(['/', '/?auth=signin', '/?plan=pro#pricing'])(
    'serves the landing page %s without the opener policy (it leaves for the app with a new document)',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    },
  );

  it.each(EMBEDDABLE_PAGES)('%s may be framed by any site', async (page) => {
    const response = await t.app.inject({ url: page });
    expect(directives(response.headers['content-security-policy']).get('frame-ancestors')).toEqual([
      '*',
    ]);
    expect(response.headers['x-frame-options']).toBeUndefined();
    // A frame ignores the opener policy; opened at the top, the policy would start the page in
    // a fresh renderer process, a cold start a phone pays before the first step is usable.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('keeps the frame ban and the opener policy on look-alike paths', async () => {
    // /widget/x and /calc/a/b are answered with the whole app (its not-found page links on to
    // the dashboard), so a frame there would put the app inside another site.
    for (const url of [
      '/widgetx',
      '/widget/',
      '/widget/x',
      '/widget.html',
      '/calc',
      '/calc/',
      '/calc/sunny-roofs/',
      '/calc/a/b',
      '/calc/x%2F..%2F..%2Fdashboard',
      '/dashboard?next=/widget',
      '/api/health',
      // Nor does anything that merely starts like the landing page lose the opener policy.
      '//',
      '/index.html',
    ]) {
      const response = await t.app.inject({ url });
      const csp = directives(response.headers['content-security-policy']);
      expect({
        url,
        frameAncestors: csp.get('frame-ancestors'),
        openerPolicy: response.headers['cross-origin-opener-policy'],
      }).toEqual({
        url,
        frameAncestors: ["'self'"],
        openerPolicy: 'same-origin',
      });
    }
  });

  it.each(['index.html', 'widget.html', 'share.html'])(
    'has no inline script in the page %s, which the CSP would block',
    (page) => {
      const html = readFileSync(resolve(__dirname, '../../frontend', page), 'utf8');
      const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toMatch(/\bsrc="[^"]+"/);
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    },
  );
});

describe('security headers in production', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
      FRONTEND_DIST: builtFrontend(),
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it.each(['/dashboard', '/widget'])('%s tells browsers to use HTTPS only', async (page) => {
    const response = await t.app.inject({ url: page });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});
