import { Logger } from '@nestjs/common';
import { DAILY_CAP_REACHED } from '../src/core/rate-limit/paid-call-budget.service';
import { type FakeRetell, startFakeRetell } from '../src/dev/retell/fake-retell.server';
import { createTestApp, type TestApp } from './utils/create-app';

const TOO_MANY = {
  error: 'Too many requests. Please try again in a few minutes.',
  code: 'rate_limited',
};
const PROVIDER_FAILED = {
  success: false,
  error: 'The voice service could not start a call. Please try again in a moment.',
  code: 'provider_failed',
};

type Inject = TestApp['app']['inject'];
type InjectOptions = Exclude<Parameters<Inject>[0], string | undefined>;

function demoCall(t: TestApp, ip: string, options: Partial<InjectOptions> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/demo-call',
    remoteAddress: ip,
    ...options,
  } as InjectOptions);
}

describe('POST /api/demo-call with Retell (real SDK against the fake Retell)', () => {
  let t: TestApp;
  let fake: FakeRetell;

  beforeAll(async () => {
    fake = await startFakeRetell();
    t = await createTestApp({
      RETELL_API_KEY: fake.apiKey,
      RETELL_AGENT_ID: fake.agentId,
      RETELL_API_URL: fake.apiUrl,
      RATE_LIMIT_DEMO_CALL_PER_IP: '3',
    });
  });

  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('creates a web call for the configured agent and answers its access token', async () => {
    const before = fake.calls.length;
    const response = await demoCall(t, '203.0.113.1', {
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const created = fake.calls[before];
    expect(created?.agentId).toBe(fake.agentId);
    expect(response.json()).toEqual({
      success: true,
      provider: 'retell',
      access_token: created?.accessToken,
    });
  });

  it('accepts the spec request exactly: JSON content type and no body at all', async () => {
    const response = await demoCall(t, '203.0.113.2', {
      headers: { 'content-type': 'application/json' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, access_token: expect.any(String) });
  });

  it('accepts a request with no body and no content type', async () => {
    const response = await demoCall(t, '203.0.113.3');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
  });

  it('answers 502 with success false when Retell fails, without leaking the key', async () => {
    fake.fail({ status: 500, message: 'Internal error at Retell', times: 2 });
    const response = await demoCall(t, '203.0.113.4', { payload: {} });

    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual(PROVIDER_FAILED);
    expect(response.body).not.toContain(fake.apiKey);
  });

  it('answers 502 when Retell refuses the request', async () => {
    fake.fail({ status: 422, message: 'Agent is not published' });
    const response = await demoCall(t, '203.0.113.5', { payload: {} });

    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual(PROVIDER_FAILED);
  });

  it('limits demo calls per IP per hour with Retry-After, counting each IP apart', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 3; i++) {
      expect((await demoCall(t, ip, { payload: {} })).statusCode).toBe(200);
    }
    const calls = fake.calls.length;

    const refused = await demoCall(t, ip, { payload: {} });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(fake.calls.length).toBe(calls);

    expect((await demoCall(t, '198.51.100.8', { payload: {} })).statusCode).toBe(200);
  });

  it.each([
    ['a body that is not JSON', { 'content-type': 'text/plain' }, 'hello', 415],
    ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1', 415],
    ['broken JSON', { 'content-type': 'application/json' }, '{"a":', 400],
    ['a JSON array', { 'content-type': 'application/json' }, '[]', 400],
    ['unexpected fields', { 'content-type': 'application/json' }, '{"agent_id":"x"}', 400],
  ])('refuses %s with a 4xx that says why', async (_name, headers, payload, status) => {
    const calls = fake.calls.length;
    const response = await demoCall(t, '192.0.2.50', { headers, payload });

    expect(response.statusCode).toBe(status);
    expect(response.json<{ error: string }>().error).toMatch(/\w/);
    expect(fake.calls.length).toBe(calls);
  });

  it('says Retell is the provider in GET /api/voice', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/voice' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ provider: 'retell', assistantName: 'Riley' });
  });

  it('documents both endpoints in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();

    expect(Object.keys(document.paths['/api/demo-call']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '415', '429', '502']),
    );
    expect(document.paths['/api/voice']?.get?.responses['200']).toBeDefined();
  });
});

describe('POST /api/demo-call past the daily cap on Retell calls (DAILY_CAP_RETELL_CALLS)', () => {
  let t: TestApp;
  let fake: FakeRetell;

  beforeAll(async () => {
    fake = await startFakeRetell();
    t = await createTestApp({
      RETELL_API_KEY: fake.apiKey,
      RETELL_AGENT_ID: fake.agentId,
      RETELL_API_URL: fake.apiUrl,
      RATE_LIMIT_DEMO_CALL_PER_IP: '0',
      DAILY_CAP_RETELL_CALLS: '2',
    });
  });

  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('answers 503 with a clear error from any IP once the cap is spent, and alerts operators once', async () => {
    const errors: unknown[][] = [];
    const spy = jest.spyOn(Logger.prototype, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args);
    });
    const answers = [];
    try {
      // Many addresses, as a botnet would use to get past the per-IP limit.
      for (let i = 1; i <= 4; i++) answers.push(await demoCall(t, `198.51.100.${i}`));
    } finally {
      spy.mockRestore();
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 503, 503]);
    expect(answers[2]!.json()).toEqual({
      success: false,
      error:
        'Live voice calls are paused for today. Type your question to the assistant, or call again tomorrow.',
      code: 'daily_cap_reached',
    });
    expect(fake.calls).toHaveLength(2);
    const alerts = errors.filter((args) => args.includes(DAILY_CAP_REACHED));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]![0]).toMatchObject({ service: 'retell', cap: 2 });
  });
});

describe('POST /api/demo-call with a wrong Retell key', () => {
  it('answers 502, not a crash', async () => {
    const fake = await startFakeRetell();
    const t = await createTestApp({
      RETELL_API_KEY: 'key_wrong',
      RETELL_AGENT_ID: fake.agentId,
      RETELL_API_URL: fake.apiUrl,
    });
    try {
      const response = await demoCall(t, '203.0.113.9', { payload: {} });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual(PROVIDER_FAILED);
      expect(response.body).not.toContain('key_wrong');
      expect(fake.calls).toHaveLength(0);
    } finally {
      await t.close();
      await fake.stop();
    }
  });
});

describe('POST /api/demo-call without Retell (built-in assistant)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DEMO_CALL_PER_IP: '1' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('tells the browser to run the built-in assistant, every time', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await demoCall(t, '203.0.113.20', { payload: {} });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: false,
        provider: 'built-in',
        error: 'Live voice calls are not configured here: the built-in assistant answers instead.',
      });
    }
  });

  it('says the built-in assistant runs in GET /api/voice', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/voice' });

    expect(response.json()).toEqual({ provider: 'built-in', assistantName: 'Riley' });
  });
});
