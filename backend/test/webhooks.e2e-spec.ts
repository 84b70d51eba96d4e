import { type BookingOffer, type HomeownerBooking } from '@rafter/domain/calendar';
import { type LeadListItem } from '@rafter/domain/crm';
import {
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@rafter/domain/webhooks';
import { createServer, type Socket } from 'node:net';
import { LocalEvents } from '../src/core/events/local-events';
import { OutboxService } from '../src/core/outbox/outbox.service';
import { WebhookDispatcher } from '../src/modules/webhooks/webhook-dispatcher.service';
import { WebhookSender } from '../src/modules/webhooks/webhook-sender';
import { createAccount } from './factories/account.factory';
import { leadInput } from './factories/lead-payload.factory';
import { eventually } from './utils/async';
import { formToken } from './utils/form-token';
import { startTestStack, type TestStack } from './utils/stack';
import { type Receiver, startReceiver, verify } from './utils/webhook-receiver';

let stack: TestStack;
let receiver: Receiver;
let tokenA: string;
let tokenB: string;
let ownerA: string;
let emailA: string;

async function signIn(email: string, password: string): Promise<string> {
  const response = await stack.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ accessToken: string }>().accessToken;
}

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
) {
  return stack.app.inject({
    method,
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function contractor(plan: 'starter' | 'smart' | 'instant') {
  const account = await createAccount(stack.prisma);
  await stack.prisma.subscription.create({
    data: {
      userId: account.id,
      plan,
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 20 * 24 * 3600 * 1000),
    },
  });
  return { ...account, token: await signIn(account.email, account.password!) };
}

async function createEndpoint(path: string, events: string[], token = tokenA) {
  const response = await call('POST', '/api/webhook-endpoints', token, {
    url: receiver.url(path),
    events,
  });
  expect(response.statusCode).toBe(201);
  return response.json<WebhookEndpointWithSecret>();
}

async function deliveries(endpointId: string, token = tokenA): Promise<WebhookDelivery[]> {
  const response = await call('GET', `/api/webhook-endpoints/${endpointId}/deliveries`, token);
  expect(response.statusCode).toBe(200);
  return response.json<WebhookDeliveryPage>().items;
}

/** Makes the endpoint's pending deliveries due now, as if their backoff had passed. */
async function makeDue(endpointId: string) {
  await stack.prisma.$executeRaw`
    UPDATE webhook_deliveries SET next_attempt_at = now()
    WHERE endpoint_id = ${endpointId}::uuid AND state = 'pending'`;
}

beforeAll(async () => {
  receiver = await startReceiver();
  stack = await startTestStack({
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    WEBHOOK_TIMEOUT_MS: '2000',
    RATE_LIMIT_CAPTURE_PER_IP: '0',
    RATE_LIMIT_CAPTURE_PER_OWNER: '0',
    FORM_BURST_PER_MINUTE: '0',
  });
  const a = await contractor('smart');
  const b = await contractor('instant');
  ownerA = a.id;
  emailA = a.email;
  tokenA = a.token;
  tokenB = b.token;
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

describe('session routes', () => {
  it('need a session', async () => {
    expect((await call('GET', '/api/webhook-endpoints')).statusCode).toBe(401);
    expect(
      (
        await call('POST', '/api/webhook-endpoints', undefined, {
          url: 'https://x.test',
          events: ['lead.created'],
        })
      ).statusCode,
    ).toBe(401);
  });

  it('are for Smart and Instant plans', async () => {
    const starter = await contractor('starter');
    const response = await call('POST', '/api/webhook-endpoints', starter.token, {
      url: 'https://hooks.example.com/rafter',
      events: ['lead.created'],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: expect.stringContaining('Smart') });
  });

  it.each<[string, object, string]>([
    [
      'a plain http URL',
      { url: 'http://hooks.example.com/x', events: ['lead.created'] },
      'https://',
    ],
    ['no event', { url: 'https://hooks.example.com/x', events: [] }, 'event'],
    ['an unknown event', { url: 'https://hooks.example.com/x', events: ['lead.eaten'] }, 'events'],
  ])('refuse %s', async (_name, payload, message) => {
    const response = await call('POST', '/api/webhook-endpoints', tokenA, payload);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('show the secret once, then only its prefix; update and delete', async () => {
    const created = await createEndpoint('/crud', ['lead.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.secretPrefix).toBe(`${created.secret.slice(0, 10)}…`);
    const listed = (await call('GET', '/api/webhook-endpoints', tokenA)).json<WebhookEndpoint[]>();
    const mine = listed.find((endpoint) => endpoint.id === created.id)!;
    expect(mine).not.toHaveProperty('secret');
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const paused = await call('PATCH', `/api/webhook-endpoints/${created.id}`, tokenA, {
      enabled: false,
      events: ['lead.created', 'lead.deleted'],
    });
    expect(paused.json()).toMatchObject({
      enabled: false,
      disabledReason: 'paused',
      events: ['lead.created', 'lead.deleted'],
    });
    expect((await call('DELETE', `/api/webhook-endpoints/${created.id}`, tokenA)).statusCode).toBe(
      204,
    );
    expect((await call('GET', `/api/webhook-endpoints/${created.id}`, tokenA)).statusCode).toBe(
      404,
    );
  });

  it("answer 404 for another contractor's endpoint on every route", async () => {
    const endpoint = await createEndpoint('/isolation', ['lead.created']);
    const test = (
      await call('POST', `/api/webhook-endpoints/${endpoint.id}/test`, tokenA)
    ).json<WebhookDelivery>();
    const base = `/api/webhook-endpoints/${endpoint.id}`;
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', base],
      ['PATCH', base, { description: 'mine now' }],
      ['POST', `${base}/rotate-secret`],
      ['POST', `${base}/test`],
      ['GET', `${base}/deliveries`],
      ['POST', `${base}/deliveries/${test.id}/resend`],
      ['DELETE', base],
    ];
    for (const [method, url, payload] of routes) {
      const response = await call(method, url, tokenB, payload);
      expect([method, url, response.statusCode]).toEqual([method, url, 404]);
    }
    const listB = (await call('GET', '/api/webhook-endpoints', tokenB)).json<WebhookEndpoint[]>();
    expect(listB).toEqual([]);
    expect((await call('GET', base, tokenA)).json<WebhookEndpoint>().description).toBe('');
  });
});

describe('delivery', () => {
  it('sends a captured lead, signed so that standardwebhooks verifies it, within 2 s', async () => {
    const endpoint = await createEndpoint('/leads', [
      'lead.created',
      'lead.status_changed',
      'lead.updated',
    ]);
    const started = Date.now();
    const captured = await stack.app.inject({
      method: 'POST',
      url: '/api/capture-lead',
      payload: { ownerId: ownerA, lead: leadInput(), formToken: formToken(stack.app, ownerA) },
    });
    expect(captured.statusCode).toBeLessThan(300);
    const [request] = await eventually(() => {
      const found = receiver.at('/leads');
      return found.length > 0 && found;
    }, 10_000);
    expect(request!.at - started).toBeLessThan(2000);
    const event = verify(endpoint.secret, request!);
    const lead = await stack.prisma.lead.findFirstOrThrow({ where: { ownerId: ownerA } });
    expect(event).toMatchObject({
      type: 'lead.created',
      data: { lead: { id: lead.id, status: 'new' } },
    });
    // A different secret does not verify it.
    expect(() => verify(`whsec_${Buffer.alloc(24, 1).toString('base64')}`, request!)).toThrow();

    const log = await eventually(async () => {
      const items = await deliveries(endpoint.id);
      return items[0]?.state === 'succeeded' && items;
    });
    expect(log[0]).toMatchObject({
      eventType: 'lead.created',
      messageId: request!.headers['webhook-id'],
      attempts: 1,
      lastStatusCode: 200,
    });
    expect(log[0]!.attemptLog[0]).toMatchObject({
      attempt: 1,
      statusCode: 200,
      ok: true,
      responseExcerpt: 'ok',
    });
    expect(log[0]!.attemptLog[0]!.requestExcerpt).toContain(lead.id);

    // A status change: lead.status_changed and lead.updated, in that order, with the change.
    const changed = await call('PATCH', `/api/leads/${lead.id}/status`, tokenA, {
      status: 'contacted',
    });
    expect(changed.statusCode).toBe(200);
    const changes = await eventually(() => {
      const found = receiver.at('/leads');
      return found.length >= 3 && found.slice(1);
    });
    const events = changes.map((received) => verify(endpoint.secret, received));
    expect(events.map((e) => e.type)).toEqual(['lead.status_changed', 'lead.updated']);
    expect(events[0]!.data).toMatchObject({
      lead: { id: lead.id, status: 'contacted' },
      change: { type: 'status_changed', fromStatus: 'new', toStatus: 'contacted' },
    });

    // A note: lead.updated only (the endpoint did not choose lead.note_added).
    const noted = await call('POST', `/api/leads/${lead.id}/notes`, tokenA, {
      body: 'Called back',
    });
    expect(noted.statusCode).toBe(201);
    const [note] = await eventually(() => {
      const found = receiver.at('/leads');
      return found.length >= 4 && found.slice(3);
    });
    expect(verify(endpoint.secret, note!)).toMatchObject({
      type: 'lead.updated',
      data: { lead: { id: lead.id }, change: { type: 'note_added', note: 'Called back' } },
    });

    // A deleted lead (the outbox event the deletion writes).
    const other = await createEndpoint('/deleted', ['lead.deleted']);
    await stack.prisma.$transaction((tx) =>
      stack.app.get(OutboxService).add(tx, 'lead.deleted', { leadId: lead.id, ownerId: ownerA }),
    );
    const [deleted] = await eventually(() => {
      const found = receiver.at('/deleted');
      return found.length > 0 && found;
    });
    expect(verify(other.secret, deleted!)).toMatchObject({
      type: 'lead.deleted',
      data: { lead: { id: lead.id } },
    });
  });

  it('stores a subscription change for its endpoints before the change returns', async () => {
    const endpoint = await createEndpoint('/plan', ['subscription.changed']);
    await stack.app.get(LocalEvents).emit('subscription.changed', { userId: ownerA });
    const stored = await stack.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } });
    expect(stored).toBe(1);
    const [request] = await eventually(() => {
      const found = receiver.at('/plan');
      return found.length > 0 && found;
    });
    expect(verify(endpoint.secret, request!)).toMatchObject({
      type: 'subscription.changed',
      data: { subscription: { plan: 'smart', active: true, level: 2 } },
    });
  });

  it('sends booking.created when a homeowner books an inspection, with its time and lead', async () => {
    const owner = await contractor('smart');
    const endpoint = await createEndpoint('/bookings', ['booking.created'], owner.token);
    // The homeowner's quote request, then the first time offered (as calendar.e2e-spec.ts does).
    const quoted = await stack.app.inject({
      method: 'POST',
      url: '/api/capture-lead',
      payload: {
        ownerId: owner.id,
        lead: leadInput({ firstName: 'Maria' }),
        formToken: formToken(stack.app, owner.id),
      },
    });
    expect(quoted.statusCode).toBe(201);
    const { id: leadId, bookingToken } = quoted.json<{ id: string; bookingToken: string }>();
    const offered = await call(
      'GET',
      `/api/booking/offer?token=${encodeURIComponent(bookingToken)}`,
    );
    expect(offered.statusCode).toBe(200);
    const offer = offered.json<BookingOffer>();
    const slot = offer.slots[0]!;
    const booked = await call('POST', '/api/booking', undefined, {
      token: bookingToken,
      startsAt: slot.startsAt,
    });
    expect(booked.statusCode).toBe(201);
    const booking = booked.json<HomeownerBooking>();

    const [request] = await eventually(() => {
      const found = receiver.at('/bookings');
      return found.length > 0 && found;
    }, 10_000);
    const event = verify(endpoint.secret, request!);
    expect(() => verify(`whsec_${Buffer.alloc(24, 2).toString('base64')}`, request!)).toThrow();
    // The lead exactly as the dashboard lists it (and lead.created shows it): Contacted now.
    const listed = (await call('GET', '/api/leads', owner.token)).json<{ items: LeadListItem[] }>();
    const lead = listed.items.find((item) => item.id === leadId)!;
    expect(lead).toMatchObject({ name: expect.stringContaining('Maria'), status: 'contacted' });
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: 'booking.created',
      timestamp: expect.any(String),
      data: {
        booking: {
          id: booking.id,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          timeZone: offer.timeZone,
          status: 'booked',
        },
        lead,
      },
    });
    expect(booking).toMatchObject({ startsAt: slot.startsAt, endsAt: slot.endsAt });

    // One delivery, in the log: the endpoint chose only booking.created.
    const log = await eventually(async () => {
      const items = await deliveries(endpoint.id, owner.token);
      return items[0]?.state === 'succeeded' && items;
    });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      eventType: 'booking.created',
      messageId: request!.headers['webhook-id'],
      attempts: 1,
    });
    expect(receiver.at('/bookings')).toHaveLength(1);
  });

  it('retries a receiver answering 500, records each attempt, and resend delivers it', async () => {
    receiver.answer('/down', 500);
    const endpoint = await createEndpoint('/down', ['lead.note_added']);
    const queued = await call('POST', `/api/webhook-endpoints/${endpoint.id}/test`, tokenA);
    expect(queued.statusCode).toBe(201);
    const first = await eventually(async () => {
      const [item] = await deliveries(endpoint.id);
      return item && item.lastStatusCode === 500 && item.attemptLog.length === 1 && item;
    });
    expect(first).toMatchObject({
      state: 'pending',
      lastStatusCode: 500,
      eventType: 'webhook.test',
    });
    expect(first.attemptLog[0]).toMatchObject({ statusCode: 500, ok: false, error: 'HTTP 500' });
    expect(first.attemptLog[0]!.responseExcerpt!.length).toBe(2048);
    // Backoff: the next attempt waits about 5 s (4-6 s with jitter).
    const wait = Date.parse(first.nextAttemptAt!) - Date.parse(first.attemptLog[0]!.at);
    expect(wait).toBeGreaterThanOrEqual(3900);
    expect(wait).toBeLessThanOrEqual(6100);

    await makeDue(endpoint.id);
    const second = await eventually(async () => {
      const [item] = await deliveries(endpoint.id);
      return (
        item?.attemptLog.length === 2 &&
        item.state === 'pending' &&
        Date.parse(item.nextAttemptAt!) > Date.parse(item.attemptLog[0]!.at) + 10_000 &&
        item
      );
    });
    expect(second.attemptLog.map((a) => [a.attempt, a.statusCode])).toEqual([
      [2, 500],
      [1, 500],
    ]);
    const wait2 = Date.parse(second.nextAttemptAt!) - Date.parse(second.attemptLog[0]!.at);
    expect(wait2).toBeGreaterThanOrEqual(15_900);

    receiver.answer('/down', 204);
    const resent = await call(
      'POST',
      `/api/webhook-endpoints/${endpoint.id}/deliveries/${first.id}/resend`,
      tokenA,
    );
    expect(resent.statusCode).toBe(200);
    const done = await eventually(async () => {
      const [item] = await deliveries(endpoint.id);
      return item?.state === 'succeeded' && item;
    });
    expect(done.attemptLog[0]).toMatchObject({ attempt: 3, statusCode: 204, ok: true });
    const ids = new Set(receiver.at('/down').map((r) => r.headers['webhook-id']));
    expect([...ids]).toEqual([first.messageId]);
  });

  it('disables the endpoint after the retry window and e-mails the contractor', async () => {
    receiver.answer('/gone', 503);
    const endpoint = await createEndpoint('/gone', ['lead.created']);
    await call('POST', `/api/webhook-endpoints/${endpoint.id}/test`, tokenA);
    await eventually(async () => (await deliveries(endpoint.id))[0]?.lastStatusCode === 503);
    // Three days of failures later: the window started 3 days ago and the next attempt is due.
    await stack.prisma.$executeRaw`
      UPDATE webhook_deliveries SET retry_from = now() - interval '3 days', next_attempt_at = now()
      WHERE endpoint_id = ${endpoint.id}::uuid`;
    const failed = await eventually(async () => {
      const [item] = await deliveries(endpoint.id);
      return item?.state === 'failed' && item;
    });
    expect(failed.attemptLog[0]).toMatchObject({ attempt: 2, statusCode: 503 });
    expect(failed.nextAttemptAt).toBeNull();
    // The endpoint is disabled right after the failed attempt is stored.
    const after = await eventually(async () => {
      const endpointNow = (
        await call('GET', `/api/webhook-endpoints/${endpoint.id}`, tokenA)
      ).json<WebhookEndpoint>();
      return !endpointNow.enabled && endpointNow;
    });
    expect(after).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mail = await eventually(() =>
      stack.sink.to(emailA).find((m) => m.subject === 'Your Rafter webhook endpoint was disabled'),
    );
    expect(mail.text).toContain(receiver.url('/gone'));

    // Nothing is sent to a disabled endpoint; re-enabling it lets a resend through.
    const count = receiver.at('/gone').length;
    await call('POST', `/api/webhook-endpoints/${endpoint.id}/test`, tokenA);
    await stack.worker.get(WebhookDispatcher).dispatch();
    expect(receiver.at('/gone')).toHaveLength(count);
    receiver.answer('/gone', 200);
    await call('PATCH', `/api/webhook-endpoints/${endpoint.id}`, tokenA, { enabled: true });
    await call(
      'POST',
      `/api/webhook-endpoints/${endpoint.id}/deliveries/${failed.id}/resend`,
      tokenA,
    );
    await eventually(() => receiver.at('/gone').length >= count + 2);
  });

  it('signs with the old and the new secret during a rotation', async () => {
    const endpoint = await createEndpoint('/rotate', ['lead.created']);
    const rotated = await call(
      'POST',
      `/api/webhook-endpoints/${endpoint.id}/rotate-secret`,
      tokenA,
    );
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json<WebhookEndpointWithSecret>();
    expect(next.secret).not.toBe(endpoint.secret);
    expect(Date.parse(next.previousSecretExpiresAt!) - Date.now()).toBeGreaterThan(
      23 * 3600 * 1000,
    );
    await call('POST', `/api/webhook-endpoints/${endpoint.id}/test`, tokenA);
    const [request] = await eventually(() => {
      const found = receiver.at('/rotate');
      return found.length > 0 && found;
    });
    expect(String(request!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(next.secret, request!).type).toBe('webhook.test');
    expect(verify(endpoint.secret, request!).type).toBe('webhook.test');
  });

  it('pages the delivery log with a cursor', async () => {
    const endpoint = await createEndpoint('/paged', ['lead.created']);
    for (let i = 0; i < 3; i++)
      await call('POST', `/api/webhook-endpoints/${endpoint.id}/test`, tokenA);
    const first = (
      await call('GET', `/api/webhook-endpoints/${endpoint.id}/deliveries?limit=2`, tokenA)
    ).json<WebhookDeliveryPage>();
    expect(first.items).toHaveLength(2);
    const second = (
      await call(
        'GET',
        `/api/webhook-endpoints/${endpoint.id}/deliveries?limit=2&cursor=${first.nextCursor}`,
        tokenA,
      )
    ).json<WebhookDeliveryPage>();
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((d) => d.id)).size).toBe(3);
    const bad = await call(
      'GET',
      `/api/webhook-endpoints/${endpoint.id}/deliveries?cursor=nope`,
      tokenA,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('SSRF protection', () => {
  it('refuses a hostname that resolves to 127.0.0.1 when loopback is not allowed', async () => {
    const sender = new WebhookSender({ allowLoopback: false, timeoutMs: 2000, maxSockets: 4 });
    try {
      const result = await sender.post(`http://localhost:${receiver.port}/ssrf`, {}, '{}');
      expect(result).toMatchObject({ ok: false, statusCode: null });
      expect(result.error).toMatch(/not allowed/i);
      const literal = await sender.post(`http://127.0.0.1:${receiver.port}/ssrf`, {}, '{}');
      expect(literal).toMatchObject({ ok: false, statusCode: null });
      const metadata = await sender.post('http://169.254.169.254/latest/meta-data/', {}, '{}');
      expect(metadata).toMatchObject({ ok: false, statusCode: null });
      expect(metadata.error).toMatch(/not allowed/i);
      expect(receiver.at('/ssrf')).toHaveLength(0);
    } finally {
      sender.close();
    }
  });

  it('does not follow a redirect to an internal address', async () => {
    const internal = await startReceiver();
    try {
      receiver.answer('/redirect', 302, { location: internal.url('/admin') });
      const endpoint = await createEndpoint('/redirect', ['lead.created']);
      await call('POST', `/api/webhook-endpoints/${endpoint.id}/test`, tokenA);
      const [item] = await eventually(async () => {
        const items = await deliveries(endpoint.id);
        // The attempt is counted when claimed; its answer is stored once it is back.
        return items[0]?.lastStatusCode === 302 && items[0].attemptLog.length === 1 && items;
      });
      expect(item!.attemptLog[0]).toMatchObject({ statusCode: 302, ok: false });
      expect(item!.attemptLog[0]!.error).toContain('not followed');
      expect(item!.state).toBe('pending');
      expect(internal.received).toHaveLength(0);
    } finally {
      await internal.close();
    }
  });
});

describe('kept-alive connections', () => {
  it('sends again on a new connection when the receiver closed the kept-alive one as it was reused', async () => {
    // A receiver whose idle timeout ends a kept-alive connection just as the next delivery
    // reuses it: each connection answers its first request, and a second one on it is cut off.
    const served = new WeakSet<Socket>();
    let answered = 0;
    let cut = 0;
    const server = createServer((socket) => {
      socket.on('error', () => {});
      socket.on('data', (chunk) => {
        if (!chunk.toString('latin1').startsWith('POST ')) return;
        if (served.has(socket)) {
          cut += 1;
          socket.destroy();
          return;
        }
        served.add(socket);
        answered += 1;
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const sender = new WebhookSender({ allowLoopback: true, timeoutMs: 2000, maxSockets: 1 });
    try {
      const url = `http://127.0.0.1:${port}/hook`;
      expect(await sender.post(url, {}, '{"n":1}')).toMatchObject({ ok: true, statusCode: 200 });
      // Before, this one failed as "ECONNRESET: socket hang up" and counted as a failed attempt.
      expect(await sender.post(url, {}, '{"n":2}')).toMatchObject({ ok: true, statusCode: 200 });
      expect({ answered, cut }).toEqual({ answered: 2, cut: 1 });
    } finally {
      sender.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
