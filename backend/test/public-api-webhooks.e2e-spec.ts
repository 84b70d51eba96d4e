import { API_KEYS_MAX, type CreatedApiKey } from '@rafter/domain/api-keys';
import {
  type Hook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookPayload,
  WEBHOOK_ENDPOINTS_MAX,
} from '@rafter/domain/webhooks';
import { LocalEvents } from '../src/core/events/local-events';
import { WebhookDispatcher } from '../src/modules/webhooks/webhook-dispatcher.service';
import { createAccount } from './factories/account.factory';
import { leadInput } from './factories/lead-payload.factory';
import { eventually } from './utils/async';
import { formToken } from './utils/form-token';
import { startTestStack, type TestStack } from './utils/stack';
import { type Receiver, startReceiver, verify } from './utils/webhook-receiver';

/**
 * The public API's webhook routes (/api/v1/webhook-endpoints) and Zapier REST hooks
 * (/api/v1/hooks), with the worker running: the `webhooks:manage` scope, another contractor's
 * key getting 404 on every route, Idempotency-Key on writes, problem details for bad ids and
 * bodies; a hook receiving a quote request, unsubscribed, removed by 410 Gone; recent items in a
 * delivery's shape; and `lead.updated` when a locked lead unlocks.
 */

interface Contractor {
  id: string;
  token: string;
  key: string;
}

let stack: TestStack;
let receiver: Receiver;
let A: Contractor;
let B: Contractor;
/** A's key without webhooks:manage. */
let leadsOnlyKey: string;

async function contractor(plan: 'smart' | 'instant'): Promise<Contractor> {
  const account = await createAccount(stack.prisma);
  await stack.prisma.subscription.create({
    data: { userId: account.id, plan, status: 'active', currentPeriodEnd: null },
  });
  const signIn = await stack.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: account.email, password: account.password },
  });
  const token = signIn.json<{ accessToken: string }>().accessToken;
  return { id: account.id, token, key: await createKey(token, ['webhooks:manage']) };
}

async function createKey(token: string, scopes: string[]): Promise<string> {
  const response = await stack.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'Zapier', scopes },
  });
  expect(response.statusCode).toBe(201);
  return response.json<CreatedApiKey>().key;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function v1(
  key: string,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return stack.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${key}`, ...headers },
    ...(payload ? { payload } : {}),
  });
}

function expectProblem(
  response: Awaited<ReturnType<typeof v1>>,
  status: number,
  code: string,
  label = '',
) {
  expect([label, response.statusCode]).toEqual([label, status]);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(response.json()).toMatchObject({
    type: `https://rafter.app/problems/${code}`,
    status,
    code,
  });
}

async function createEndpoint(path: string, events: string[], key = A.key) {
  const response = await v1(key, 'POST', '/webhook-endpoints', { url: receiver.url(path), events });
  expect(response.statusCode).toBe(201);
  return response.json<WebhookEndpointWithSecret>();
}

async function subscribe(path: string, event: string, key = A.key): Promise<Hook> {
  const response = await v1(key, 'POST', '/hooks', { target_url: receiver.url(path), event });
  expect(response.statusCode).toBe(201);
  return response.json<Hook>();
}

async function captureLead(ownerId: string) {
  const response = await stack.app.inject({
    method: 'POST',
    url: '/api/capture-lead',
    payload: { ownerId, lead: leadInput(), formToken: formToken(stack.app, ownerId) },
  });
  expect(response.statusCode).toBeLessThan(300);
}

async function secretOf(endpointId: string): Promise<string> {
  const row = await stack.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
  return row.secret;
}

/** The value's shape: each object's keys (sorted) and each leaf's JSON type, null included. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shape((value as Record<string, unknown>)[key])]),
    );
  }
  return value === null ? 'null' : typeof value;
}

beforeAll(async () => {
  receiver = await startReceiver();
  stack = await startTestStack({
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    WEBHOOK_TIMEOUT_MS: '2000',
    RATE_LIMIT_CAPTURE_PER_IP: '0',
    RATE_LIMIT_CAPTURE_PER_OWNER: '0',
    FORM_BURST_PER_MINUTE: '0',
    RATE_LIMIT_AUTH_PER_IP: '0',
    RATE_LIMIT_AUTH_PER_EMAIL: '0',
  });
  A = await contractor('smart');
  B = await contractor('instant');
  leadsOnlyKey = await createKey(A.token, ['leads:read', 'leads:write']);
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

describe('scope and isolation', () => {
  it('refuses a key without webhooks:manage with 403 problem details on every route', async () => {
    const endpoint = await createEndpoint('/scope', ['lead.created']);
    const id = endpoint.id;
    const routes: [Method, string, object?][] = [
      ['GET', '/webhook-endpoints'],
      ['POST', '/webhook-endpoints', { url: 'https://x.example.com/h', events: ['lead.created'] }],
      ['GET', `/webhook-endpoints/${id}`],
      ['PATCH', `/webhook-endpoints/${id}`, { description: 'x' }],
      ['DELETE', `/webhook-endpoints/${id}`],
      ['POST', `/webhook-endpoints/${id}/rotate-secret`],
      ['POST', `/webhook-endpoints/${id}/test`],
      ['GET', `/webhook-endpoints/${id}/deliveries`],
      ['POST', `/webhook-endpoints/${id}/deliveries/${id}/resend`],
      ['GET', '/hooks'],
      ['POST', '/hooks', { target_url: 'https://hooks.zapier.com/x', event: 'lead.created' }],
      ['DELETE', `/hooks/${id}`],
      ['GET', '/hooks/samples/lead.created'],
    ];
    for (const [method, url, payload] of routes) {
      const response = await v1(leadsOnlyKey, method, url, payload);
      expectProblem(response, 403, 'insufficient_scope', `${method} ${url}`);
    }
    // Nothing changed.
    expect((await v1(A.key, 'GET', `/webhook-endpoints/${id}`)).json()).toMatchObject({
      description: '',
      enabled: true,
    });
  });

  it("answers 404 for another contractor's endpoint, delivery and hook on every route", async () => {
    const endpoint = await createEndpoint('/isolation', ['lead.created']);
    const test = (
      await v1(A.key, 'POST', `/webhook-endpoints/${endpoint.id}/test`)
    ).json<WebhookDelivery>();
    const hook = await subscribe('/isolation-hook', 'lead.created');
    const base = `/webhook-endpoints/${endpoint.id}`;
    const routes: [Method, string, object?, string?][] = [
      ['GET', base],
      ['PATCH', base, { description: 'mine now' }],
      ['POST', `${base}/rotate-secret`],
      ['POST', `${base}/test`],
      ['GET', `${base}/deliveries`],
      ['POST', `${base}/deliveries/${test.id}/resend`],
      ['DELETE', base],
      ['GET', `/webhook-endpoints/${hook.id}`],
      ['DELETE', `/hooks/${hook.id}`, undefined, 'hook_not_found'],
    ];
    for (const [method, url, payload, code] of routes) {
      const response = await v1(B.key, method, url, payload);
      expectProblem(response, 404, code ?? 'endpoint_not_found', `${method} ${url}`);
    }
    // A's own endpoint's delivery through another endpoint of A is not found either.
    const other = await createEndpoint('/isolation-other', ['lead.created']);
    expectProblem(
      await v1(A.key, 'POST', `/webhook-endpoints/${other.id}/deliveries/${test.id}/resend`),
      404,
      'delivery_not_found',
    );
    expect((await v1(B.key, 'GET', '/webhook-endpoints')).json()).toEqual([]);
    expect((await v1(B.key, 'GET', '/hooks')).json()).toEqual([]);
    const mine = (await v1(A.key, 'GET', base)).json<WebhookEndpoint>();
    expect(mine).toMatchObject({ description: '', url: receiver.url('/isolation') });
    expect(mine.secretPrefix).toBe(`${endpoint.secret.slice(0, 10)}…`);
    // B's samples are built from B's leads only (none: the marked example).
    await captureLead(A.id);
    const samples = (await v1(B.key, 'GET', '/hooks/samples/lead.created')).json<
      WebhookPayload[]
    >();
    expect(samples).toHaveLength(1);
    expect(samples[0]!.example).toBe(true);
  });

  it.each<[string, Method, string]>([
    ['a malformed endpoint id', 'GET', '/webhook-endpoints/not-a-uuid'],
    ['a malformed endpoint id', 'PATCH', '/webhook-endpoints/123'],
    ['a malformed endpoint id', 'DELETE', '/webhook-endpoints/%27;drop'],
    ['a malformed endpoint id', 'POST', '/webhook-endpoints/x/rotate-secret'],
    ['a malformed endpoint id', 'POST', '/webhook-endpoints/x/test'],
    ['a malformed endpoint id', 'GET', '/webhook-endpoints/x/deliveries'],
    ['an unknown endpoint id', 'GET', '/webhook-endpoints/00000000-0000-4000-8000-000000000000'],
  ])('answers %s on %s %s with 404 problem details', async (_name, method, url) => {
    const response = await v1(A.key, method, url, method === 'PATCH' ? {} : undefined);
    expectProblem(response, 404, 'endpoint_not_found');
  });

  it('answers bad delivery and hook ids, bodies, cursors and events with 4xx problem details', async () => {
    const endpoint = await createEndpoint('/bad', ['lead.created']);
    const base = `/webhook-endpoints/${endpoint.id}`;
    expectProblem(
      await v1(A.key, 'POST', `${base}/deliveries/nope/resend`),
      404,
      'delivery_not_found',
    );
    expectProblem(await v1(A.key, 'DELETE', '/hooks/nope'), 404, 'hook_not_found');
    expectProblem(await v1(A.key, 'GET', `${base}/deliveries?cursor=nope`), 400, 'invalid_cursor');
    expectProblem(
      await v1(A.key, 'GET', `${base}/deliveries?limit=1000`),
      400,
      'validation_failed',
    );
    const cases: [Method, string, object, string][] = [
      ['POST', '/webhook-endpoints', { url: 'https://x.example.com/h', events: [] }, 'events'],
      ['POST', '/webhook-endpoints', { events: ['lead.created'] }, 'url'],
      [
        'POST',
        '/webhook-endpoints',
        { url: 'https://x.example.com/h', events: ['lead.eaten'] },
        'events',
      ],
      ['PATCH', base, { enabled: 'yes' }, 'enabled'],
      [
        'POST',
        '/hooks',
        { target_url: 'https://hooks.zapier.com/x', event: 'lead.eaten' },
        'event',
      ],
      ['POST', '/hooks', { event: 'lead.created' }, 'target_url'],
    ];
    for (const [method, url, payload, field] of cases) {
      const response = await v1(A.key, method, url, payload);
      expectProblem(response, 400, 'validation_failed', `${method} ${url} ${field}`);
      const fields = Object.keys(response.json<{ errors: object }>().errors);
      expect(fields.map((name) => name.split('.')[0])).toContain(field);
    }
    const http = await v1(A.key, 'POST', '/hooks', {
      target_url: 'http://hooks.example.com/x',
      event: 'lead.created',
    });
    expectProblem(http, 400, 'invalid_url');
    expect(http.json<{ detail: string }>().detail).toContain('https://');
    const unknownEvent = await v1(A.key, 'GET', '/hooks/samples/lead.eaten');
    expectProblem(unknownEvent, 400, 'validation_failed');
    expect(Object.keys(unknownEvent.json<{ errors: object }>().errors)).toContain('event');
    // A plain endpoint is not a hook: the hook route leaves it alone.
    expectProblem(await v1(A.key, 'DELETE', `/hooks/${endpoint.id}`), 404, 'hook_not_found');
    expect((await v1(A.key, 'GET', base)).statusCode).toBe(200);
  });
});

describe('endpoints through the public API', () => {
  it('creates once per Idempotency-Key, showing the secret once, and manages the endpoint', async () => {
    const body = { url: receiver.url('/v1-crud'), events: ['lead.created'], description: 'CRM' };
    const headers = { 'idempotency-key': 'create-endpoint-1' };
    const first = await v1(A.key, 'POST', '/webhook-endpoints', body, headers);
    expect(first.statusCode).toBe(201);
    const created = first.json<WebhookEndpointWithSecret>();
    expect(created).toMatchObject({ source: 'api', description: 'CRM', enabled: true });
    expect(created.secret).toMatch(/^whsec_/);
    const again = await v1(A.key, 'POST', '/webhook-endpoints', body, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<WebhookEndpointWithSecret>().id).toBe(created.id);
    expect(
      await stack.prisma.webhookEndpoint.count({ where: { url: receiver.url('/v1-crud') } }),
    ).toBe(1);
    expectProblem(
      await v1(A.key, 'POST', '/webhook-endpoints', { ...body, description: 'Other' }, headers),
      409,
      'idempotency_key_reused',
    );

    const base = `/webhook-endpoints/${created.id}`;
    const listed = (await v1(A.key, 'GET', '/webhook-endpoints')).json<WebhookEndpoint[]>();
    expect(listed.find((e) => e.id === created.id)).not.toHaveProperty('secret');
    const updated = await v1(A.key, 'PATCH', base, { events: ['lead.created', 'lead.updated'] });
    expect(updated.json()).toMatchObject({ events: ['lead.created', 'lead.updated'] });
    const rotated = (
      await v1(A.key, 'POST', `${base}/rotate-secret`)
    ).json<WebhookEndpointWithSecret>();
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.previousSecretExpiresAt).not.toBeNull();

    const test = await v1(A.key, 'POST', `${base}/test`);
    expect(test.statusCode).toBe(201);
    const delivery = test.json<WebhookDelivery>();
    expect(delivery.eventType).toBe('webhook.test');
    // (The lead captured by an earlier test may reach this endpoint too.)
    const sent = () =>
      receiver.at('/v1-crud').filter((r) => r.headers['webhook-id'] === delivery.messageId);
    const [received] = await eventually(() => sent().length > 0 && sent());
    // Signed with the new secret and, during the overlap, the old one.
    expect(verify(rotated.secret, received!)).toMatchObject({ type: 'webhook.test' });
    expect(verify(created.secret, received!).id).toMatch(/^evt_[0-9a-f]{32}$/);
    const log = await eventually(async () => {
      const page = (
        await v1(A.key, 'GET', `${base}/deliveries?limit=1`)
      ).json<WebhookDeliveryPage>();
      return page.items[0]?.state === 'succeeded' && page;
    });
    expect(log.items[0]).toMatchObject({ id: delivery.id, attempts: 1, lastStatusCode: 200 });
    const resent = await v1(A.key, 'POST', `${base}/deliveries/${delivery.id}/resend`);
    expect(resent.statusCode).toBe(200);
    await eventually(() => sent().length >= 2);

    const removed = await v1(A.key, 'DELETE', base, undefined, { 'idempotency-key': 'del-1' });
    expect(removed.statusCode).toBe(204);
    expectProblem(await v1(A.key, 'GET', base), 404, 'endpoint_not_found');
  });
});

describe('limits under requests at once', () => {
  it('makes at most 10 endpoints of 12 asked for at once, refusing the rest with 409', async () => {
    const C = await contractor('smart');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        v1(C.key, 'POST', '/webhook-endpoints', {
          url: receiver.url(`/burst-${i}`),
          events: ['lead.created'],
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expectProblem(refused, 409, 'too_many_endpoints');
    }
    expect(await stack.prisma.webhookEndpoint.count({ where: { ownerId: C.id } })).toBe(
      WEBHOOK_ENDPOINTS_MAX,
    );
  });

  it('holds at most 20 active API keys when 21 more are asked for at once', async () => {
    const C = await contractor('smart');
    const answers = await Promise.all(
      Array.from({ length: API_KEYS_MAX + 1 }, () =>
        stack.app.inject({
          method: 'POST',
          url: '/api/api-keys',
          headers: { authorization: `Bearer ${C.token}` },
          payload: { name: 'Burst', scopes: ['leads:read'] },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    // The contractor's first key (the fixture's) and 19 of these.
    expect(codes.filter((code) => code === 201)).toHaveLength(API_KEYS_MAX - 1);
    expect(codes.filter((code) => code === 409)).toHaveLength(2);
    expect(await stack.prisma.apiKey.count({ where: { ownerId: C.id, revokedAt: null } })).toBe(
      API_KEYS_MAX,
    );
  });

  it('keeps one hook when Zapier sends the same subscription again without an Idempotency-Key', async () => {
    const C = await contractor('smart');
    const body = { target_url: receiver.url('/zap-twice'), event: 'lead.created' };
    const answers = await Promise.all([
      v1(C.key, 'POST', '/hooks', body),
      v1(C.key, 'POST', '/hooks', body),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const [first, second] = answers.map((answer) => answer.json<Hook>());
    expect(second!.id).toBe(first!.id);
    expect((await v1(C.key, 'GET', '/hooks')).json<Hook[]>()).toHaveLength(1);
    // Another event or another Zap's URL is another hook.
    await subscribe('/zap-twice', 'lead.updated', C.key);
    await subscribe('/zap-other', 'lead.created', C.key);
    expect((await v1(C.key, 'GET', '/hooks')).json<Hook[]>()).toHaveLength(3);
  });
});

describe('Zapier REST hooks', () => {
  it('delivers a quote request to a subscribed hook until it is unsubscribed', async () => {
    const C = await contractor('smart');
    const headers = { 'idempotency-key': 'zap-1-on' };
    const body = { target_url: receiver.url('/zap-new-lead'), event: 'lead.created' };
    const subscribed = await v1(C.key, 'POST', '/hooks', body, headers);
    expect(subscribed.statusCode).toBe(201);
    const hook = subscribed.json<Hook>();
    expect(hook).toMatchObject({
      event: 'lead.created',
      target_url: body.target_url,
      enabled: true,
    });
    expect(hook).not.toHaveProperty('secret');
    // Zapier retrying its subscribe call gets the same hook, not a second one.
    const retried = await v1(C.key, 'POST', '/hooks', body, headers);
    expect(retried.json<Hook>().id).toBe(hook.id);
    expect((await v1(C.key, 'GET', '/hooks')).json()).toEqual([hook]);
    // The dashboard lists it as Zapier's.
    const dashboard = await stack.app.inject({
      method: 'GET',
      url: '/api/webhook-endpoints',
      headers: { authorization: `Bearer ${C.token}` },
    });
    expect(dashboard.json<WebhookEndpoint[]>()).toEqual([
      expect.objectContaining({ id: hook.id, source: 'zapier', events: ['lead.created'] }),
    ]);

    await captureLead(C.id);
    const [request] = await eventually(() => {
      const found = receiver.at('/zap-new-lead');
      return found.length > 0 && found;
    }, 10_000);
    const delivered = verify(await secretOf(hook.id), request!);
    const lead = await stack.prisma.lead.findFirstOrThrow({ where: { ownerId: C.id } });
    expect(delivered).toMatchObject({ type: 'lead.created', data: { lead: { id: lead.id } } });

    // The recent items: the same payload (same event id and data), in exactly its shape.
    const samples = (await v1(C.key, 'GET', '/hooks/samples/lead.created')).json<
      WebhookPayload[]
    >();
    expect(samples).toHaveLength(1);
    expect(shape(samples[0])).toEqual(shape(delivered));
    expect(samples[0]).toEqual({ ...delivered, timestamp: lead.createdAt.toISOString() });

    const off = await v1(C.key, 'DELETE', `/hooks/${hook.id}`);
    expect(off.statusCode).toBe(204);
    expect((await v1(C.key, 'GET', '/hooks')).json()).toEqual([]);
    expectProblem(await v1(C.key, 'DELETE', `/hooks/${hook.id}`), 404, 'hook_not_found');
    await captureLead(C.id);
    await eventually(
      async () => (await stack.prisma.lead.count({ where: { ownerId: C.id } })) === 2,
    );
    await stack.worker.get(WebhookDispatcher).dispatch();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.at('/zap-new-lead')).toHaveLength(1);
  });

  it('removes a hook whose target answers 410 Gone', async () => {
    const C = await contractor('smart');
    receiver.answer('/zap-gone', 410);
    const hook = await subscribe('/zap-gone', 'lead.created', C.key);
    const other = await subscribe('/zap-stays', 'lead.created', C.key);
    await captureLead(C.id);
    await eventually(async () => (await v1(C.key, 'GET', '/hooks')).json<Hook[]>().length === 1);
    expect((await v1(C.key, 'GET', '/hooks')).json()).toEqual([other]);
    expect(await stack.prisma.webhookEndpoint.count({ where: { id: hook.id } })).toBe(0);
    expect(receiver.at('/zap-gone')).toHaveLength(1);
    // Each hook's delivery is its own: the other's may be sent in a later batch than the 410.
    await eventually(() => receiver.at('/zap-stays').length > 0);
    expect(receiver.at('/zap-stays')).toHaveLength(1);
  });

  it('keeps a dashboard endpoint answering 410: only hooks are unsubscribed by it', async () => {
    receiver.answer('/plain-gone', 410);
    const endpoint = await createEndpoint('/plain-gone', ['lead.created']);
    await v1(A.key, 'POST', `/webhook-endpoints/${endpoint.id}/test`);
    await eventually(async () => {
      const page = (
        await v1(A.key, 'GET', `/webhook-endpoints/${endpoint.id}/deliveries`)
      ).json<WebhookDeliveryPage>();
      return page.items[0]?.lastStatusCode === 410;
    });
    expect((await v1(A.key, 'GET', `/webhook-endpoints/${endpoint.id}`)).statusCode).toBe(200);
  });

  it.each([
    'lead.created',
    'lead.updated',
    'lead.status_changed',
    'lead.note_added',
    'lead.deleted',
    'booking.created',
  ])('answers one marked example for %s when the contractor has none', async (event) => {
    const C = await contractor('smart');
    const response = await v1(C.key, 'GET', `/hooks/samples/${event}`);
    expect(response.statusCode).toBe(200);
    const [example, ...rest] = response.json<WebhookPayload[]>();
    expect(rest).toEqual([]);
    expect(example).toMatchObject({
      type: event,
      example: true,
      id: expect.stringMatching(/^evt_/),
    });
    expect(example!.data).toHaveProperty('lead.id');
  });
});

describe('lead.updated', () => {
  it('is delivered when a locked lead unlocks, with its contact details now visible', async () => {
    const C = await contractor('smart');
    const locked = await stack.prisma.lead.create({
      data: {
        ownerId: C.id,
        firstName: 'Hidden',
        lastName: 'Homeowner',
        email: 'hidden.homeowner@example.com',
        phone: '5125550111',
        address: '9 Locked Ln, Austin, TX 78701',
        zipCode: '78701',
        ownership: 'owner',
        material: 'metal',
        stories: 'one',
        roofArea: 2100,
        estimateLow: 9000,
        estimateMid: 12000,
        estimateHigh: 15000,
        locked: true,
        lockedReason: 'monthly_limit',
      },
    });
    const hook = await subscribe('/zap-updated', 'lead.updated', C.key);
    const before = (await v1(C.key, 'GET', '/hooks/samples/lead.updated')).json<WebhookPayload[]>();
    expect(before).toEqual([expect.objectContaining({ example: true })]);

    // A plan change (or the month's room, or a new month) unlocks what the plan now allows.
    await stack.app.get(LocalEvents).emit('subscription.changed', { userId: C.id });
    const [request] = await eventually(() => {
      const found = receiver.at('/zap-updated');
      return found.length > 0 && found;
    }, 10_000);
    const payload = verify(await secretOf(hook.id), request!);
    expect(payload).toMatchObject({
      type: 'lead.updated',
      data: {
        lead: {
          id: locked.id,
          locked: false,
          lockedReason: null,
          name: 'Hidden Homeowner',
          email: 'hidden.homeowner@example.com',
          phone: '5125550111',
        },
        change: { type: 'unlocked' },
      },
    });
    const samples = (await v1(C.key, 'GET', '/hooks/samples/lead.updated')).json<
      WebhookPayload[]
    >();
    expect(samples[0]).toEqual({ ...payload, timestamp: expect.any(String) });
    expect(shape(samples[0])).toEqual(shape(payload));

    // Marking it spam is a change too.
    const token = { authorization: `Bearer ${C.token}` };
    const spam = await stack.app.inject({
      method: 'PATCH',
      url: `/api/leads/${locked.id}/spam`,
      headers: token,
      payload: { spam: true },
    });
    expect(spam.statusCode).toBeLessThan(300);
    const [second] = await eventually(() => {
      const found = receiver.at('/zap-updated');
      return found.length > 1 && found.slice(1);
    });
    expect(verify(await secretOf(hook.id), second!)).toMatchObject({
      type: 'lead.updated',
      data: { lead: { id: locked.id, spam: true }, change: { type: 'marked_spam' } },
    });
  });
});
