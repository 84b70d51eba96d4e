import { randomBytes, randomUUID } from 'node:crypto';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type LeadListItem, type RealtimeEvents } from '@rafter/domain/crm';
import { io, type Socket } from 'socket.io-client';
import { createApp } from '../src/app.factory';
import { PrismaService } from '../src/core/database/prisma.service';
import { RealtimePublisher } from '../src/core/realtime/realtime.publisher';
import { LeadsService } from '../src/modules/leads/leads.service';
import { createAccount } from './factories/account.factory';
import { leadInput } from './factories/lead-payload.factory';
import { reissueAccessToken } from './utils/access-tokens';
import { eventually, sleep, withEnv } from './utils/async';
import { createTestApp, type TestApp } from './utils/create-app';
import { formToken } from './utils/form-token';
import { testRedisPrefix } from './utils/database';
import { freePort } from './utils/services';

type ClientSocket = Socket<RealtimeEvents>;

const ENV = {
  RATE_LIMIT_AUTH_PER_IP: '0',
  RATE_LIMIT_AUTH_PER_EMAIL: '0',
  // A burst of quote requests from one test client, stored together.
  RATE_LIMIT_CAPTURE_PER_IP: '0',
  RATE_LIMIT_CAPTURE_PER_OWNER: '0',
  FORM_BURST_PER_MINUTE: '0',
  // Both instances must accept the same access tokens.
  AUTH_SECRET: randomBytes(32).toString('base64url'),
};

let t: TestApp;
/** A second api instance on the same database and Redis, as a scaled deployment runs. */
let second: NestFastifyApplication;
let url1: string;
let url2: string;
let prisma: PrismaService;
let ownerA: { id: string; token: string };
let ownerB: { id: string; token: string };
const sockets: ClientSocket[] = [];

async function listen(app: NestFastifyApplication): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('api is not listening');
  return `http://127.0.0.1:${address.port}`;
}

async function signIn(email: string, password: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
  });
  return response.json<{ accessToken: string }>().accessToken;
}

/** A socket as the dashboard opens it, with every event it receives recorded. */
function connect(url: string, token: unknown) {
  const socket: ClientSocket = io(url, {
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const received: { event: keyof RealtimeEvents; payload: unknown }[] = [];
  socket.onAny((event: keyof RealtimeEvents, payload: unknown) => {
    received.push({ event, payload });
  });
  const ready = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, received, ready };
}

/** A lead of owner A's, stored directly (as another module or the worker would find it). */
function ownerALead(firstName: string, email: string) {
  return prisma.lead.create({
    data: {
      ownerId: ownerA.id,
      firstName,
      lastName: 'Stored',
      email,
      phone: '5125550100',
      address: '1 Elm St, Austin, TX 78701',
      zipCode: '78701',
      ownership: 'owner',
      material: 'tile',
      stories: 'one',
    },
  });
}

beforeAll(async () => {
  const prefix = testRedisPrefix();
  t = await createTestApp({ ...ENV, QUEUE_PREFIX: prefix });
  second = await withEnv(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: t.db.url, QUEUE_PREFIX: prefix, ...ENV },
    () => createApp({ logger: false }),
  );
  url1 = await listen(t.app);
  url2 = await listen(second);
  prisma = t.app.get(PrismaService);
  const a = await createAccount(prisma);
  const b = await createAccount(prisma);
  await prisma.subscription.create({
    data: { userId: a.id, plan: 'smart', status: 'active', currentPeriodEnd: null },
  });
  ownerA = { id: a.id, token: await signIn(a.email, a.password!) };
  ownerB = { id: b.id, token: await signIn(b.email, b.password!) };
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('realtime lead events', () => {
  it("sends lead:created to the owner's sockets on both instances, and none to another owner", async () => {
    const a1 = connect(url1, ownerA.token);
    const a2 = connect(url2, ownerA.token);
    const b1 = connect(url1, ownerB.token);
    await Promise.all([a1.ready, a2.ready, b1.ready]);

    const captured = await t.app.inject({
      method: 'POST',
      url: '/api/capture-lead',
      payload: {
        ownerId: ownerA.id,
        lead: leadInput({ email: 'live@example.com' }),
        formToken: formToken(t.app, ownerA.id),
      },
    });
    expect(captured.statusCode).toBe(201);
    const id = captured.json<{ id: string }>().id;

    for (const socket of [a1, a2]) {
      const created = await eventually(
        () => socket.received.find((entry) => entry.event === 'lead:created'),
        5000,
      );
      expect((created.payload as { lead: LeadListItem }).lead).toMatchObject({
        id,
        name: 'Ana Ruiz',
        email: 'live@example.com',
        status: 'new',
        locked: false,
      });
    }

    // A status change on instance 2 reaches the socket on instance 1.
    const changed = await second.inject({
      method: 'PATCH',
      url: `/api/leads/${id}/status`,
      payload: { status: 'contacted' },
      headers: { authorization: `Bearer ${ownerA.token}` },
    });
    expect(changed.statusCode).toBe(200);
    const updated = await eventually(
      () => a1.received.find((entry) => entry.event === 'lead:updated'),
      5000,
    );
    expect(updated.payload).toMatchObject({ lead: { id, status: 'contacted' } });

    const noted = await t.app.inject({
      method: 'POST',
      url: `/api/leads/${id}/notes`,
      payload: { body: 'Wants metal' },
      headers: { authorization: `Bearer ${ownerA.token}` },
    });
    expect(noted.statusCode).toBe(201);
    await eventually(
      () => a2.received.filter((entry) => entry.event === 'lead:updated').length === 2,
      5000,
    );

    await sleep(300);
    expect(b1.received).toEqual([]);
  });

  it('sends quote requests stored together as fewer events, every lead once, to both instances', async () => {
    const account = await createAccount(prisma);
    await prisma.subscription.create({
      data: { userId: account.id, plan: 'instant', status: 'active', currentPeriodEnd: null },
    });
    const token = await signIn(account.email, account.password!);
    const c1 = connect(url1, token);
    const c2 = connect(url2, token);
    await Promise.all([c1.ready, c2.ready]);

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/capture-lead',
          payload: {
            ownerId: account.id,
            lead: leadInput({ email: `burst${index}@example.com` }),
            formToken: formToken(t.app, account.id),
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const ids = answers.map((answer) => answer.json<{ id: string }>().id);

    /** The leads a socket heard of, in the order it heard of them. */
    const heard = (received: typeof c1.received) =>
      received.flatMap(({ event, payload }) => {
        if (event === 'lead:created') return [(payload as { lead: LeadListItem }).lead];
        if (event === 'leads:created') return (payload as { leads: LeadListItem[] }).leads;
        return [];
      });
    for (const socket of [c1, c2]) {
      const leads = await eventually(() => {
        const all = heard(socket.received);
        return all.length >= ids.length ? all : undefined;
      }, 5000);
      expect(leads.map((lead) => lead.id).sort()).toEqual([...ids].sort());
      expect(leads.every((lead) => lead.email?.startsWith('burst'))).toBe(true);
      // Requests that arrived together were stored together and announced together.
      expect(socket.received.length).toBeLessThan(ids.length);
    }
  });

  it('announces new leads in the order they were stored, before any later change to them', async () => {
    const a1 = connect(url1, ownerA.token);
    await a1.ready;
    const lead = (id: string, status: LeadListItem['status']) =>
      ({ id, status, name: `Lead ${id.slice(-1)}` }) as LeadListItem;
    const first = '00000000-0000-4000-8000-00000000000a';
    const second = '00000000-0000-4000-8000-00000000000b';
    const publisher = t.app.get(RealtimePublisher);
    publisher.leadCreated(ownerA.id, lead(first, 'new'));
    publisher.leadCreated(ownerA.id, lead(second, 'new'));
    publisher.leadUpdated(ownerA.id, lead(first, 'contacted'));

    await eventually(() => a1.received.length >= 2 || undefined, 5000);
    expect(a1.received.map(({ event }) => event)).toEqual(['leads:created', 'lead:updated']);
    expect(
      (a1.received[0]!.payload as { leads: LeadListItem[] }).leads.map((item) => item.id),
    ).toEqual([first, second]);
  });

  it('carries an event published on instance 1 to a socket connected to instance 2 only', async () => {
    const a2 = connect(url2, ownerA.token);
    const b2 = connect(url2, ownerB.token);
    await Promise.all([a2.ready, b2.ready]);
    t.app.get(RealtimePublisher).leadDeleted(ownerA.id, '00000000-0000-4000-8000-000000000001');
    const deleted = await eventually(
      () => a2.received.find((entry) => entry.event === 'lead:deleted'),
      5000,
    );
    expect(deleted.payload).toEqual({ id: '00000000-0000-4000-8000-000000000001' });
    await sleep(300);
    expect(b2.received).toEqual([]);
  });

  it('publishes leads unlocked elsewhere as lead:updated, with their contact now shown', async () => {
    const lead = await ownerALead('Una', 'una@example.com');
    const a1 = connect(url1, ownerA.token);
    await a1.ready;
    await t.app.get(LeadsService).publishUpdated(ownerA.id, [lead.id]);
    const updated = await eventually(
      () => a1.received.find((entry) => entry.event === 'lead:updated'),
      5000,
    );
    expect(updated.payload).toMatchObject({
      lead: { id: lead.id, email: 'una@example.com', locked: false },
    });
    // Another owner's id publishes nothing.
    await t.app.get(LeadsService).publishUpdated(ownerB.id, [lead.id]);
    await sleep(300);
    expect(a1.received.filter((entry) => entry.event === 'lead:updated')).toHaveLength(1);
  });

  it('publishes a lead whose timeline the worker wrote to (an estimate e-mailed) as lead:updated, to its owner only', async () => {
    const lead = await ownerALead('Ema', 'ema@example.com');
    const a1 = connect(url1, ownerA.token);
    const b1 = connect(url1, ownerB.token);
    await Promise.all([a1.ready, b1.ready]);
    const leads = t.app.get(LeadsService);
    // Jobs of one moment: their leads are read in one statement.
    const recorded = await Promise.all([
      leads.recordSystemEvent(ownerA.id, lead.id, 'estimate_emailed', randomUUID()),
      leads.recordSystemEvent(ownerB.id, lead.id, 'estimate_emailed', randomUUID()),
    ]);
    expect(recorded).toEqual([true, false]);
    const updated = await eventually(
      () => a1.received.find((entry) => entry.event === 'lead:updated'),
      5000,
    );
    expect(updated.payload).toMatchObject({ lead: { id: lead.id, email: 'ema@example.com' } });
    await sleep(300);
    expect(b1.received.filter((entry) => entry.event === 'lead:updated')).toEqual([]);
  });

  it('refuses a socket without a token, with a bad token or with an expired one', async () => {
    const expired = reissueAccessToken(t.app, ownerA.token, -1000, -100);
    for (const token of [undefined, 'not-a-token', expired]) {
      const attempt = connect(url1, token);
      await expect(attempt.ready).rejects.toThrow(
        token === undefined ? 'Sign in to receive live updates' : /session has expired/,
      );
    }
  });

  it('drops the connection when its token expires, and the client reconnects with a fresh one', async () => {
    const shortLived = reissueAccessToken(t.app, ownerA.token, 0, 2);
    const tokens = [shortLived, ownerA.token];
    const socket: ClientSocket = io(url1, {
      transports: ['websocket'],
      auth: (cb) => cb({ token: tokens.shift() ?? ownerA.token }),
      forceNew: true,
      reconnectionDelay: 100,
    });
    sockets.push(socket);
    const reasons: string[] = [];
    let connects = 0;
    socket.on('connect', () => connects++);
    socket.on('disconnect', (reason) => reasons.push(reason));
    await eventually(() => connects === 2, 8000);
    expect(reasons).toEqual(['transport close']);
  });

  it('stops cleanly when closed right after publishing, its publishes still in flight', async () => {
    // An unanswered PUBLISH rejects when its connection closes; unhandled, that would end the
    // process (and fail this test).
    const stopping = await withEnv(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: t.db.url, ...ENV },
      () => createApp({ logger: false }),
    );
    await listen(stopping);
    const publisher = stopping.get(RealtimePublisher);
    for (let i = 0; i < 20; i += 1) {
      publisher.leadDeleted(ownerA.id, '00000000-0000-4000-8000-000000000003');
    }
    await stopping.close();
    await sleep(200);
  });

  it('starts without Redis, serves HTTP and still reaches sockets on the same instance', async () => {
    const down = await withEnv(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: t.db.url,
        REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
        ...ENV,
      },
      () => createApp({ logger: false }),
    );
    try {
      const url = await listen(down);
      const token = await (async () => {
        const account = await createAccount(prisma);
        const response = await down.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: account.email, password: account.password },
        });
        return { id: account.id, token: response.json<{ accessToken: string }>().accessToken };
      })();
      const list = await down.inject({
        url: '/api/leads',
        headers: { authorization: `Bearer ${token.token}` },
      });
      expect(list.statusCode).toBe(200);
      const socket = connect(url, token.token);
      await socket.ready;
      down.get(RealtimePublisher).leadDeleted(token.id, '00000000-0000-4000-8000-000000000002');
      await eventually(() => socket.received.find((entry) => entry.event === 'lead:deleted'), 5000);
    } finally {
      await down.close();
    }
  });
});
