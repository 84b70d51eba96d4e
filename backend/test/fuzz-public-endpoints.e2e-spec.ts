import fc from 'fast-check';
import { spamVerdict } from '@rafter/domain/lead';
import { PrismaService } from '../src/core/database/prisma.service';
import { FormTokenService } from '../src/modules/leads/form-token.service';
import { createAccount } from './factories/account.factory';
import { leadInput } from './factories/lead-payload.factory';
import { createTestApp, type TestApp } from './utils/create-app';
import { formToken } from './utils/form-token';

/**
 * Property-based input fuzzing of every public endpoint: generated bodies (valid ones with one
 * field replaced or removed, and arbitrary JSON), query strings and headers. Whatever arrives, the
 * api answers without a 5xx, a refusal is `{ error, fields? }` naming the field it refused, and no
 * row is stored from a body the api refused. FUZZ_RUNS sets the total (default 10,000).
 */

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

interface Endpoint {
  name: string;
  method: 'POST' | 'GET';
  url: string;
  /** A body (or query object for GET) the endpoint accepts. */
  valid: () => Record<string, unknown>;
}

let t: TestApp;
let prisma: PrismaService;
let ownerId: string;

const lead = () => ({ ...leadInput() }) as unknown as Record<string, unknown>;

const ENDPOINTS: Endpoint[] = [
  {
    name: 'capture-lead',
    method: 'POST',
    url: '/api/capture-lead',
    valid: () => ({ ownerId, lead: lead(), website: '', formToken: formToken(t.app, ownerId) }),
  },
  {
    name: 'main-site-leads',
    method: 'POST',
    url: '/api/main-site-leads',
    valid: () => ({ lead: lead(), website: '', formToken: formToken(t.app, null) }),
  },
  {
    name: 'demo-requests',
    method: 'POST',
    url: '/api/demo-requests',
    valid: () => ({ lead: lead(), website: '', startedAt: Date.now() - 60_000 }),
  },
  {
    name: 'roof-measurement',
    method: 'POST',
    url: '/api/roof-measurement',
    valid: () => ({ address: '123 Main St, Austin, TX 78701', zipCode: '78701' }),
  },
  {
    name: 'material pricing',
    method: 'GET',
    url: '/api/get-material-pricing',
    valid: () => ({ ownerId }),
  },
  {
    name: 'form token',
    method: 'GET',
    url: '/api/form-token',
    valid: () => ({ ownerId }),
  },
  {
    name: 'share link',
    method: 'GET',
    url: '/api/get-shareable-link',
    valid: () => ({ slug: 'sunny-roof-1042' }),
  },
  {
    name: 'sign-up',
    method: 'POST',
    url: '/api/auth/sign-up',
    valid: () => ({
      fullName: 'Pat Fuzz',
      email: 'pat.fuzz@roofers.test',
      password: 'fuzzing-secret-9',
    }),
  },
  {
    name: 'sign-in',
    method: 'POST',
    url: '/api/auth/sign-in',
    valid: () => ({ email: 'pat.fuzz@roofers.test', password: 'fuzzing-secret-9' }),
  },
  {
    name: 'forgot-password',
    method: 'POST',
    url: '/api/auth/forgot-password',
    valid: () => ({ email: 'pat.fuzz@roofers.test' }),
  },
  {
    name: 'resend-confirmation',
    method: 'POST',
    url: '/api/auth/resend-confirmation',
    valid: () => ({ email: 'pat.fuzz@roofers.test' }),
  },
  {
    name: 'reset-password',
    method: 'POST',
    url: '/api/auth/reset-password',
    valid: () => ({ token: 'x'.repeat(43), password: 'fuzzing-secret-10' }),
  },
  {
    // Takes no fields: every generated body is arbitrary JSON or anything at all.
    name: 'demo-call',
    method: 'POST',
    url: '/api/demo-call',
    valid: () => ({}),
  },
];

/** Values that break types, formats, sizes and encodings. */
const hostile = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  fc.constant('   '),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 5000 }),
  fc.constantFrom(
    "'; DROP TABLE leads; --",
    '<script>alert(1)</script>',
    '=HYPERLINK("http://x")',
    '\u0000\u202e',
    '../../etc/passwd',
    '{{7*7}}',
    '__proto__',
  ),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** All paths of the leaves of a body, e.g. ['lead', 'zipCode']. */
function leafPaths(value: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' && !Array.isArray(child)
      ? leafPaths(child as Record<string, unknown>, [...prefix, key])
      : [[...prefix, key]],
  );
}

function mutate(body: Record<string, unknown>, path: string[], value: unknown, remove: boolean) {
  const copy = structuredClone(body);
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = path.at(-1)!;
  if (remove) delete target[last];
  else target[last] = value;
  return copy;
}

const mutatedBody = (endpoint: Endpoint) =>
  fc
    .record({
      path: fc.constantFrom(...leafPaths(endpoint.valid())),
      value: hostile,
      remove: fc.boolean(),
    })
    .map(({ path, value, remove }) => ({
      body: mutate(endpoint.valid(), path, value, remove) as unknown,
      path: path.join('.'),
    }));

const anyBody = fc.oneof(
  fc.jsonValue().map((body) => ({ body, path: null as string | null })),
  fc.anything().map((body) => ({ body, path: null as string | null })),
);

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  undefined,
);

interface Outcome {
  status: number;
  body: string;
}

function expectWellFormedRefusal(response: Outcome, path: string | null, where: string) {
  expect({ where, ok: response.status < 500 }).toEqual({ where, ok: true });
  if (response.status < 400 || response.status === 429) return;
  let parsed: { error?: unknown; fields?: Record<string, string> };
  try {
    parsed = JSON.parse(response.body) as typeof parsed;
  } catch {
    throw new Error(`${where}: a ${response.status} that is not JSON: ${response.body}`);
  }
  expect({ where, error: typeof parsed.error }).toEqual({ where, error: 'string' });
  if (response.status === 400 && path && parsed.fields) {
    const keys = Object.keys(parsed.fields);
    const named = keys.some(
      (key) =>
        key === path || key.startsWith(`${path}.`) || path.startsWith(`${key}.`) || key === 'body',
    );
    expect({ where, path, keys, named }).toEqual({ where, path, keys, named: true });
  }
}

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_CAPTURE_PER_IP: '0',
    RATE_LIMIT_CAPTURE_PER_OWNER: '0',
    FORM_BURST_PER_MINUTE: '0',
    RATE_LIMIT_MEASURE_PER_IP: '0',
    RATE_LIMIT_AUTH_PER_IP: '0',
    RATE_LIMIT_AUTH_PER_EMAIL: '0',
    RATE_LIMIT_DEMO_CALL_PER_IP: '0',
    RATE_LIMIT_LOOKUP_PER_IP: '0',
  });
  prisma = t.app.get(PrismaService);
  ownerId = (await createAccount(prisma)).id;
  await prisma.subscription.create({
    data: { userId: ownerId, plan: 'instant', status: 'active', currentPeriodEnd: null },
  });
});

afterAll(async () => {
  await t?.close();
});

const runsPerEndpoint = Math.max(20, Math.floor(TOTAL_RUNS / ENDPOINTS.length));

describe.each(ENDPOINTS)('$name ($method $url)', (endpoint) => {
  it('answers generated input without a 5xx, names the refused field, stores nothing it refused', async () => {
    const table = endpoint.url.includes('main-site') ? 'main_site_leads' : 'leads';
    const stores = endpoint.name === 'capture-lead' || endpoint.name === 'main-site-leads';
    const countRows = async () =>
      Number(
        (await prisma.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM ${table}`))[0]!.n,
      );
    const before = stores ? await countRows() : 0;
    let expectedStored = 0;

    await fc.assert(
      fc.asyncProperty(
        leafPaths(endpoint.valid()).length > 0
          ? fc.oneof(
              { weight: 3, arbitrary: mutatedBody(endpoint) },
              { weight: 1, arbitrary: anyBody },
            )
          : anyBody,
        contentTypes,
        fc.dictionary(
          fc.constantFrom('q', 'ownerId', 'slug', 'x', '__proto__', 'constructor'),
          fc.string({ maxLength: 20 }),
          { maxKeys: 3 },
        ),
        async ({ body, path }, contentType, extraQuery) => {
          let response: Outcome;
          if (endpoint.method === 'GET') {
            const query = new URLSearchParams();
            for (const [k, v] of Object.entries(
              body && typeof body === 'object' && !Array.isArray(body) ? body : {},
            )) {
              query.append(k, typeof v === 'string' ? v : JSON.stringify(v));
            }
            for (const [k, v] of Object.entries(extraQuery)) query.append(k, v);
            const injected = await t.app.inject({ url: `${endpoint.url}?${query.toString()}` });
            response = { status: injected.statusCode, body: injected.body };
          } else {
            const payload = JSON.stringify(body ?? null) ?? 'null';
            const injected = await t.app.inject({
              method: 'POST',
              url: endpoint.url,
              headers: contentType ? { 'content-type': contentType } : {},
              payload,
            });
            response = { status: injected.statusCode, body: injected.body };
          }
          const where = `${endpoint.name} ${JSON.stringify(body)?.slice(0, 200)} [${contentType}]`;
          // Sent as anything but JSON, the body is not read as that object; the refusal then
          // names the fields it lacks rather than the one that was changed.
          const asJson = endpoint.method === 'GET' || !!contentType?.startsWith('application/json');
          expectWellFormedRefusal(response, asJson ? path : null, where);
          if (stores && response.status >= 200 && response.status < 300) {
            const fields = body as { website?: string; formToken?: string; ownerId?: string };
            const now = new Date();
            const token = t.app.get(FormTokenService).check(fields.formToken, now);
            const owner = endpoint.name === 'capture-lead' ? (fields.ownerId ?? null) : null;
            if (spamVerdict(fields, token, owner, now) === null) expectedStored += 1;
          }
        },
      ),
      { numRuns: runsPerEndpoint },
    );

    if (stores) expect((await countRows()) - before).toBe(expectedStored);
  });
});

it('refuses a NUL character anywhere with a 400 naming the field (PostgreSQL text cannot hold one)', async () => {
  const slug = await t.app.inject({ url: '/api/get-shareable-link?slug=sunny%00roof' });
  expect(slug.statusCode).toBe(400);
  expect(slug.json()).toEqual({
    error: 'slug must not contain a NUL character',
    fields: { slug: 'slug must not contain a NUL character' },
  });
  const before = await prisma.lead.count();
  const captured = await t.app.inject({
    method: 'POST',
    url: '/api/capture-lead',
    payload: { ownerId, lead: { ...lead(), firstName: 'An\u0000a' } },
  });
  expect(captured.statusCode).toBe(400);
  expect(captured.json<{ fields: object }>().fields).toEqual({
    'lead.firstName': 'lead.firstName must not contain a NUL character',
  });
  // In a key too, named without the NUL.
  const keyed = await t.app.inject({
    method: 'POST',
    url: '/api/capture-lead',
    payload: { ownerId, lead: { ...lead(), 'no\u0000te': 'x' } },
  });
  expect(keyed.statusCode).toBe(400);
  expect(keyed.json<{ fields: object }>().fields).toEqual({
    'lead.note': 'lead.note must not contain a NUL character',
  });
  expect(await prisma.lead.count()).toBe(before);
});
