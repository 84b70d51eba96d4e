import { type CreatedApiKey, type ApiKeyList } from '@rafter/domain/api-keys';
import { type LeadDetail, type LeadPage } from '@rafter/domain/crm';
import { PrismaService } from '../src/core/database/prisma.service';
import { RedisService } from '../src/core/redis/redis.service';
import { createAccount } from './factories/account.factory';
import { createTestApp, type TestApp } from './utils/create-app';

/**
 * The public API (/api/v1) and its keys: keys are created, listed and revoked from the dashboard
 * (session only) and open only /api/v1; sessions never open /api/v1; scopes per operation;
 * revocation at once; Idempotency-Key; RFC 9457 problem details; per-key RateLimit headers and
 * 429; and another contractor's key gets 404 on every route.
 */

const RATE_LIMIT = 30;
let t: TestApp;
let prisma: PrismaService;

interface Owner {
  id: string;
  token: string;
}
const A: Owner & { leadIds: string[]; lockedId: string } = {
  id: '',
  token: '',
  leadIds: [],
  lockedId: '',
};
const B: Owner = { id: '', token: '' };
const STARTER: Owner = { id: '', token: '' };

async function signIn(email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: 'correct-horse-9' },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ accessToken: string }>().accessToken;
}

async function owner(plan: 'starter' | 'smart' | 'instant', target: Owner): Promise<void> {
  const account = await createAccount(prisma);
  await prisma.subscription.create({
    data: { userId: account.id, plan, status: 'active', currentPeriodEnd: null },
  });
  target.id = account.id;
  target.token = await signIn(account.email);
}

async function createKey(
  token: string,
  scopes: string[] = ['leads:read', 'leads:write'],
  name = 'Zapier',
): Promise<CreatedApiKey> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { authorization: `Bearer ${token}` },
    payload: { name, scopes },
  });
  expect(response.statusCode).toBe(201);
  return response.json<CreatedApiKey>();
}

function v1(
  key: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
}

async function lead(ownerId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const row = await prisma.lead.create({
    data: {
      ownerId,
      firstName: 'Zebulon',
      lastName: 'Private',
      email: 'zebulon.private@example.com',
      phone: '7375550199',
      address: '10 Secret Ln, Austin, TX 78701',
      zipCode: '78701',
      ownership: 'owner',
      material: 'metal',
      stories: 'one',
      roofArea: 2100,
      estimateLow: 9000,
      estimateMid: 12000,
      estimateHigh: 15000,
      ...overrides,
    },
    select: { id: true },
  });
  return row.id;
}

const NEW_LEAD = {
  firstName: 'Walk',
  lastName: 'In',
  email: 'walk.in@example.com',
  phone: '(512) 555-0142',
  address: '77 Oak St, Austin, TX 78701, USA',
  zipCode: '78701',
  ownership: 'owner',
  material: 'asphalt',
  stories: 'two',
  roofArea: 2400,
};

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_AUTH_PER_IP: '0',
    RATE_LIMIT_AUTH_PER_EMAIL: '0',
    RATE_LIMIT_API_PER_KEY: String(RATE_LIMIT),
  });
  prisma = t.app.get(PrismaService);
  await owner('smart', A);
  await owner('instant', B);
  await owner('starter', STARTER);
  for (let i = 0; i < 3; i++) {
    A.leadIds.push(
      await lead(A.id, {
        score: 40 + i * 10,
        createdAt: new Date(Date.now() - (3 - i) * 60_000),
      }),
    );
  }
  A.lockedId = await lead(A.id, { locked: true, lockedReason: 'monthly_limit' });
});

afterAll(async () => {
  await t?.close();
});

describe('keys from the dashboard', () => {
  it('shows a new key once, then lists only its prefix', async () => {
    const created = await createKey(A.token, ['leads:read'], 'CRM sync');
    expect(created.key).toMatch(/^rft_test_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 17));
    expect(created.scopes).toEqual(['leads:read']);
    const stored = await prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.secretHash).not.toContain(created.key.slice(9));

    const list = await t.app.inject({
      url: '/api/api-keys',
      headers: { authorization: `Bearer ${A.token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.body).not.toContain(stored.secretHash);
    const item = list.json<ApiKeyList>().items.find((key) => key.id === created.id);
    expect(item).toMatchObject({ name: 'CRM sync', prefix: created.prefix, lastUsedAt: null });
  });

  it('records when and by which client a key was last used', async () => {
    const created = await createKey(A.token, ['leads:read']);
    const response = await v1(created.key, 'GET', '/account', undefined, {
      'user-agent': `Zapier/1.0 ${'x'.repeat(400)}`,
    });
    expect(response.statusCode).toBe(200);
    const list = await t.app.inject({
      url: '/api/api-keys',
      headers: { authorization: `Bearer ${A.token}` },
    });
    const item = list.json<ApiKeyList>().items.find((key) => key.id === created.id)!;
    expect(item.lastUsedAt).not.toBeNull();
    expect(item.lastUsedBy?.startsWith('Zapier/1.0')).toBe(true);
    expect(item.lastUsedBy).toHaveLength(200);
  });

  it('refuses bad input (400) and plans below Smart (403 upgrade_required)', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { authorization: `Bearer ${A.token}` },
      payload: { name: 'x', scopes: ['admin'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: expect.any(String) });
    const starter = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { authorization: `Bearer ${STARTER.token}` },
      payload: { name: 'x', scopes: ['leads:read'] },
    });
    expect(starter.statusCode).toBe(403);
    expect(starter.json()).toMatchObject({ code: 'upgrade_required' });
  });

  it("refuses another contractor's key on revoke (404) and leaves it working", async () => {
    const created = await createKey(A.token, ['leads:read']);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${created.id}`,
      headers: { authorization: `Bearer ${B.token}` },
    });
    expect(response.statusCode).toBe(404);
    expect((await v1(created.key, 'GET', '/account')).statusCode).toBe(200);
  });

  it('revokes at once: the next request with the key is refused', async () => {
    const created = await createKey(A.token, ['leads:read']);
    expect((await v1(created.key, 'GET', '/leads')).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${created.id}`,
      headers: { authorization: `Bearer ${A.token}` },
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toMatchObject({ id: created.id, revokedAt: expect.any(String) });
    const after = await v1(created.key, 'GET', '/leads');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'api_key_invalid' });
  });

  it('stops a key when the plan drops below Smart, and lets it work again on upgrade', async () => {
    const created = await createKey(A.token, ['leads:read']);
    await prisma.subscription.update({ where: { userId: A.id }, data: { plan: 'starter' } });
    try {
      const refused = await v1(created.key, 'GET', '/account');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'upgrade_required' });
    } finally {
      await prisma.subscription.update({ where: { userId: A.id }, data: { plan: 'smart' } });
    }
    expect((await v1(created.key, 'GET', '/account')).statusCode).toBe(200);
  });
});

describe('keys and sessions are kept apart', () => {
  it('a session token never opens /api/v1', async () => {
    for (const [method, url] of [
      ['GET', '/leads'],
      ['GET', '/account'],
      ['GET', `/leads/${A.leadIds[0]}`],
    ] as const) {
      const response = await v1(A.token, method, url);
      expect([url, response.statusCode]).toEqual([url, 401]);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('a key never opens a dashboard route', async () => {
    const created = await createKey(A.token, ['leads:read', 'leads:write', 'webhooks:manage']);
    for (const url of [
      '/api/leads',
      '/api/auth/me',
      '/api/api-keys',
      `/api/leads/${A.leadIds[0]}`,
    ]) {
      const response = await t.app.inject({
        url,
        headers: { authorization: `Bearer ${created.key}` },
      });
      expect([url, response.statusCode]).toEqual([url, 401]);
    }
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { authorization: `Bearer ${created.key}` },
      payload: { name: 'escalate', scopes: ['leads:write'] },
    });
    expect(create.statusCode).toBe(401);
  });
});

describe('problem details', () => {
  it('answers errors under /api/v1 as RFC 9457 problems with a stable type', async () => {
    const missing = await v1(undefined, 'GET', '/leads');
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect(missing.headers['www-authenticate']).toContain('Bearer');
    expect(missing.json()).toEqual({
      type: 'https://rafter.app/problems/api_key_missing',
      title: 'Unauthorized',
      status: 401,
      detail: expect.any(String),
      code: 'api_key_missing',
      instance: '/api/v1/leads',
    });

    const { key } = await createKey(A.token);
    const invalid = await v1(key, 'PATCH', `/leads/${A.leadIds[0]}/status`, { status: 'won' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      type: 'https://rafter.app/problems/validation_failed',
      status: 400,
      errors: { status: expect.any(String) },
    });
    const notFound = await v1(key, 'GET', '/leads/00000000-0000-4000-8000-000000000000');
    expect(notFound.json()).toMatchObject({
      type: 'https://rafter.app/problems/lead_not_found',
      status: 404,
    });
    const noRoute = await v1(key, 'GET', '/nothing-here');
    expect(noRoute.statusCode).toBe(404);
    expect(noRoute.headers['content-type']).toContain('application/problem+json');
  });

  it('keeps the dashboard error shape', async () => {
    const response = await t.app.inject({ url: '/api/leads' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ error: expect.any(String) });
    expect(response.json()).not.toHaveProperty('type');
  });
});

describe('scopes', () => {
  it('a read key reads but cannot write; a write key writes but cannot read', async () => {
    const read = await createKey(A.token, ['leads:read']);
    const write = await createKey(A.token, ['leads:write']);
    const id = A.leadIds[0]!;
    const reads: [string, string][] = [
      ['GET', '/leads'],
      ['GET', `/leads/${id}`],
      ['GET', '/account'],
    ];
    const writes: [string, string, object | undefined][] = [
      ['POST', '/leads', NEW_LEAD],
      ['PATCH', `/leads/${id}/status`, { status: 'contacted' }],
      ['POST', `/leads/${id}/notes`, { body: 'scope check' }],
      ['DELETE', `/leads/${id}`, undefined],
    ];
    for (const [method, url] of reads) {
      expect([url, (await v1(read.key, method as 'GET', url)).statusCode]).toEqual([url, 200]);
      const refused = await v1(write.key, method as 'GET', url);
      expect([url, refused.statusCode, refused.json<{ code: string }>().code]).toEqual([
        url,
        403,
        'insufficient_scope',
      ]);
    }
    const before = await prisma.lead.count({ where: { ownerId: A.id } });
    for (const [method, url, body] of writes) {
      const refused = await v1(read.key, method as 'POST', url, body);
      expect([method, url, refused.statusCode, refused.json<{ code: string }>().code]).toEqual([
        method,
        url,
        403,
        'insufficient_scope',
      ]);
    }
    expect(await prisma.lead.count({ where: { ownerId: A.id } })).toBe(before);
    expect(await prisma.leadNote.count({ where: { body: 'scope check' } })).toBe(0);
  });
});

describe('leads', () => {
  let key: string;
  beforeAll(async () => {
    key = (await createKey(A.token)).key;
  });

  it('lists with the dashboard filters, sorts and cursor, and hides locked contact details', async () => {
    const first = await v1(key, 'GET', '/leads?sort=score&limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<LeadPage>();
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).not.toBeNull();
    const second = await v1(
      key,
      'GET',
      `/leads?sort=score&limit=2&cursor=${encodeURIComponent(page.nextCursor!)}`,
    );
    const ids = [...page.items, ...second.json<LeadPage>().items].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([...A.leadIds, A.lockedId]));

    const all = await v1(key, 'GET', '/leads?limit=100');
    const locked = all.json<LeadPage>().items.find((item) => item.id === A.lockedId)!;
    expect(locked).toMatchObject({ name: 'Locked lead', email: null, phone: null, address: null });
    const detail = await v1(key, 'GET', `/leads/${A.lockedId}`);
    expect(detail.json<LeadDetail>()).toMatchObject({ email: null, phone: null, address: null });
    expect(detail.body).not.toContain('zebulon.private@example.com');

    const search = await v1(key, 'GET', '/leads?q=zebulon');
    expect(search.json<LeadPage>().items.map((item) => item.id)).not.toContain(A.lockedId);
    const bad = await v1(key, 'GET', '/leads?cursor=nonsense');
    expect(bad.json()).toMatchObject({ status: 400, code: 'invalid_cursor' });
  });

  it('lists only leads changed since updated_since', async () => {
    const since = new Date(Date.now() + 1000);
    await prisma.lead.update({
      where: { id: A.leadIds[1] },
      data: { updatedAt: new Date(since.getTime() + 1000) },
    });
    const response = await v1(key, 'GET', `/leads?updated_since=${since.toISOString()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<LeadPage>().items.map((item) => item.id)).toEqual([A.leadIds[1]]);
    const bad = await v1(key, 'GET', '/leads?updated_since=yesterday');
    expect(bad.statusCode).toBe(400);
  });

  it('gets one, updates its status and adds a note', async () => {
    const id = A.leadIds[0]!;
    const got = await v1(key, 'GET', `/leads/${id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json<LeadDetail>()).toMatchObject({ id, name: 'Zebulon Private' });
    const status = await v1(key, 'PATCH', `/leads/${id}/status`, { status: 'qualified' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ id, status: 'qualified' });
    const note = await v1(key, 'POST', `/leads/${id}/notes`, { body: 'Booked an inspection' });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ type: 'note_added', note: 'Booked an inspection' });
    const timeline = (await v1(key, 'GET', `/leads/${id}`)).json<LeadDetail>().timeline;
    expect(timeline.map((entry) => entry.type)).toEqual(
      expect.arrayContaining(['status_changed', 'note_added']),
    );
  });

  it('creates a lead from another source, scored, estimated and counted like the others', async () => {
    const usageBefore = (await v1(key, 'GET', '/account')).json<{
      usage: { leadsThisMonth: number };
    }>().usage.leadsThisMonth;
    const response = await v1(key, 'POST', '/leads', NEW_LEAD);
    expect(response.statusCode).toBe(201);
    const created = response.json<LeadDetail>();
    expect(created).toMatchObject({
      source: 'api',
      name: 'Walk In',
      phone: '5125550142',
      locked: false,
      status: 'new',
    });
    expect(created.estimateMid).toBeGreaterThan(0);
    expect(created.score).toBeGreaterThan(0);
    expect(created.scoreReasons).not.toBeNull();
    const account = (await v1(key, 'GET', '/account')).json<{
      usage: { leadsThisMonth: number; monthlyLeadLimit: number };
      plan: { id: string };
    }>();
    expect(account.usage.leadsThisMonth).toBe(usageBefore + 1);
    expect(account.usage.monthlyLeadLimit).toBe(50);
    expect(account.plan.id).toBe('smart');
    const outbox = await prisma.outboxEvent.count({
      where: { topic: 'lead.captured', payload: { path: ['leadId'], equals: created.id } },
    });
    expect(outbox).toBe(1);
    const invalid = await v1(key, 'POST', '/leads', { ...NEW_LEAD, email: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ errors: { email: expect.any(String) } });
  });

  it('deletes a lead for good with a lead.deleted event written with it', async () => {
    const id = await lead(A.id, { firstName: 'Forget', lastName: 'Me' });
    await prisma.leadNote.create({ data: { leadId: id, authorId: A.id, body: 'private' } });
    const response = await v1(key, 'DELETE', `/leads/${id}`);
    expect(response.statusCode).toBe(204);
    expect(await prisma.lead.findUnique({ where: { id } })).toBeNull();
    expect(await prisma.leadNote.count({ where: { leadId: id } })).toBe(0);
    const events = await prisma.outboxEvent.findMany({ where: { topic: 'lead.deleted' } });
    expect(events.map((event) => event.payload)).toContainEqual({ leadId: id, ownerId: A.id });
    expect((await v1(key, 'GET', `/leads/${id}`)).statusCode).toBe(404);
    expect((await v1(key, 'DELETE', `/leads/${id}`)).statusCode).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  let key: string;
  beforeAll(async () => {
    key = (await createKey(A.token)).key;
  });

  it('replays the first answer for the same key and body, and refuses another body with 409', async () => {
    const id = A.leadIds[2]!;
    const headers = { 'idempotency-key': 'note-7f3a' };
    const first = await v1(key, 'POST', `/leads/${id}/notes`, { body: 'Once only' }, headers);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await v1(key, 'POST', `/leads/${id}/notes`, { body: 'Once only' }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await prisma.leadNote.count({ where: { leadId: id, body: 'Once only' } })).toBe(1);

    const other = await v1(key, 'POST', `/leads/${id}/notes`, { body: 'Something else' }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.headers['content-type']).toContain('application/problem+json');
    expect(other.json()).toMatchObject({
      type: 'https://rafter.app/problems/idempotency_key_reused',
      status: 409,
    });
    expect(await prisma.leadNote.count({ where: { body: 'Something else' } })).toBe(0);
  });

  it('creates one lead for a retried create', async () => {
    const headers = { 'idempotency-key': 'create-walk-in-1' };
    const body = { ...NEW_LEAD, email: 'retry@example.com' };
    const first = await v1(key, 'POST', '/leads', body, headers);
    const retry = await v1(key, 'POST', '/leads', body, headers);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json<LeadDetail>().id).toBe(first.json<LeadDetail>().id);
    expect(await prisma.lead.count({ where: { email: 'retry@example.com' } })).toBe(1);
  });

  it('answers a write that succeeded even when Redis fails to keep its answer', async () => {
    const id = A.leadIds[2]!;
    const { client } = t.app.get(RedisService);
    const set = client.set.bind(client);
    // Redis goes away between the claim and keeping the answer.
    const spy = jest
      .spyOn(client, 'set')
      .mockImplementation(((...args: Parameters<typeof set>) =>
        String(args[1]).includes('"done":true')
          ? Promise.reject(new Error('Connection is closed.'))
          : set(...args)) as typeof client.set);
    try {
      const headers = { 'idempotency-key': 'kept-nowhere' };
      const answer = await v1(key, 'POST', `/leads/${id}/notes`, { body: 'Kept once' }, headers);
      // An error here would make the client retry, and the retry would add the note again.
      expect(answer.statusCode).toBe(201);
    } finally {
      spy.mockRestore();
    }
    expect(await prisma.leadNote.count({ where: { leadId: id, body: 'Kept once' } })).toBe(1);
  });

  it('keeps keys per API key, keeps nothing for a failed request, and refuses a bad key', async () => {
    const other = (await createKey(A.token)).key;
    const headers = { 'idempotency-key': 'shared-name' };
    const id = A.leadIds[2]!;
    const mine = await v1(key, 'POST', `/leads/${id}/notes`, { body: 'k1' }, headers);
    const theirs = await v1(other, 'POST', `/leads/${id}/notes`, { body: 'k2' }, headers);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);

    const failHeaders = { 'idempotency-key': 'fails-first' };
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await v1(key, 'POST', `/leads/${missing}/notes`, { body: 'x' }, failHeaders)).statusCode,
    ).toBe(404);
    expect(
      (await v1(key, 'POST', `/leads/${missing}/notes`, { body: 'x' }, failHeaders)).statusCode,
    ).toBe(404);

    const bad = await v1(
      key,
      'POST',
      `/leads/${id}/notes`,
      { body: 'x' },
      {
        'idempotency-key': 'x'.repeat(300),
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_idempotency_key' });
  });
});

describe('rate limit', () => {
  it('tells the client its limit, then refuses with 429 and Retry-After', async () => {
    const { key } = await createKey(A.token, ['leads:read']);
    const first = await v1(key, 'GET', '/account');
    expect(first.headers['ratelimit-policy']).toBe(`"per-key";q=${RATE_LIMIT};w=60`);
    expect(first.headers.ratelimit).toMatch(new RegExp(`^"per-key";r=${RATE_LIMIT - 1};t=\\d+$`));
    for (let i = 1; i < RATE_LIMIT; i++) {
      expect((await v1(key, 'GET', '/account')).statusCode).toBe(200);
    }
    const refused = await v1(key, 'GET', '/account');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers.ratelimit).toMatch(/^"per-key";r=0;t=\d+$/);
    expect(refused.json()).toMatchObject({
      type: 'https://rafter.app/problems/rate_limited',
      status: 429,
    });
    // Another key of the same contractor has its own allowance.
    const other = await createKey(A.token, ['leads:read']);
    expect((await v1(other.key, 'GET', '/account')).statusCode).toBe(200);
  });
});

describe('tenant isolation', () => {
  it("answers another contractor's key with 404 on every lead route and changes nothing", async () => {
    const { key } = await createKey(B.token, ['leads:read', 'leads:write']);
    const before = JSON.stringify(
      await prisma.lead.findMany({ where: { ownerId: A.id }, orderBy: { id: 'asc' } }),
    );
    const notesBefore = await prisma.leadNote.count({ where: { lead: { ownerId: A.id } } });
    for (const id of [...A.leadIds, A.lockedId]) {
      const routes: [string, string, object | undefined][] = [
        ['GET', `/leads/${id}`, undefined],
        ['PATCH', `/leads/${id}/status`, { status: 'lost' }],
        ['POST', `/leads/${id}/notes`, { body: 'B was here' }],
        ['DELETE', `/leads/${id}`, undefined],
      ];
      for (const [method, url, body] of routes) {
        const response = await v1(key, method as 'GET', url, body);
        expect([method, url, response.statusCode]).toEqual([method, url, 404]);
        expect(response.body).not.toContain('Zebulon');
      }
    }
    const list = await v1(key, 'GET', '/leads?limit=100');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('Zebulon');
    for (const id of [...A.leadIds, A.lockedId]) expect(list.body).not.toContain(id);
    const updated = await v1(key, 'GET', `/leads?updated_since=2000-01-01T00:00:00Z`);
    for (const id of A.leadIds) expect(updated.body).not.toContain(id);
    const account = await v1(key, 'GET', '/account');
    expect(account.json()).toMatchObject({ id: B.id, plan: { id: 'instant' } });
    expect(account.body).not.toContain(A.id);
    const created = await v1(key, 'POST', '/leads', NEW_LEAD);
    expect(created.statusCode).toBe(201);
    expect(
      await prisma.lead.findUniqueOrThrow({
        where: { id: created.json<LeadDetail>().id },
        select: { ownerId: true },
      }),
    ).toEqual({ ownerId: B.id });

    expect(
      JSON.stringify(
        await prisma.lead.findMany({ where: { ownerId: A.id }, orderBy: { id: 'asc' } }),
      ),
    ).toBe(before);
    expect(await prisma.leadNote.count({ where: { lead: { ownerId: A.id } } })).toBe(notesBefore);
  });
});
