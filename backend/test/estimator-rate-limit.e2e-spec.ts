import { randomUUID } from 'node:crypto';
import { PrismaService } from '../src/core/database/prisma.service';
import { RateLimitException } from '../src/core/rate-limit/rate-limit.exception';
import { RateLimitService } from '../src/core/rate-limit/rate-limit.service';
import { leadInput } from './factories/lead-payload.factory';
import { createOwner } from './factories/owner.factory';
import { createTestApp, type TestApp } from './utils/create-app';
import { formToken, withFormToken } from './utils/form-token';

const TOO_MANY = {
  error: 'Too many requests. Please try again in a few minutes.',
  code: 'rate_limited',
};

describe('estimator rate limits', () => {
  let t: TestApp;
  let prisma: PrismaService;

  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_CAPTURE_PER_IP: '3',
      RATE_LIMIT_CAPTURE_PER_OWNER: '4',
      RATE_LIMIT_MEASURE_PER_IP: '2',
    });
    prisma = t.app.get(PrismaService);
  });

  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, ip: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: withFormToken(t.app, payload) as object,
      remoteAddress: ip,
      headers: { origin: 'https://roofer.example' },
    });

  const expectTooMany = (response: Awaited<ReturnType<typeof post>>, windowSeconds: number) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual(TOO_MANY);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    // The widget on another site must be able to read the answer.
    expect(response.headers['access-control-allow-origin']).toBe('*');
  };

  it('refuses the request after the per-IP limit, for both lead flows, and counts each IP apart', async () => {
    const { id: ownerId } = await createOwner(prisma, { plan: 'instant' });
    const ip = '203.0.113.10';
    for (let i = 0; i < 2; i++) {
      expect((await post('/api/capture-lead', { ownerId, lead: leadInput() }, ip)).statusCode).toBe(
        201,
      );
    }
    expect((await post('/api/main-site-leads', { lead: leadInput() }, ip)).statusCode).toBe(201);

    expectTooMany(await post('/api/capture-lead', { ownerId, lead: leadInput() }, ip), 600);
    expectTooMany(await post('/api/main-site-leads', { lead: leadInput() }, ip), 600);
    expect(await prisma.lead.count({ where: { ownerId } })).toBe(2);

    expect(
      (await post('/api/capture-lead', { ownerId, lead: leadInput() }, '203.0.113.11')).statusCode,
    ).toBe(201);
  });

  it('answers a bot 201 even when its IP is over the limit', async () => {
    const ip = '203.0.113.20';
    for (let i = 0; i < 3; i++) await post('/api/main-site-leads', { lead: leadInput() }, ip);
    const response = await post('/api/main-site-leads', { lead: leadInput(), website: 'x' }, ip);
    expect(response.statusCode).toBe(201);
  });

  it("refuses a contractor's leads after the per-owner limit, whatever the IP", async () => {
    const { id: ownerId } = await createOwner(prisma, { plan: 'instant' });
    const { id: otherOwner } = await createOwner(prisma, { plan: 'instant' });
    for (let i = 0; i < 4; i++) {
      const response = await post(
        '/api/capture-lead',
        { ownerId, lead: leadInput() },
        `198.51.100.${i}`,
      );
      expect(response.statusCode).toBe(201);
    }
    expectTooMany(
      await post('/api/capture-lead', { ownerId, lead: leadInput() }, '198.51.100.50'),
      3600,
    );
    expect(
      (await post('/api/capture-lead', { ownerId: otherOwner, lead: leadInput() }, '198.51.100.51'))
        .statusCode,
    ).toBe(201);
  });

  it('refuses roof measurements after the per-IP limit', async () => {
    const body = { address: '1 Limit Ln, Austin, TX 78704, USA', zipCode: '78704' };
    const ip = '203.0.113.30';
    expect((await post('/api/roof-measurement', body, ip)).statusCode).toBe(200);
    expect((await post('/api/roof-measurement', body, ip)).statusCode).toBe(200);
    expectTooMany(await post('/api/roof-measurement', body, ip), 600);
  });
});

describe('per-IP limits against a client with many addresses or good timing', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MEASURE_PER_IP: '2', RATE_LIMIT_LOOKUP_PER_IP: '3' });
  });

  afterAll(async () => {
    await t.close();
  });

  const measure = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/roof-measurement',
      payload: { address: '1 Limit Ln, Austin, TX 78704, USA', zipCode: '78704' },
      remoteAddress: ip,
    });

  it('counts every address of one IPv6 /64 network as one client', async () => {
    // One home router hands out any address of its /64; a script can use a new one each time.
    expect((await measure('2001:db8:aa:1::1')).statusCode).toBe(200);
    expect((await measure('2001:db8:aa:1:8f3e:21ff:fe00:7')).statusCode).toBe(200);
    expect((await measure('2001:db8:aa:1:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect((await measure('2001:db8:aa:2::1')).statusCode).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    expect((await measure('203.0.113.40')).statusCode).toBe(200);
    expect((await measure('::ffff:203.0.113.40')).statusCode).toBe(200);
    expect((await measure('203.0.113.40')).statusCode).toBe(429);
  });

  it('allows no second burst right after a window edge (the window slides)', async () => {
    const limits = t.app.get(RateLimitService);
    const policy = { name: `edge-${randomUUID()}`, limit: 3, windowMs: 600_000 };
    // The moment a fixed 10-minute window would start afresh.
    const edge = Math.ceil(Date.now() / policy.windowMs) * policy.windowMs;
    for (let i = 0; i < 3; i++) await limits.consume(policy, 'client', edge - 1000 + i);
    const refused = await limits.consume(policy, 'client', edge + 1000).catch((error) => error);
    expect(refused).toBeInstanceOf(RateLimitException);
    // It may try again when its first request of the burst is ten minutes old, not before.
    expect((refused as RateLimitException).retryAfterSeconds).toBeGreaterThanOrEqual(597);
    expect((refused as RateLimitException).retryAfterSeconds).toBeLessThanOrEqual(599);
    await expect(
      limits.consume(policy, 'client', edge - 1000 + policy.windowMs - 1),
    ).rejects.toBeInstanceOf(RateLimitException);
    await expect(
      limits.consume(policy, 'client', edge - 1000 + policy.windowMs + 1),
    ).resolves.toBeUndefined();
  });

  it('limits share-page and price lookups per IP together, so slugs and ids cannot be tried in bulk', async () => {
    const ip = '203.0.113.50';
    const lookup = (url: string, from = ip) => t.app.inject({ url, remoteAddress: from });
    const answers = [];
    for (const slug of [
      'amber-roof-1000',
      'amber-roof-1001',
      'amber-roof-1002',
      'amber-roof-1003',
    ]) {
      answers.push((await lookup(`/api/get-shareable-link?slug=${slug}`)).statusCode);
    }
    answers.push((await lookup(`/api/get-material-pricing?ownerId=${randomUUID()}`)).statusCode);
    expect(answers).toEqual([404, 404, 404, 429, 429]);
    const refused = await lookup('/api/get-shareable-link?slug=amber-roof-1004');
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(
      (await lookup('/api/get-shareable-link?slug=amber-roof-1004', '203.0.113.51')).statusCode,
    ).toBe(404);
  });

  it('counts form tokens with the lookups, so one client cannot farm tokens for scripted quote requests', async () => {
    const ownerId = (await createOwner(t.app.get(PrismaService), { plan: 'starter' })).id;
    const ip = '203.0.113.60';
    const token = (from = ip) =>
      t.app.inject({ url: `/api/form-token?ownerId=${ownerId}`, remoteAddress: from });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await token()).statusCode);
    answers.push(
      (
        await t.app.inject({
          url: '/api/get-shareable-link?slug=amber-roof-2000',
          remoteAddress: ip,
        })
      ).statusCode,
    );
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    const refused = await token();
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await token('203.0.113.61')).statusCode).toBe(200);
  });
});

describe('estimator rate limits behind the load balancer (TRUST_PROXY=true)', () => {
  let t: TestApp;
  let prisma: PrismaService;
  const PROXY = '10.0.0.2';

  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: 'true',
      RATE_LIMIT_CAPTURE_PER_IP: '3',
      // One contractor hears from many clients here; past the burst threshold each would get a
      // proof-of-work challenge before its limit.
      FORM_BURST_PER_MINUTE: '0',
    });
    prisma = t.app.get(PrismaService);
  });

  afterAll(async () => {
    await t.close();
  });

  /** What the proxy forwards: whatever X-Forwarded-For the client sent, then the client's address. */
  const viaProxy = (payload: unknown, client: string, claimed?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/main-site-leads',
      payload: withFormToken(t.app, payload) as object,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': claimed ? `${claimed}, ${client}` : client },
    });

  it('throttles a client that claims a new address in X-Forwarded-For on every request', async () => {
    const client = '198.51.100.7';
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        (await viaProxy({ lead: leadInput({ lastName: `Spoof${i}` }) }, client, `192.0.2.${i}`))
          .statusCode,
      );
    }
    expect(answers).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await prisma.mainSiteLead.count({ where: { lastName: { startsWith: 'Spoof' } } })).toBe(
      3,
    );
  });

  it('still counts two clients behind the same proxy apart', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await viaProxy({ lead: leadInput() }, '198.51.100.8')).statusCode).toBe(201);
    }
    expect((await viaProxy({ lead: leadInput() }, '198.51.100.8')).statusCode).toBe(429);
    expect((await viaProxy({ lead: leadInput() }, '198.51.100.9')).statusCode).toBe(201);
  });
});

describe('estimator with Redis down', () => {
  let t: TestApp;
  let prisma: PrismaService;

  beforeAll(async () => {
    t = await createTestApp({
      REDIS_URL: 'redis://127.0.0.1:1',
      RATE_LIMIT_CAPTURE_PER_IP: '1',
      RATE_LIMIT_CAPTURE_PER_OWNER: '1',
      RATE_LIMIT_MEASURE_PER_IP: '1',
    });
    prisma = t.app.get(PrismaService);
  });

  afterAll(async () => {
    await t.close();
  });

  it('still captures and stores every lead, with its outbox event (limits fail open)', async () => {
    const { id: ownerId } = await createOwner(prisma);
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/capture-lead',
        payload: { ownerId, lead: leadInput(), formToken: formToken(t.app, ownerId) },
      });
      expect(response.statusCode).toBe(201);
    }
    expect(await prisma.lead.count({ where: { ownerId } })).toBe(3);
    expect(
      await prisma.outboxEvent.count({
        where: { payload: { path: ['ownerId'], equals: ownerId } },
      }),
    ).toBe(3);
  });

  it('still measures roofs and takes main-site leads', async () => {
    for (let i = 0; i < 2; i++) {
      const measured = await t.app.inject({
        method: 'POST',
        url: '/api/roof-measurement',
        payload: { address: '1 Down St, Austin, TX 78704, USA', zipCode: '78704' },
      });
      expect(measured.statusCode).toBe(200);
      const submitted = await t.app.inject({
        method: 'POST',
        url: '/api/main-site-leads',
        payload: { lead: leadInput(), formToken: formToken(t.app, null) },
      });
      expect(submitted.statusCode).toBe(201);
    }
  });
});
