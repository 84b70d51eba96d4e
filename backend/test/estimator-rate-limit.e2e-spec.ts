import { PrismaService } from '../src/core/database/prisma.service';
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

describe('estimator rate limits behind the load balancer (TRUST_PROXY=true)', () => {
  let t: TestApp;
  let prisma: PrismaService;
  const PROXY = '10.0.0.2';

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_CAPTURE_PER_IP: '3' });
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
