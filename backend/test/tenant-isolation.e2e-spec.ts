import { DEFAULT_AVAILABILITY } from '@rafter/domain/calendar';
import { toServiceAreas } from '@rafter/domain/service-area';
import { type RealtimeEvents } from '@rafter/domain/crm';
import { io, type Socket } from 'socket.io-client';
import { PrismaService } from '../src/core/database/prisma.service';
import { createAccount } from './factories/account.factory';
import { leadInput } from './factories/lead-payload.factory';
import { reissueAccessToken } from './utils/access-tokens';
import { eventually, sleep } from './utils/async';
import { createTestApp, type TestApp } from './utils/create-app';
import { formToken } from './utils/form-token';

/**
 * Tenant isolation, generated from the route table: every operation the OpenAPI document marks
 * as needing a contractor's token is called without a token, with an expired one, and as owner B
 * aimed at owner A's records. Nothing of A may be read (no A identifier or personal detail in any
 * answer) or changed (A's rows are compared before and after), and B's socket never carries A's
 * events. A new owner-scoped route fails this test until it has a case below.
 */

interface Operation {
  method: string;
  path: string;
}

interface Case {
  /** Query string B sends, e.g. A's ids where the route takes any. */
  query?: string;
  body?: unknown;
  /** Whether B's call, on B's own account, may succeed (it must still not touch A). */
  ownAccountOk?: boolean;
}

let t: TestApp;
let prisma: PrismaService;
let url: string;
const A = {
  id: '',
  email: '',
  token: '',
  leadIds: [] as string[],
  slug: 'shared-roof-4242',
  endpointId: '',
  deliveryId: '',
  bookingId: '',
};
const B = { id: '', email: '', token: '' };
/** Strings only A's data contains: if one shows up in an answer to B, A's data leaked. */
const A_SECRETS = [
  'Zebulon',
  'zebulon.private@example.com',
  '(737) 555-0199',
  // A's mobile for new-lead texts, as stored.
  '+17375550188',
  'Ab Roofing LLC',
  'gate code 4242',
  // What A's won job sold for.
  '13579',
];

/** A's lead id goes where a route takes one. */
const CASES: Record<string, Case> = {
  'GET /api/auth/me': { ownAccountOk: true },
  'GET /api/billing/subscription': { ownAccountOk: true },
  'POST /api/checkout': { body: { productId: 'smart' } },
  'POST /api/change-subscription': { body: { newProductId: 'instant' } },
  // Previews only the caller's own subscription; a change it shows is made by the route above.
  'POST /api/billing/plan-change-preview': {
    body: { newProductId: 'instant' },
    ownAccountOk: true,
  },
  'DELETE /api/billing/pending-change': {},
  'POST /api/cancel-subscription': { body: {} },
  'POST /api/check-cancellation-status': { body: {}, ownAccountOk: true },
  'POST /api/get-monthly-lead-count': { body: {}, ownAccountOk: true },
  'POST /api/billing/refund': { body: {} },
  'GET /api/leads': { ownAccountOk: true },
  'GET /api/leads/counts': { ownAccountOk: true },
  'GET /api/leads/metrics': { ownAccountOk: true },
  'GET /api/leads/export': { query: 'format=json', ownAccountOk: true },
  'GET /api/leads/{id}': {},
  'PATCH /api/leads/{id}/status': { body: { status: 'lost' } },
  'POST /api/leads/{id}/notes': { body: { body: 'B was here' } },
  'PATCH /api/leads/{id}/spam': { body: { spam: true } },
  'PUT /api/leads/{id}/sold-price': { body: { soldPrice: 1 } },
  'GET /api/material-pricing': { ownAccountOk: true },
  'PUT /api/material-pricing': {
    body: { prices: { asphalt: { min: 3, max: 4 } } },
    ownAccountOk: true,
  },
  'GET /api/share-link': { ownAccountOk: true },
  'POST /api/share-link': { body: {}, ownAccountOk: true },
  'PUT /api/share-link/brand-color': { body: { brandColor: '#123456' }, ownAccountOk: true },
  'GET /api/profile': { ownAccountOk: true },
  'PUT /api/profile': { body: { businessName: 'B Roofing' }, ownAccountOk: true },
  'POST /api/profile/logo': {},
  'DELETE /api/profile/logo': { ownAccountOk: true },
  'GET /api/settings/texts': { ownAccountOk: true },
  'PUT /api/settings/texts': {
    body: { mobilePhone: '(512) 555-0123', textNewLeads: true },
    ownAccountOk: true,
  },
  'GET /api/follow-ups/sequence': { ownAccountOk: true },
  'PUT /api/follow-ups/sequence': {
    body: {
      enabled: true,
      steps: [{ channel: 'email', delayDays: 3, subject: 'B asks', body: 'Hi {{firstName}}' }],
      stopStatuses: ['lost'],
    },
    ownAccountOk: true,
  },
  'GET /api/followups/settings': { ownAccountOk: true },
  'PUT /api/followups/settings': {
    body: { estimateEmail: false, phone: '(512) 555-0199' },
    ownAccountOk: true,
  },
  'GET /api/api-keys': { ownAccountOk: true },
  'POST /api/api-keys': { body: { name: 'B key', scopes: ['leads:read'] }, ownAccountOk: true },
  'DELETE /api/api-keys/{id}': {},
  // Webhook routes take A's endpoint (and its delivery) where they take an id.
  'GET /api/webhook-endpoints': { ownAccountOk: true },
  'POST /api/webhook-endpoints': {
    body: { url: 'https://b.example.com/hook', events: ['lead.created'] },
    ownAccountOk: true,
  },
  'GET /api/webhook-endpoints/{id}': {},
  'PATCH /api/webhook-endpoints/{id}': { body: { description: 'B was here' } },
  'DELETE /api/webhook-endpoints/{id}': {},
  'POST /api/webhook-endpoints/{id}/rotate-secret': {},
  'POST /api/webhook-endpoints/{id}/test': {},
  'GET /api/webhook-endpoints/{id}/deliveries': {},
  'POST /api/webhook-endpoints/{id}/deliveries/{deliveryId}/resend': {},
  // Calendar routes take A's booking where they take an id.
  'GET /api/calendar/availability': { ownAccountOk: true },
  'PUT /api/calendar/availability': { body: DEFAULT_AVAILABILITY, ownAccountOk: true },
  'GET /api/calendar/slots': { ownAccountOk: true },
  'GET /api/calendar/bookings': { ownAccountOk: true },
  'POST /api/calendar/bookings/{id}/cancel': {},
  'POST /api/calendar/bookings/{id}/reschedule': { body: { startsAt: '2030-01-07T15:00:00Z' } },
  'GET /api/calendar/feed': { ownAccountOk: true },
  'POST /api/calendar/feed/rotate': { ownAccountOk: true },
  'GET /api/calendar/google': { ownAccountOk: true },
  'POST /api/calendar/google/connect': { ownAccountOk: true },
  'DELETE /api/calendar/google': { ownAccountOk: true },
  // A's figures (with a campaign and a site only A's visits have) fall in this range.
  'GET /api/analytics/funnel': { query: 'from=2026-11-01&to=2026-11-30', ownAccountOk: true },
  // A's converted lead with its sold price falls in this range (this year).
  'GET /api/analytics/estimate-accuracy': {
    query: `from=${new Date().getUTCFullYear()}-01-01&to=${new Date().getUTCFullYear()}-12-31`,
    ownAccountOk: true,
  },
  // A's leads, the won one at its sold price, fall in this range (this year, UTC days).
  'GET /api/analytics/leads': {
    query: `from=${new Date().getUTCFullYear()}-01-01&to=${new Date().getUTCFullYear()}-12-31`,
    ownAccountOk: true,
  },
};

function key(operation: Operation): string {
  return `${operation.method} ${operation.path}`;
}

async function signIn(email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: 'correct-horse-9' },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ accessToken: string }>().accessToken;
}

/** Everything of A's an owner-scoped route could read or change. */
async function snapshotOfA() {
  const [
    user,
    leads,
    notes,
    events,
    profile,
    pricing,
    link,
    subscription,
    endpoints,
    deliveries,
    textSettings,
    bookings,
    calendar,
    google,
  ] = await Promise.all([
    prisma.user.findUnique({ where: { id: A.id } }),
    prisma.lead.findMany({ where: { ownerId: A.id }, orderBy: { id: 'asc' } }),
    prisma.leadNote.findMany({ where: { lead: { ownerId: A.id } }, orderBy: { id: 'asc' } }),
    prisma.leadEvent.findMany({ where: { ownerId: A.id }, orderBy: { id: 'asc' } }),
    prisma.businessProfile.findUnique({ where: { userId: A.id } }),
    prisma.materialPricing.findMany({ where: { userId: A.id }, orderBy: { id: 'asc' } }),
    prisma.shareableCalculatorLink.findUnique({ where: { userId: A.id } }),
    prisma.subscription.findUnique({ where: { userId: A.id } }),
    prisma.webhookEndpoint.findMany({ where: { ownerId: A.id }, orderBy: { id: 'asc' } }),
    prisma.webhookDelivery.findMany({
      where: { ownerId: A.id },
      orderBy: { id: 'asc' },
      include: { attemptLog: true },
    }),
    prisma.textSettings.findUnique({ where: { userId: A.id } }),
    prisma.booking.findMany({ where: { ownerId: A.id }, orderBy: { id: 'asc' } }),
    prisma.calendarSettings.findUnique({ where: { userId: A.id } }),
    prisma.googleCalendarConnection.findUnique({ where: { userId: A.id } }),
  ]);
  return JSON.stringify(
    {
      user,
      leads,
      notes,
      events,
      profile,
      pricing,
      link,
      subscription,
      endpoints,
      deliveries,
      textSettings,
      bookings,
      calendar,
      google,
    },
    (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
  );
}

async function bearerOperations(): Promise<Operation[]> {
  const response = await t.app.inject({ url: '/api/openapi.json' });
  const document = response.json<{
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  }>();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (operation.security?.some((scheme) => 'bearer' in scheme)) {
        operations.push({ method: method.toUpperCase(), path });
      }
    }
  }
  return operations;
}

function call(operation: Operation, token: string | undefined, leadId = A.leadIds[0]!) {
  const testCase = CASES[key(operation)] ?? {};
  const path = operation.path.startsWith('/api/webhook-endpoints/')
    ? operation.path.replace('{id}', A.endpointId).replace('{deliveryId}', A.deliveryId)
    : operation.path.startsWith('/api/calendar/bookings/')
      ? operation.path.replace('{id}', A.bookingId)
      : operation.path.replace('{id}', leadId);
  const withBody = !['GET', 'DELETE'].includes(operation.method);
  return t.app.inject({
    method: operation.method as 'GET',
    url: testCase.query ? `${path}?${testCase.query}` : path,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(withBody ? { payload: (testCase.body ?? {}) as object } : {}),
  });
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '0', RATE_LIMIT_AUTH_PER_EMAIL: '0' });
  prisma = t.app.get(PrismaService);
  const a = await createAccount(prisma, { fullName: 'Zebulon Owner' });
  const b = await createAccount(prisma);
  Object.assign(A, { id: a.id, email: a.email });
  Object.assign(B, { id: b.id, email: b.email });
  A_SECRETS.push(a.email, a.id);
  for (const user of [a, b]) {
    await prisma.subscription.create({
      data: { userId: user.id, plan: 'instant', status: 'active', currentPeriodEnd: null },
    });
  }
  await prisma.businessProfile.create({
    data: {
      userId: A.id,
      businessName: 'Ab Roofing LLC',
      areasOfService: toServiceAreas(['78701']),
    },
  });
  await prisma.materialPricing.create({
    data: { userId: A.id, material: 'metal', minPrice: 9.5, maxPrice: 14 },
  });
  await prisma.textSettings.create({
    data: { userId: A.id, mobilePhone: '+17375550188', textNewLeads: true },
  });
  await prisma.shareableCalculatorLink.create({ data: { userId: A.id, slug: A.slug } });
  await prisma.$executeRaw`
    INSERT INTO analytics_daily_breakdown
      (owner_id, dimension, day, key, origin, views, starts, estimates, quotes, booked)
    VALUES (${A.id}::uuid, 'source', '2026-11-10', 'embed', 'https://zebulon-private.example',
        7, 0, 0, 0, 0),
      (${A.id}::uuid, 'campaign', '2026-11-10', 'zebulon-private-campaign', '', 7, 0, 0, 0, 0),
      (${A.id}::uuid, 'zip', '2026-11-10', '99929', '', 7, 0, 0, 0, 0)`;
  // A ZIP code's digits alone could turn up in any id: its breakdown row's text is A's.
  A_SECRETS.push('zebulon-private.example', 'zebulon-private-campaign', '"key":"99929"');
  for (let i = 0; i < 3; i++) {
    const lead = await prisma.lead.create({
      data: {
        ownerId: A.id,
        firstName: 'Zebulon',
        lastName: `Private${i}`,
        email: 'zebulon.private@example.com',
        phone: '(737) 555-0199',
        address: `${10 + i} Secret Ln, Austin, TX 78701`,
        zipCode: '78701',
        ownership: 'owner',
        material: 'metal',
        stories: 'one',
        roofArea: 2100,
        estimateLow: 9000,
        estimateMid: 12000,
        estimateHigh: 15000,
        // The first is a won job with what it sold for, for estimate accuracy.
        ...(i === 0 ? { status: 'converted' as const, soldPrice: 13_579 } : {}),
        notes: { create: { authorId: A.id, body: 'Zebulon gate code 4242' } },
      },
    });
    A.leadIds.push(lead.id);
    A_SECRETS.push(lead.id);
  }
  const endpoint = await prisma.webhookEndpoint.create({
    data: {
      ownerId: A.id,
      url: 'https://zebulon-private.example.com/hook',
      events: ['lead.created'],
      secret: 'whsec_WmVidWxvbi1wcml2YXRlLXNlY3JldC00MjQy',
    },
  });
  const delivery = await prisma.webhookDelivery.create({
    data: {
      endpointId: endpoint.id,
      ownerId: A.id,
      eventType: 'lead.created',
      sourceKey: 'tenant-isolation',
      payload: { type: 'lead.created', data: { lead: { name: 'Zebulon Private0' } } },
      state: 'failed',
      nextAttemptAt: null,
    },
  });
  const start = new Date(Date.now() + 3 * 24 * 3600_000);
  const booking = await prisma.booking.create({
    data: {
      ownerId: A.id,
      leadId: A.leadIds[0]!,
      startsAt: start,
      endsAt: new Date(start.getTime() + 3600_000),
      blockedUntil: new Date(start.getTime() + 3600_000),
    },
  });
  await prisma.calendarSettings.create({
    data: {
      userId: A.id,
      availability: DEFAULT_AVAILABILITY,
      feedToken: 'cal_ZebulonPrivateFeedToken0123456789ab',
    },
  });
  await prisma.googleCalendarConnection.create({
    data: {
      userId: A.id,
      accountEmail: 'zebulon.private@gmail.example',
      refreshToken: 'v1.sealed.zebulon.token',
      busy: [{ start: '2030-01-07T15:00:00.000Z', end: '2030-01-07T16:00:00.000Z' }],
    },
  });
  Object.assign(A, { endpointId: endpoint.id, deliveryId: delivery.id, bookingId: booking.id });
  A_SECRETS.push(booking.id, 'cal_ZebulonPrivateFeedToken0123456789ab');
  A_SECRETS.push('zebulon.private@gmail.example', 'v1.sealed.zebulon.token');
  A_SECRETS.push(endpoint.id, delivery.id, endpoint.url, endpoint.secret.slice(0, 12));
  A.token = await signIn(A.email);
  B.token = await signIn(B.email);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('api is not listening');
  url = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await t?.close();
});

it('has a case for every owner-scoped route, so a new one cannot slip past this matrix', async () => {
  const operations = await bearerOperations();
  expect(operations.length).toBeGreaterThanOrEqual(Object.keys(CASES).length);
  expect(operations.map(key).filter((name) => !(name in CASES))).toEqual([]);
  expect(Object.keys(CASES).filter((name) => !operations.map(key).includes(name))).toEqual([]);
});

it('refuses every owner-scoped route without a token and with an expired one', async () => {
  const expired = reissueAccessToken(t.app, A.token, -1000, -100);
  const before = await snapshotOfA();
  for (const operation of await bearerOperations()) {
    for (const token of [undefined, expired, 'not-a-token']) {
      const response = await call(operation, token);
      expect({
        route: key(operation),
        token: token ? 'bad' : 'none',
        status: response.statusCode,
      }).toEqual({ route: key(operation), token: token ? 'bad' : 'none', status: 401 });
      for (const secret of A_SECRETS) expect(response.body).not.toContain(secret);
    }
  }
  expect(await snapshotOfA()).toBe(before);
});

it("never shows or changes A's data when B calls any owner-scoped route with A's ids", async () => {
  const before = await snapshotOfA();
  for (const operation of await bearerOperations()) {
    const testCase = CASES[key(operation)]!;
    for (const leadId of A.leadIds) {
      const response = await call(operation, B.token, leadId);
      const where = `${key(operation)} as B with A's lead ${leadId}`;
      // Payments are not configured in this app: checkout says so (503), which is not a fault.
      const billingOff = response.statusCode === 503 && response.body.includes('billing_disabled');
      expect({ where, serverError: response.statusCode >= 500 && !billingOff }).toEqual({
        where,
        serverError: false,
      });
      if (!testCase.ownAccountOk) {
        expect({ where, ok: response.statusCode < 300 }).toEqual({ where, ok: false });
      }
      for (const secret of A_SECRETS) {
        expect({ where, leaked: response.body.includes(secret) ? secret : null }).toEqual({
          where,
          leaked: null,
        });
      }
      if (!operation.path.includes('{id}')) break;
    }
  }
  expect(await snapshotOfA()).toBe(before);
  // A still sees all of it.
  const own = await t.app.inject({
    url: `/api/leads/${A.leadIds[0]}`,
    headers: { authorization: `Bearer ${A.token}` },
  });
  expect(own.statusCode).toBe(200);
  expect(own.body).toContain('zebulon.private@example.com');
});

it("keeps A's live events off B's socket", async () => {
  type ClientSocket = Socket<RealtimeEvents>;
  const open = (token: string) => {
    const socket: ClientSocket = io(url, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    const received: string[] = [];
    socket.onAny((event: string, payload: unknown) => {
      received.push(`${event} ${JSON.stringify(payload)}`);
    });
    const ready = new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, received, ready };
  };
  const a = open(A.token);
  const b = open(B.token);
  try {
    await Promise.all([a.ready, b.ready]);
    // A new lead for A, and a status change of one of A's leads.
    const captured = await t.app.inject({
      method: 'POST',
      url: '/api/capture-lead',
      payload: {
        ownerId: A.id,
        lead: leadInput({ firstName: 'Zebulon', email: 'zebulon.private@example.com' }),
        formToken: formToken(t.app, A.id),
      },
    });
    expect(captured.statusCode).toBe(201);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${A.leadIds[1]}/status`,
      headers: { authorization: `Bearer ${A.token}` },
      payload: { status: 'contacted' },
    });
    expect(changed.statusCode).toBe(200);
    await eventually(
      () =>
        a.received.some((line) => line.startsWith('lead:created')) &&
        a.received.some((line) => line.startsWith('lead:updated')),
    );
    await sleep(300);
    expect(b.received).toEqual([]);
  } finally {
    a.socket.disconnect();
    b.socket.disconnect();
  }
});
