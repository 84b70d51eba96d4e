import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { leadInput } from './factories/lead-payload.factory';
import { createTestApp, type TestApp } from './utils/create-app';
import { formToken } from './utils/form-token';
import { PUBLIC_WIDGET_ENDPOINTS } from '../src/core/http/security';

function builtFrontend(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rafter-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Rafter</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(dir, 'widget.html'),
    '<!doctype html><html><head><title>Estimate</title></head><body><div id="root"></div><script type="module" src="/assets/widget-1.js"></script></body></html>',
  );
  // The first screens the build prerendered (scripts/prerender.mjs).
  writeFileSync(
    join(dir, 'home.html'),
    '<!doctype html><html><head><title>Rafter</title><script type="module" src="/assets/app-1234.js"></script></head><body><div id="root" data-prerendered><h1>Instant roof estimates</h1></div></body></html>',
  );
  writeFileSync(
    join(dir, 'share.html'),
    '<!doctype html><html><head><title>Rafter</title><link rel="modulepreload" crossorigin href="/assets/SharePage-42.js" fetchpriority="low"></head><body><div id="root" data-prerendered><h1>Get Your Instant Roof Estimate</h1></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(dir, 'assets', 'app-1234.js.gz'), gzipSync('console.log(1)'));
  return dir;
}

describe('HTTP skeleton', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = builtFrontend();
    t = await createTestApp({ FRONTEND_DIST: dist });
  });

  afterAll(async () => {
    await t.close();
  });

  const inject = (options: Parameters<TestApp['app']['inject']>[0]) => t.app.inject(options);

  it('reports the database and Redis as up', async () => {
    const response = await inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { status: 'up' },
      redis: { status: 'up' },
    });
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('keeps a sane caller request id and replaces a hostile one', async () => {
    const kept = await inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await inject({ url: '/api/health', headers: { 'x-request-id': 'a b\nc' } });
    expect(replaced.headers['x-request-id']).not.toBe('a b\nc');
  });

  it('answers malformed JSON with 400 and a JSON error', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().error).toMatch(/not valid JSON/i);
  });

  it('answers an oversized body with 413', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: expect.stringMatching(/too large/i) });
  });

  it.each(['GET', 'POST', 'DELETE'] as const)(
    'answers an unknown %s /api path 404 in JSON',
    async (method) => {
      const response = await inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: `Not found: ${method} /api/no-such-thing` });
    },
  );

  it('serves the OpenAPI document and Swagger UI', async () => {
    const document = await inject({ url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    expect(document.json().paths['/api/health']).toBeDefined();
    const ui = await inject({ url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toMatch(/swagger/i);
  });

  it('sends nosniff and a CSP without inline scripts; app pages cannot be framed', async () => {
    const response = await inject({ url: '/dashboard' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/frame-ancestors 'self'/);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it.each(['/widget', '/widget?ownerId=1', '/calc/quick-roof-1234'])(
    'lets any site frame the embeddable page %s',
    async (url) => {
      const response = await inject({ url });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['content-security-policy'])).toMatch(/frame-ancestors \*/);
      expect(response.headers['x-frame-options']).toBeUndefined();
    },
  );

  it('serves the app for page routes and a 404 page for unknown paths', async () => {
    const home = await inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root"');
    const page = await inject({ url: '/terms' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    expect(page.body).not.toContain('widget-1.js');
    const missing = await inject({ url: '/no/such/page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/html/);
  });

  it.each(['/widget', '/widget?ownerId=1&color=%2316a34a'])(
    'answers %s with the estimator page of its own, not the whole app',
    async (url) => {
      const widget = await inject({ url });
      expect(widget.statusCode).toBe(200);
      expect(widget.headers['content-type']).toMatch(/text\/html/);
      expect(widget.body).toContain('<script type="module" src="/assets/widget-1.js">');
      expect(widget.body).not.toContain('app-1234.js');
    },
  );

  it('answers / and /calc/:slug with their prerendered first screens, other pages with the app', async () => {
    expect((await inject({ url: '/' })).body).toContain(
      '<div id="root" data-prerendered><h1>Instant roof estimates</h1>',
    );
    for (const url of ['/calc/sunny-roof-1042', '/calc/another-slug?utm=1']) {
      const share = await inject({ url });
      expect(share.statusCode).toBe(200);
      expect(share.body).toContain('<h1>Get Your Instant Roof Estimate</h1>');
      expect(share.body).not.toContain('Instant roof estimates');
    }
    for (const url of ['/terms', '/dashboard', '/calc/a/b', '/no/such/page']) {
      const body = (await inject({ url })).body;
      expect({ url, prerendered: body.includes('data-prerendered') }).toEqual({
        url,
        prerendered: false,
      });
    }
  });

  it.each(['/', '/calc/sunny-roof-1042', '/widget', '/terms'])(
    'sends the HTML of %s compressed to a client that accepts it',
    async (url) => {
      const plain = await inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      const br = await inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
      const gzip = await inject({ url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    },
  );

  it('serves the prerendered pages as the build wrote them, links included', async () => {
    // The build decides what they preload and at what priority (scripts/prerender.mjs): the
    // server adds no stylesheet that would hold their first paint back.
    expect((await inject({ url: '/' })).body).toBe(readFileSync(join(dist, 'home.html'), 'utf8'));
    expect((await inject({ url: '/calc/sunny-roof-1042' })).body).toBe(
      readFileSync(join(dist, 'share.html'), 'utf8'),
    );
    expect((await inject({ url: '/widget' })).body).toBe(
      readFileSync(join(dist, 'widget.html'), 'utf8'),
    );
  });

  it('caches hashed assets for a year', async () => {
    const response = await inject({ url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/immutable/);
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('serves the precompressed asset to a browser accepting %s', async (accepts, encoding) => {
    const response = await inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': accepts },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    const body = response.rawPayload;
    expect(String(encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body))).toBe(
      'console.log(1)',
    );
  });

  it('serves the plain asset to a client that accepts no compression', async () => {
    const response = await inject({ url: '/assets/app-1234.js' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log(1)');
  });

  it('opens CORS only on the public widget endpoints', async () => {
    const preflight = (url: string) =>
      inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://roofer.example', 'access-control-request-method': 'POST' },
      });
    expect((await preflight('/api/capture-lead')).headers['access-control-allow-origin']).toBe('*');
    expect((await preflight('/api/health')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it("answers a widget endpoint's preflight with its policy, and its requests from any site", async () => {
    const origin = 'https://roofer.example';
    for (const url of PUBLIC_WIDGET_ENDPOINTS) {
      const preflight = await inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers).toMatchObject({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '600',
      });
    }
    // The request itself, with a query string, and whatever it answers.
    const pricing = await inject({
      url: '/api/get-material-pricing?ownerId=nobody',
      headers: { origin },
    });
    expect(pricing.headers['access-control-allow-origin']).toBe('*');
    const signIn = await inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin },
      payload: { email: 'someone@example.com', password: 'not-the-password' },
    });
    expect(signIn.headers['access-control-allow-origin']).toBeUndefined();
    const preflightElsewhere = await inject({
      method: 'OPTIONS',
      url: '/api/auth/sign-in',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflightElsewhere.statusCode).toBe(404);
    expect(preflightElsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('health with Redis down', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers 503 naming Redis as down, and nothing about why', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'degraded',
      database: { status: 'up' },
      redis: { status: 'down' },
    });
  });

  it('stays live, so balancers keep the api (which still saves leads) in rotation', async () => {
    const response = await t.app.inject({ url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

/** A valid quote request for an unknown contractor: it needs the database to be answered. */
function requestQuote(t: TestApp) {
  return t.app.inject({
    method: 'POST',
    url: '/api/capture-lead',
    payload: {
      ownerId: '00000000-0000-4000-8000-000000000000',
      lead: leadInput(),
      website: '',
      formToken: formToken(t.app, '00000000-0000-4000-8000-000000000000'),
    },
  });
}

describe('with PostgreSQL unreachable', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Prisma's pool points at a port nobody listens on.
    t = await createTestApp({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/rafter_test' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers a quote request 503 with Retry-After, not 500', async () => {
    const response = await requestQuote(t);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({
      error: 'The service is briefly unavailable. Please try again in a moment.',
      code: 'database_unavailable',
    });
  });

  it("answers /api/health with each dependency's status only, never the driver's words", async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'degraded',
      database: { status: 'down' },
      redis: { status: 'up' },
    });
    // What the driver says names the database server to anyone who asks.
    for (const detail of ['127.0.0.1', 'ECONNREFUSED', 'rafter_test', 'postgres', 'error']) {
      expect(response.body).not.toContain(detail);
    }
  });
});

/**
 * A hung database host: the TCP handshake completes, the startup reply never comes. The api
 * started against it (`env` added to its configuration) and closed after the tests.
 */
function appOnSilentPostgres(env: Record<string, string> = {}) {
  const sockets = new Set<Socket>();
  const silent: Server = createServer((socket) => sockets.add(socket));
  const state = { t: undefined as unknown as TestApp };
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    state.t = await createTestApp({
      DATABASE_URL: `postgresql://postgres@127.0.0.1:${port}/rafter_test`,
      ...env,
    });
  });
  afterAll(async () => {
    await state.t.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
  return state;
}

describe('with PostgreSQL accepting connections but never answering', () => {
  const app = appOnSilentPostgres();

  it('gives up connecting and answers a quote request 503 instead of holding it', async () => {
    const response = await requestQuote(app.t);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'database_unavailable' });
  });
});

describe('with PostgreSQL going unanswered while a homeowner retries', () => {
  const app = appOnSilentPostgres({
    // Two quote requests a visitor; the third would be refused 429.
    RATE_LIMIT_CAPTURE_PER_IP: '2',
    RATE_LIMIT_CAPTURE_PER_OWNER: '0',
    FORM_BURST_PER_MINUTE: '0',
  });

  it('answers the retries 503 without spending the visitor’s allowance while no connection could serve them', async () => {
    // The first request finds PostgreSQL silent (about a second); the second starts the pool's
    // next attempt, which stays unanswered for a second more.
    for (const attempt of [1, 2]) {
      const response = await requestQuote(app.t);
      expect({ attempt, status: response.statusCode }).toEqual({ attempt, status: 503 });
    }
    // Retries meanwhile could only be answered 503: they are, at once, before the visitor's
    // limit counts them (before, the third was refused 429 as one request too many).
    for (const attempt of [3, 4, 5]) {
      const response = await requestQuote(app.t);
      expect({ attempt, status: response.statusCode, body: response.json() }).toEqual({
        attempt,
        status: 503,
        body: expect.objectContaining({ code: 'database_unavailable' }),
      });
    }
  });
});
