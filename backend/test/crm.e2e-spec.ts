import {
  type DashboardMetrics,
  type LeadCounts,
  type LeadDetail,
  type LeadListItem,
  type LeadPage,
  type LeadSort,
} from '@rafter/domain/crm';
import { LEAD_STATUSES, type LeadStatus } from '@rafter/domain/lead';
import { PrismaService } from '../src/core/database/prisma.service';
import { type Prisma } from '../src/generated/prisma/client';
import { CSV_HEADER } from '../src/modules/leads/lead-export';
import { createAccount } from './factories/account.factory';
import { createTestApp, type TestApp } from './utils/create-app';

const DAY_MS = 24 * 3600 * 1000;
const MATERIALS = ['asphalt', 'wood', 'metal', 'tile', 'slate'] as const;
const FIRST_NAMES = ['Ana', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus'];

let t: TestApp;
let prisma: PrismaService;
let tokenA: string;
let tokenB: string;
let ownerA: string;
/** Owner A's seeded leads, as stored. */
let seeded: Prisma.LeadGetPayload<object>[];

async function signIn(email: string, password: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ accessToken: string }>().accessToken;
}

function get(url: string, token = tokenA) {
  return t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
}

function send(method: 'PATCH' | 'POST', url: string, payload: object, token = tokenA) {
  return t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
}

/** Sixty leads of A: ties in score and value, every status, one locked, some 31-60 days old. */
function leadsFor(ownerId: string, now: number): Prisma.LeadCreateManyInput[] {
  return Array.from({ length: 60 }, (_, i) => ({
    ownerId,
    firstName: i === 7 ? 'Maria' : FIRST_NAMES[i % FIRST_NAMES.length]!,
    lastName: i === 7 ? 'Ruiz' : i === 8 ? '100% Pure_Roofing' : i === 13 ? 'Núñez' : `Lead${i}`,
    email: i === 9 ? 'SEARCH.me@Example.com' : `lead${i}@example.com`,
    phone: i === 10 ? '=HYPERLINK("x")' : '5125550100',
    address: i === 11 ? '9 Quote "Lane", Austin' : `${100 + i} Oak St, Austin, TX 78704`,
    zipCode: '78704',
    ownership: i % 3 === 0 ? ('owner' as const) : ('considering' as const),
    material: MATERIALS[i % MATERIALS.length]!,
    stories: 'one' as const,
    roofArea: 1500 + i * 10,
    estimateLow: 5000 + (i % 9) * 1000,
    estimateMid: 7000 + (i % 9) * 1000,
    estimateHigh: 9000 + (i % 9) * 1000,
    score: 40 + (i % 6) * 10,
    status: LEAD_STATUSES[i % LEAD_STATUSES.length]!,
    locked: i === 12,
    lockedReason: i === 12 ? ('monthly_limit' as const) : null,
    // Leads 0-39 in the last 30 days, 40-59 in the 30 days before.
    createdAt: new Date(i < 40 ? now - i * 3600_000 : now - (31 + (i - 40)) * DAY_MS),
  }));
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '0', RATE_LIMIT_AUTH_PER_EMAIL: '0' });
  prisma = t.app.get(PrismaService);
  const a = await createAccount(prisma);
  const b = await createAccount(prisma);
  ownerA = a.id;
  await prisma.subscription.create({
    data: { userId: a.id, plan: 'smart', status: 'active', currentPeriodEnd: null },
  });
  const now = Date.now();
  await prisma.lead.createMany({ data: leadsFor(a.id, now) });
  await prisma.lead.createMany({ data: leadsFor(b.id, now).slice(0, 5) });
  seeded = await prisma.lead.findMany({ where: { ownerId: a.id } });
  tokenA = await signIn(a.email, a.password!);
  tokenB = await signIn(b.email, b.password!);
});

afterAll(async () => {
  await t?.close();
});

function sortKey(sort: LeadSort, lead: (typeof seeded)[number]): number {
  if (sort === 'latest') return lead.createdAt.getTime();
  return sort === 'score' ? lead.score : lead.estimateMid;
}

function expectedIds(
  sort: LeadSort,
  filter: (lead: (typeof seeded)[number]) => boolean = () => true,
): string[] {
  return seeded
    .filter(filter)
    .sort((x, y) => sortKey(sort, y) - sortKey(sort, x) || (y.id < x.id ? -1 : 1))
    .map((lead) => lead.id);
}

async function allPages(query: string, limit = 7): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const url: string = `/api/leads?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    const body = response.json<LeadPage>();
    expect(body.items.length).toBeLessThanOrEqual(limit);
    ids.push(...body.items.map((item) => item.id));
    cursor = body.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error('pagination did not end');
}

describe('GET /api/leads', () => {
  it.each<LeadSort>(['latest', 'score', 'value'])(
    'pages through every lead sorted by %s, without duplicates or gaps',
    async (sort) => {
      expect(await allPages(`sort=${sort}`)).toEqual(expectedIds(sort));
    },
  );

  it.each<[LeadSort, LeadStatus]>([
    ['latest', 'qualified'],
    ['score', 'new'],
    ['value', 'lost'],
  ])('sorted by %s, filtered to %s', async (sort, status) => {
    expect(await allPages(`sort=${sort}&status=${status}`, 3)).toEqual(
      expectedIds(sort, (lead) => lead.status === status),
    );
  });

  it('defaults to the latest first, 25 a page', async () => {
    const body = (await get('/api/leads')).json<LeadPage>();
    expect(body.items.map((item) => item.id)).toEqual(expectedIds('latest').slice(0, 25));
    expect(body.nextCursor).toEqual(expect.any(String));
  });

  it('searches names, e-mail and address case-insensitively', async () => {
    const ruiz = seeded.find((lead) => lead.lastName === 'Ruiz')!;
    expect(await allPages('q=rUIZ')).toEqual([ruiz.id]);
    expect(await allPages('q=search.me@example')).toEqual(
      expectedIds('latest', (lead) => lead.email === 'SEARCH.me@Example.com'),
    );
    expect(await allPages('q=cleo&sort=score')).toEqual(
      expectedIds('score', (lead) => lead.firstName === 'Cleo'),
    );
    expect(await allPages('q=quote "lane"')).toEqual(
      expectedIds('latest', (lead) => lead.address.startsWith('9 Quote')),
    );
    // Beyond ASCII too: the database lower-cases the text and the pattern alike.
    const nunez = seeded.find((lead) => lead.lastName === 'Núñez')!;
    for (const q of ['NÚÑEZ', 'núñez', 'ÚÑe']) {
      expect(await allPages(`q=${encodeURIComponent(q)}`)).toEqual([nunez.id]);
    }
  });

  it('finds a lead by its full name, as the list shows it, in the list, counts and export', async () => {
    const maria = seeded.find((lead) => lead.firstName === 'Maria' && lead.lastName === 'Ruiz')!;
    for (const q of ['Maria Ruiz', 'maria ruiz', 'ria Ru']) {
      expect(await allPages(`q=${encodeURIComponent(q)}`)).toEqual([maria.id]);
      expect(
        (await get(`/api/leads/counts?q=${encodeURIComponent(q)}`)).json<LeadCounts>().all,
      ).toBe(1);
      const exported = await get(`/api/leads/export?format=json&q=${encodeURIComponent(q)}`);
      expect(exported.json<LeadListItem[]>().map((item) => item.id)).toEqual([maria.id]);
    }
    expect(await allPages(`q=${encodeURIComponent('Ruiz Maria')}`)).toEqual([]);
  });

  it('takes % and _ in a search literally', async () => {
    const pure = seeded.find((lead) => lead.lastName.startsWith('100%'))!;
    expect(await allPages(`q=${encodeURIComponent('100%')}`)).toEqual([pure.id]);
    expect(await allPages(`q=${encodeURIComponent('e_r')}`)).toEqual([pure.id]);
    expect(await allPages(`q=${encodeURIComponent('%')}`)).toEqual([pure.id]);
  });

  it('combines search, status and sort', async () => {
    expect(await allPages('q=ana&status=new&sort=value', 2)).toEqual(
      expectedIds('value', (lead) => lead.firstName === 'Ana' && lead.status === 'new'),
    );
  });

  it('hides the contact details of a locked lead but shows its estimate and area', async () => {
    const locked = seeded.find((lead) => lead.locked)!;
    const items = (await get('/api/leads?limit=100')).json<LeadPage>().items;
    expect(items.find((item) => item.id === locked.id)).toMatchObject({
      name: 'Locked lead',
      email: null,
      phone: null,
      address: null,
      locked: true,
      lockedReason: 'monthly_limit',
      roofArea: locked.roofArea,
      estimateMid: locked.estimateMid,
      zipCode: '78704',
    });
    expect((await get(`/api/leads/${locked.id}`)).json<LeadDetail>()).toMatchObject({
      name: 'Locked lead',
      email: null,
      estimateLow: locked.estimateLow,
    });
  });

  it.each([
    ['a cursor that is not base64 JSON', 'cursor=not-a-cursor', /Cursor is not valid/],
    [
      'a cursor with a bad id',
      `cursor=${Buffer.from('{"k":5,"id":"x"}').toString('base64url')}&sort=score`,
      /Cursor is not valid/,
    ],
    [
      'a latest cursor with a number',
      `cursor=${Buffer.from(`{"k":5,"id":"${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}"}`).toString('base64url')}`,
      /Cursor is not valid/,
    ],
    ['an unknown sort', 'sort=cheapest', /Sort must be latest, score or value/],
    ['an unknown status', 'status=won', /Status must be/],
    ['a limit over 100', 'limit=500', /Limit must be at most 100/],
  ])('answers 400 for %s', async (_case, query, message) => {
    const response = await get(`/api/leads?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(message);
  });

  it('answers 401 without a valid token on every route', async () => {
    const id = seeded[0]!.id;
    for (const url of [
      '/api/leads',
      '/api/leads/counts',
      '/api/leads/metrics',
      '/api/leads/export',
      `/api/leads/${id}`,
    ]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      expect((await get(url, 'not-a-token')).statusCode).toBe(401);
    }
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${id}/status`,
      payload: { status: 'lost' },
    });
    expect(patch.statusCode).toBe(401);
  });
});

describe('GET /api/leads/counts', () => {
  it('counts every status, and all, for the current search', async () => {
    const count = (filter: (lead: (typeof seeded)[number]) => boolean) =>
      seeded.filter(filter).length;
    const counts = (await get('/api/leads/counts')).json<LeadCounts>();
    expect(counts.all).toBe(60);
    for (const status of LEAD_STATUSES) {
      expect(counts[status]).toBe(count((lead) => lead.status === status));
    }
    const searched = (await get('/api/leads/counts?q=BEN')).json<LeadCounts>();
    expect(searched.all).toBe(count((lead) => lead.firstName === 'Ben'));
    for (const status of LEAD_STATUSES) {
      expect(searched[status]).toBe(
        count((lead) => lead.firstName === 'Ben' && lead.status === status),
      );
    }
  });
});

describe('GET /api/leads/metrics', () => {
  it('computes totals, averages, changes, recent leads, days and pipeline from the data', async () => {
    const metrics = (await get('/api/leads/metrics')).json<DashboardMetrics>();
    const total = seeded.length;
    const qualified = seeded.filter((lead) => lead.status === 'qualified').length;
    const converted = seeded.filter((lead) => lead.status === 'converted').length;
    const mean = (leads: typeof seeded) =>
      Math.round(leads.reduce((sum, lead) => sum + lead.estimateMid, 0) / leads.length);
    expect(metrics).toMatchObject({
      totalLeads: total,
      qualifiedLeads: qualified,
      averageRoofValue: mean(seeded),
      conversionRate: Math.round((converted / total) * 100),
    });

    const recentWindow = seeded.filter(
      (lead) => lead.createdAt.getTime() > Date.now() - 30 * DAY_MS,
    );
    const previousWindow = seeded.filter((lead) => !recentWindow.includes(lead));
    const change = (now: number, before: number) => Math.round(((now - before) / before) * 100);
    const rate = (leads: typeof seeded) =>
      Math.round((leads.filter((lead) => lead.status === 'converted').length / leads.length) * 100);
    const qualifiedIn = (leads: typeof seeded) =>
      leads.filter((lead) => lead.status === 'qualified').length;
    expect(metrics.changes).toEqual({
      totalLeads: change(recentWindow.length, previousWindow.length),
      qualifiedLeads: change(qualifiedIn(recentWindow), qualifiedIn(previousWindow)),
      averageRoofValue: change(mean(recentWindow), mean(previousWindow)),
      conversionRate: change(rate(recentWindow), rate(previousWindow)),
    });

    expect(metrics.recentLeads.map((lead) => lead.id)).toEqual(expectedIds('latest').slice(0, 5));
    expect(metrics.leadsOverTime).toHaveLength(30);
    expect(metrics.leadsOverTime.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    expect(metrics.leadsOverTime.reduce((sum, day) => sum + day.count, 0)).toBe(
      seeded.filter(
        (lead) => lead.createdAt.toISOString().slice(0, 10) >= metrics.leadsOverTime[0]!.date,
      ).length,
    );
    expect(metrics.pipeline).toEqual(
      LEAD_STATUSES.map((status) => ({
        status,
        count: seeded.filter((lead) => lead.status === status).length,
      })),
    );
  });

  it('has zeros and no changes for an owner without leads', async () => {
    const empty = await createAccount(prisma);
    const token = await signIn(empty.email, empty.password!);
    const metrics = (await get('/api/leads/metrics', token)).json<DashboardMetrics>();
    expect(metrics).toMatchObject({
      totalLeads: 0,
      qualifiedLeads: 0,
      averageRoofValue: 0,
      conversionRate: 0,
      changes: {
        totalLeads: null,
        qualifiedLeads: null,
        averageRoofValue: null,
        conversionRate: null,
      },
      recentLeads: [],
    });
    expect(metrics.leadsOverTime.every((day) => day.count === 0)).toBe(true);
  });
});

describe('lead detail, status and notes', () => {
  it('changes the status, keeps it, and records each change and note in the timeline', async () => {
    const lead = seeded.find((row) => row.status === 'new' && !row.locked)!;
    const changed = await send('PATCH', `/api/leads/${lead.id}/status`, { status: 'contacted' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<LeadListItem>()).toMatchObject({ id: lead.id, status: 'contacted' });

    const note = await send('POST', `/api/leads/${lead.id}/notes`, { body: '  Call back Monday ' });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ type: 'note_added', note: 'Call back Monday' });
    await send('PATCH', `/api/leads/${lead.id}/status`, { status: 'qualified' });
    // The same status again is no change, so nothing is recorded.
    await send('PATCH', `/api/leads/${lead.id}/status`, { status: 'qualified' });

    const detail = (await get(`/api/leads/${lead.id}`)).json<LeadDetail>();
    expect(detail.status).toBe('qualified');
    expect(
      detail.timeline.map(({ type, fromStatus, toStatus, note: text }) => ({
        type,
        fromStatus,
        toStatus,
        note: text,
      })),
    ).toEqual([
      { type: 'status_changed', fromStatus: 'new', toStatus: 'contacted', note: null },
      { type: 'note_added', fromStatus: null, toStatus: null, note: 'Call back Monday' },
      { type: 'status_changed', fromStatus: 'contacted', toStatus: 'qualified', note: null },
    ]);
    expect((await prisma.lead.findUnique({ where: { id: lead.id } }))!.status).toBe('qualified');
    await prisma.lead.update({ where: { id: lead.id }, data: { status: 'new' } });
  });

  it('refuses a bad status or note with a message naming it', async () => {
    const id = seeded[0]!.id;
    const status = await send('PATCH', `/api/leads/${id}/status`, { status: 'won' });
    expect(status.statusCode).toBe(400);
    expect(status.json<{ error: string }>().error).toMatch(/Status must be/);
    const note = await send('POST', `/api/leads/${id}/notes`, { body: '' });
    expect(note.statusCode).toBe(400);
    expect(note.json<{ error: string }>().error).toMatch(/Note is required/);
  });

  it('shows score reasons on Smart and hides them without a plan', async () => {
    const lead = await prisma.lead.update({
      where: { id: seeded[1]!.id },
      data: {
        scoreReasons: [
          { code: 'base', label: 'Starting score', points: 50 },
          { code: 'homeowner', label: 'Owns the home', points: 30 },
        ],
      },
    });
    const detail = (await get(`/api/leads/${lead.id}`)).json<LeadDetail>();
    expect(detail.scoreReasons).toEqual([
      { reason: 'Starting score', points: 50 },
      { reason: 'Owns the home', points: 30 },
    ]);
    await prisma.subscription.update({ where: { userId: ownerA }, data: { status: 'canceled' } });
    try {
      const locked = (await get(`/api/leads/${lead.id}`)).json<LeadDetail>();
      expect(locked.scoreReasons).toBeNull();
      expect(locked.score).toBe(lead.score);
    } finally {
      await prisma.subscription.update({ where: { userId: ownerA }, data: { status: 'active' } });
    }
  });

  it('answers 404 for an id that is not a lead', async () => {
    expect((await get('/api/leads/not-an-id')).statusCode).toBe(404);
    expect((await get('/api/leads/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

/** A minimal RFC 4180 parser, so the test reads the file as a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return rows;
}

describe('GET /api/leads/export', () => {
  it('downloads every lead as CSV with the header, safe cells and hidden locked contacts', async () => {
    const response = await get('/api/leads/export?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="rafter-leads-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual([...CSV_HEADER]);
    expect(rows).toHaveLength(60);
    expect(rows.every((row) => row.length === CSV_HEADER.length)).toBe(true);

    const byEmail = (email: string) => rows.find((row) => row[2] === email)!;
    const injected = seeded.find((lead) => lead.phone.startsWith('='))!;
    expect(byEmail(injected.email)[3]).toBe(`'=HYPERLINK("x")`);
    const quotedAddress = seeded.find((lead) => lead.address.startsWith('9 Quote'))!;
    expect(byEmail(quotedAddress.email)[4]).toBe('9 Quote "Lane", Austin');

    const first = seeded.find((lead) => lead.id === expectedIds('latest')[0])!;
    expect(rows[0]).toEqual([
      first.createdAt.toISOString(),
      `${first.firstName} ${first.lastName}`,
      first.email,
      first.phone,
      first.address,
      first.zipCode,
      expect.any(String),
      '1 story',
      first.ownership === 'owner' ? 'Yes, I own it' : 'Considering buying',
      String(first.roofArea),
      String(first.estimateLow),
      String(first.estimateMid),
      String(first.estimateHigh),
      String(first.score),
      expect.stringMatching(/^(New|Contacted|Qualified|Converted|Lost)$/),
      first.source,
    ]);

    const locked = seeded.find((lead) => lead.locked)!;
    const lockedRow = rows.find((row) => row[0] === locked.createdAt.toISOString())!;
    expect(lockedRow.slice(1, 5)).toEqual(['', '', '', '']);
    expect(lockedRow[11]).toBe(String(locked.estimateMid));
  });

  it('downloads the current search and status as JSON', async () => {
    const response = await get('/api/leads/export?format=json&q=ana&status=new');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/rafter-leads-[\d-]+\.json"$/);
    const items = response.json<LeadListItem[]>();
    expect(items.map((item) => item.id)).toEqual(
      expectedIds('latest', (lead) => lead.firstName === 'Ana' && lead.status === 'new'),
    );
    expect(items[0]).toMatchObject({ name: expect.stringMatching(/^Ana /), status: 'new' });
  });

  it('is an empty array or a header only without matches, and refuses unknown formats', async () => {
    expect((await get('/api/leads/export?format=json&q=nobody')).json()).toEqual([]);
    expect(parseCsv((await get('/api/leads/export?q=nobody')).body.slice(1))).toHaveLength(1);
    const bad = await get('/api/leads/export?format=xlsx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/Format must be csv or json/);
  });
});

describe("another owner's leads", () => {
  it("answers 404 on every lead route for owner A's lead, and lists nothing of A's", async () => {
    const id = seeded[0]!.id;
    const before = {
      lead: await prisma.lead.findUnique({ where: { id } }),
      events: await prisma.leadEvent.count({ where: { leadId: id } }),
      notes: await prisma.leadNote.count({ where: { leadId: id } }),
    };
    expect((await get(`/api/leads/${id}`, tokenB)).statusCode).toBe(404);
    const status = await send('PATCH', `/api/leads/${id}/status`, { status: 'lost' }, tokenB);
    expect(status.statusCode).toBe(404);
    expect(status.json()).toEqual({ error: 'Lead not found', code: 'lead_not_found' });
    const note = await send('POST', `/api/leads/${id}/notes`, { body: 'Mine now' }, tokenB);
    expect(note.statusCode).toBe(404);
    expect({
      lead: await prisma.lead.findUnique({ where: { id } }),
      events: await prisma.leadEvent.count({ where: { leadId: id } }),
      notes: await prisma.leadNote.count({ where: { leadId: id } }),
    }).toEqual(before);

    const page = (await get('/api/leads?limit=100', tokenB)).json<LeadPage>();
    const ids = new Set(seeded.map((lead) => lead.id));
    expect(page.items).toHaveLength(5);
    expect(page.items.some((item) => ids.has(item.id))).toBe(false);
    expect((await get('/api/leads/counts', tokenB)).json<LeadCounts>().all).toBe(5);
    expect((await get('/api/leads/metrics', tokenB)).json<DashboardMetrics>().totalLeads).toBe(5);
    const exported = (await get('/api/leads/export?format=json', tokenB)).json<LeadListItem[]>();
    expect(exported.some((item) => ids.has(item.id))).toBe(false);
    // A's cursor gives B nothing of A's either.
    const cursor = (await get('/api/leads?limit=1')).json<LeadPage>().nextCursor!;
    const next = (await get(`/api/leads?cursor=${cursor}`, tokenB)).json<LeadPage>();
    expect(next.items.some((item) => ids.has(item.id))).toBe(false);
  });
});

describe('OpenAPI document', () => {
  it('describes every CRM route with its response', async () => {
    const { paths, components } = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/leads',
        '/api/leads/counts',
        '/api/leads/metrics',
        '/api/leads/export',
        '/api/leads/{id}',
        '/api/leads/{id}/status',
        '/api/leads/{id}/notes',
      ]),
    );
    expect(paths['/api/leads']!.get!.responses['200']).toBeDefined();
    expect(paths['/api/leads/{id}/notes']!.post!.responses['201']).toBeDefined();
    expect(Object.keys(components.schemas.LeadDetailDto!.properties!)).toEqual(
      expect.arrayContaining(['scoreReasons', 'timeline', 'estimateMid', 'lockedReason']),
    );
  });
});
