import { Queue } from 'bullmq';
import { PrismaService } from '../src/core/database/prisma.service';
import { QUEUES } from '../src/core/queue/jobs';
import { redisOptionsFromUrl } from '../src/core/redis/redis-options';
import { createAccount } from './factories/account.factory';
import { createTestApp, type TestApp } from './utils/create-app';
import { testRedisPrefix } from './utils/database';

const PASSWORD = 'operator-secret-42';

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

describe('queue dashboard without OPERATOR_PASSWORD', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(['/admin/queues', '/admin/queues/api/queues'])('answers 404 at %s', async (url) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: basic('operator', PASSWORD) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['www-authenticate']).toBeUndefined();
  });
});

describe('queue dashboard with OPERATOR_PASSWORD', () => {
  let t: TestApp;
  let queue: Queue;
  const prefix = testRedisPrefix();

  beforeAll(async () => {
    t = await createTestApp({
      OPERATOR_PASSWORD: PASSWORD,
      QUEUE_PREFIX: prefix,
      RATE_LIMIT_AUTH_PER_IP: '0',
      RATE_LIMIT_AUTH_PER_EMAIL: '0',
    });
    queue = new Queue(QUEUES.events, {
      prefix,
      connection: redisOptionsFromUrl(process.env.REDIS_URL!),
    });
    await queue.add('lead.captured', { leadId: 'visible-to-operators' }, { jobId: 'op-check-1' });
  });

  afterAll(async () => {
    await queue?.obliterate({ force: true });
    await queue?.close();
    await t?.close();
  });

  it.each<[string, Record<string, string>]>([
    ['no credentials', {}],
    ['a wrong password', { authorization: basic('operator', 'not-the-password') }],
    ['a prefix of the password', { authorization: basic('operator', PASSWORD.slice(0, -1)) }],
    ['a malformed header', { authorization: 'Basic !!!' }],
  ])('answers 401 with a basic-auth challenge for %s', async (_case, headers) => {
    for (const url of ['/admin/queues', '/admin/queues/api/queues']) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe(
        'Basic realm="Rafter queues", charset="UTF-8"',
      );
      expect(response.json()).toEqual({ error: 'Operator password required' });
    }
  });

  it("never opens for a contractor's access token or session cookie", async () => {
    const account = await createAccount(t.app.get(PrismaService));
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: account.email, password: account.password },
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json<{ accessToken: string }>().accessToken;
    const cookie = signIn.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
    expect(cookie).not.toBe('');

    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/queues/api/queues',
      headers: { authorization: `Bearer ${token}`, cookie },
    });
    expect(response.statusCode).toBe(401);
  });

  it('shows the dashboard and the events queue to the operator, unframeable and unindexed', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/admin/queues',
      headers: { authorization: basic('operator', PASSWORD) },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<base href="/admin/queues/"');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');

    const api = await t.app.inject({
      method: 'GET',
      url: '/admin/queues/api/queues?activeQueue=events&status=waiting',
      headers: { authorization: basic('anyone', PASSWORD) },
    });
    expect(api.statusCode).toBe(200);
    const body = api.json<{
      queues: { name: string; counts: Record<string, number>; jobs: { id: string }[] }[];
    }>();
    const events = body.queues.find((item) => item.name === QUEUES.events);
    expect(events).toBeDefined();
    expect(events!.counts.waiting).toBeGreaterThanOrEqual(1);
    expect(events!.jobs.map((job) => job.id)).toContain('op-check-1');
  });

  it('refuses a change sent from another site, even with the password', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/admin/queues/api/queues/${QUEUES.events}/pause`,
      headers: {
        authorization: basic('operator', PASSWORD),
        origin: 'https://attacker.test',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(await queue.isPaused()).toBe(false);
  });

  it('is not listed in the public API document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('/admin');
  });
});
