import {
  createRafterClient,
  idempotencyKey,
  isProblem,
  type Problem,
  type RafterClient,
} from '@rafter/client';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PrismaService } from '../src/core/database/prisma.service';
import { REPO_ROOT } from '../src/core/database/migrator';
import { ApiKeysService } from '../src/modules/api-keys/api-keys.service';
import { createOwner } from './factories/owner.factory';
import { createTestApp, type TestApp } from './utils/create-app';

/**
 * The typed client (@rafter/client) is what the live /api/v1 document says, and works against
 * the running API: the test app listens on a port of its own and the client calls it over HTTP,
 * as an integrator's code would.
 */

let t: TestApp;
let prisma: PrismaService;
let baseUrl: string;
let rafter: RafterClient;
let ownerId: string;

async function lead(overrides: Record<string, unknown> = {}): Promise<string> {
  const row = await prisma.lead.create({
    data: {
      ownerId,
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
      phone: '5125550100',
      address: '123 Main St, Austin, TX 78701, USA',
      zipCode: '78701',
      ownership: 'owner',
      material: 'asphalt',
      stories: 'one',
      roofArea: 2000,
      estimateLow: 6800,
      estimateMid: 9350,
      estimateHigh: 11900,
      ...overrides,
    },
    select: { id: true },
  });
  return row.id;
}

beforeAll(async () => {
  // The checked-in document was generated for this server address (scripts/generate-client.mjs).
  const checkedIn = JSON.parse(await readFile(join(REPO_ROOT, 'client', 'openapi.json'), 'utf8'));
  t = await createTestApp({ PUBLIC_URL: checkedIn.servers[0].url });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  baseUrl = `http://127.0.0.1:${address.port}`;
  prisma = t.app.get(PrismaService);
  ownerId = (await createOwner(prisma, { plan: 'smart' })).id;
  const { key } = await t.app
    .get(ApiKeysService)
    .create(ownerId, { name: 'Typed client', scopes: ['leads:read', 'leads:write'] });
  rafter = createRafterClient({ baseUrl, apiKey: key });
});

afterAll(async () => {
  await t?.close();
});

it('matches the live /api/v1/openapi.json (else: run npm run generate:client)', async () => {
  const live = await fetch(`${baseUrl}/api/v1/openapi.json`);
  expect(live.status).toBe(200);
  const folder = await mkdtemp(join(tmpdir(), 'rafter-client-check-'));
  try {
    const file = join(folder, 'openapi.json');
    await writeFile(file, await live.text());
    await promisify(execFile)(
      process.execPath,
      [join(REPO_ROOT, 'scripts', 'generate-client.mjs'), '--check', file],
      { cwd: REPO_ROOT },
    );
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(stderr || String(error), { cause: error });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}, 60_000);

it('lists leads, gets one, updates its status, adds a note', async () => {
  const id = await lead();
  const page = await rafter.GET('/api/v1/leads', {
    params: { query: { status: 'new', limit: 10 } },
  });
  expect(page.error).toBeUndefined();
  expect(page.data?.items.map((item) => item.id)).toContain(id);

  const one = await rafter.GET('/api/v1/leads/{id}', { params: { path: { id } } });
  expect(one.data).toMatchObject({ id, name: 'Ana Ruiz', status: 'new', source: 'widget' });

  const moved = await rafter.PATCH('/api/v1/leads/{id}/status', {
    params: { path: { id } },
    body: { status: 'contacted' },
  });
  expect(moved.response.status).toBe(200);
  expect(moved.data?.status).toBe('contacted');

  const key = idempotencyKey();
  const note = await rafter.POST('/api/v1/leads/{id}/notes', {
    params: { path: { id }, header: key },
    body: { body: 'Called back, inspection Friday' },
  });
  expect(note.response.status).toBe(201);
  const again = await rafter.POST('/api/v1/leads/{id}/notes', {
    params: { path: { id }, header: key },
    body: { body: 'Called back, inspection Friday' },
  });
  expect(again.response.headers.get('idempotent-replayed')).toBe('true');
  expect(again.data).toEqual(note.data);
  expect(await prisma.leadNote.count({ where: { leadId: id } })).toBe(1);
});

it('creates a lead from another source', async () => {
  const created = await rafter.POST('/api/v1/leads', {
    params: { header: idempotencyKey() },
    body: {
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
    },
  });
  expect(created.response.status).toBe(201);
  expect(created.data).toMatchObject({ name: 'Walk In', source: 'api', status: 'new' });
  expect(await prisma.lead.count({ where: { ownerId, source: 'api' } })).toBe(1);
});

it('answers problems as typed errors: 404 for an unknown lead, 401 for a bad key', async () => {
  const missing = await rafter.GET('/api/v1/leads/{id}', {
    params: { path: { id: '3f6c2a9e-8d41-4b7a-9c15-2e0d7b4f6a81' } },
  });
  expect(missing.data).toBeUndefined();
  expect(missing.response.status).toBe(404);
  expect(missing.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const notFound: Problem | undefined = missing.error;
  expect(isProblem(notFound)).toBe(true);
  expect(notFound).toMatchObject({ status: 404, code: 'lead_not_found' });
  expect(notFound?.type).toMatch(/\/problems\/lead_not_found$/);

  const stranger = createRafterClient({ baseUrl, apiKey: 'rft_test_not-a-real-key' });
  const refused = await stranger.GET('/api/v1/account');
  expect(refused.response.status).toBe(401);
  expect(refused.error).toMatchObject({ status: 401, code: 'api_key_invalid' });
  expect(isProblem(refused.error)).toBe(true);
});

it('answers who the key belongs to, through a fetch of the caller', async () => {
  const seen: string[] = [];
  const client = createRafterClient({
    baseUrl: `${baseUrl}/`,
    apiKey: (
      await t.app.get(ApiKeysService).create(ownerId, { name: 'Read only', scopes: ['leads:read'] })
    ).key,
    fetch: (request) => {
      seen.push(`${request.method} ${new URL(request.url).pathname}`);
      return fetch(request);
    },
  });
  const { data, error } = await client.GET('/api/v1/account');
  expect(error).toBeUndefined();
  expect(data).toMatchObject({ id: ownerId, plan: { id: 'smart', active: true } });
  expect(data?.apiKey.scopes).toEqual(['leads:read']);
  expect(seen).toEqual(['GET /api/v1/account']);
});
