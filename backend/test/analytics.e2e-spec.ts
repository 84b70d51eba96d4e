import {
  type AnalyticsBatch,
  type AnalyticsFunnelResponse,
  type BreakdownRow,
} from '@rafter/domain/analytics';
import { FUNNEL_STEPS, type FunnelStep, newVisitId } from '@rafter/domain/funnel';
import { getQueueToken } from '@nestjs/bullmq';
import { type Queue } from 'bullmq';
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { PrismaService } from '../src/core/database/prisma.service';
import { QUEUES } from '../src/core/queue/jobs';
import { AnalyticsService } from '../src/modules/analytics/analytics.service';
import { ROLL_UP_ANALYTICS } from '../src/modules/analytics/jobs/roll-up-analytics.job';
import { SessionsService } from '../src/modules/auth/sessions.service';
import { createOwner, type OwnerOptions } from './factories/owner.factory';
import { runScheduledJob, takeOverScheduler } from './utils/scheduled-jobs';
import { startTestStack, type TestStack } from './utils/stack';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY_MS = 86_400_000;

let t: TestStack;
let queue: Queue;
let scheduler: unknown;

beforeAll(async () => {
  t = await startTestStack({
    RATE_LIMIT_ANALYTICS_PER_IP: '5',
    ANALYTICS_ROLLUP_INTERVAL_MS: '45000',
  });
  queue = t.worker.get<Queue>(getQueueToken(QUEUES.events), { strict: false });
  // The tests roll up themselves; a scheduled run racing them would only skip theirs.
  scheduler = await takeOverScheduler(queue, ROLL_UP_ANALYTICS);
  // Whatever today's date, its month has a partition.
  await analytics().maintainPartitions();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function analytics(): AnalyticsService {
  return t.worker.get(AnalyticsService, { strict: false });
}

const owner = (options: OwnerOptions = {}) => createOwner(t.prisma, options);

async function tokenOf(ownerId: string): Promise<string> {
  const { session } = await t.app.get(SessionsService).issue(ownerId, {});
  return session.accessToken;
}

/** A different client address each call unless told, so the per-IP limit stays out of the way. */
function randomIp(): string {
  return `10.${[...randomBytes(3)].join('.')}`;
}

function visitId(at = Date.now()): string {
  return newVisitId(at, (bytes) => {
    bytes.set(randomBytes(bytes.length));
    return bytes;
  });
}

function report(ownerId: string, overrides: Partial<AnalyticsBatch> = {}): AnalyticsBatch {
  return {
    visitId: visitId(),
    ownerId,
    source: 'share_page',
    device: 'mobile',
    steps: ['view'],
    ...overrides,
  };
}

/** As navigator.sendBeacon sends a string: text/plain;charset=UTF-8. */
function beacon(
  body: unknown,
  options: { userAgent?: string; ip?: string; contentType?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    remoteAddress: options.ip ?? randomIp(),
    headers: {
      'content-type': options.contentType ?? 'text/plain;charset=UTF-8',
      'user-agent': options.userAgent ?? CHROME,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function storedSteps(visit: string): Promise<FunnelStep[]> {
  const rows = await t.prisma.$queryRaw<{ step: number }[]>`
    SELECT step FROM analytics_events WHERE visit_id = ${visit}::uuid ORDER BY step`;
  return rows.map((row) => FUNNEL_STEPS[row.step]!);
}

async function ownerRows(ownerId: string): Promise<number> {
  const [row] = await t.prisma.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM analytics_events WHERE owner_id = ${ownerId}::uuid`;
  return row!.count;
}

/** A visit stored as if it had arrived then (the ingest takes only visits of the last day). */
async function pastVisit(
  ownerId: string,
  at: string,
  steps: FunnelStep[],
  dims: { source?: string; origin?: string; campaign?: string; device?: string } = {},
): Promise<string> {
  const visit = visitId(Date.parse(at));
  for (const step of steps) {
    await t.prisma.$executeRaw`
      INSERT INTO analytics_events (visit_at, visit_id, step, owner_id, received_at, source,
        origin, utm_campaign, device)
      VALUES (${new Date(at)}, ${visit}::uuid, ${FUNNEL_STEPS.indexOf(step)}, ${ownerId}::uuid,
        ${new Date(at)}, ${dims.source ?? 'share_page'}, ${dims.origin ?? null},
        ${dims.campaign ?? null}, ${dims.device ?? 'desktop'})`;
  }
  return visit;
}

/** Runs the rollup until it is this call's (not a worker's) that ran. */
async function rollUp(options: { fromScratch?: boolean } = {}): Promise<void> {
  // Rows stored by pastVisit arrived 'then': look at everything again.
  if (options.fromScratch) {
    await t.prisma.$executeRaw`UPDATE analytics_rollup_state SET watermark = 'epoch'`;
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    if ((await analytics().rollUp()).ran) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The rollup never ran');
}

async function funnel(token: string | undefined, from: string, to: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/analytics/funnel?from=${from}&to=${to}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

function counts(body: AnalyticsFunnelResponse): Record<string, [number, number]> {
  return Object.fromEntries(body.funnel.map((row) => [row.step, [row.count, row.previous]]));
}

async function lead(
  ownerId: string,
  createdAt: string,
  status: 'converted' | 'new',
  visitId: string | null = null,
) {
  await t.prisma.lead.create({
    data: {
      ownerId,
      firstName: 'Ana',
      lastName: 'Won',
      email: `ana-${randomUUID()}@example.com`,
      phone: '5125550100',
      address: '1 Main St, Austin, TX 78701',
      zipCode: '78701',
      ownership: 'owner',
      material: 'asphalt',
      stories: 'one',
      estimateMid: 9000,
      status,
      createdAt: new Date(createdAt),
      visitId,
    },
  });
}

describe('POST /api/analytics/events', () => {
  it('stores a sendBeacon report (text/plain), a row per step, no IP or user agent', async () => {
    const { id } = await owner();
    const batch = report(id, {
      source: 'embed',
      origin: 'https://acme-roofing.example',
      utm: { source: 'google', campaign: 'spring' },
      steps: ['view', 'start'],
    });
    const response = await beacon(batch, { ip: '198.51.100.7' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await storedSteps(batch.visitId)).toEqual(['view', 'start']);
    const rows = await t.prisma.$queryRaw<Record<string, unknown>[]>`
      SELECT * FROM analytics_events WHERE visit_id = ${batch.visitId}::uuid`;
    expect(rows[0]).toMatchObject({
      owner_id: id,
      source: 'embed',
      origin: 'https://acme-roofing.example',
      utm_source: 'google',
      utm_campaign: 'spring',
      utm_medium: null,
      device: 'mobile',
    });
    expect((rows[0]!.visit_at as Date).getTime()).toBe(
      parseInt(batch.visitId.replace(/-/g, '').slice(0, 12), 16),
    );
    const text = JSON.stringify(rows);
    expect(text).not.toContain('198.51.100.7');
    expect(text).not.toContain('Chrome');
  });

  it('answers other sites (CORS), as the widget runs on them', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/analytics/events',
      headers: {
        origin: 'https://acme-roofing.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });

  it('also takes application/json', async () => {
    const { id } = await owner();
    const batch = report(id);
    const response = await beacon(batch, { contentType: 'application/json' });
    expect(response.statusCode).toBe(204);
    expect(await storedSteps(batch.visitId)).toEqual(['view']);
  });

  it('answers 400 naming the problem for a body that is not JSON or not a report', async () => {
    const { id } = await owner();
    const notJson = await beacon('{"visitId": ');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ error: 'The body must be valid JSON' });

    const notJsonAsJson = await beacon('{"visitId": ', { contentType: 'application/json' });
    expect(notJsonAsJson.statusCode).toBe(400);
    expect(notJsonAsJson.json()).toEqual({
      error: "Body is not valid JSON but content-type is set to 'application/json'",
    });

    const badId = await beacon(report(id, { visitId: randomUUID() }));
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ error: 'visitId: Visit id must be a UUID version 7' });

    const badStep = await beacon({ ...report(id), steps: ['view', 'teleported'] });
    expect(badStep.statusCode).toBe(400);
    expect(badStep.json()).toMatchObject({ error: 'steps.1: Unknown funnel step' });

    const badZip = await beacon(report(id, { zipCode: '7870' }));
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json()).toMatchObject({ error: 'zipCode: Zip code must be 5 digits' });

    const street = await beacon(report(id, { zipCode: '1 Main St, Austin, TX 78701' }));
    expect(street.statusCode).toBe(400);
    expect(street.json()).toMatchObject({ error: 'zipCode: Zip code must be 5 digits' });

    const badMaterial = await beacon({ ...report(id), material: 'straw' });
    expect(badMaterial.statusCode).toBe(400);
    expect(badMaterial.json()).toMatchObject({
      error: 'material: Material must be one of asphalt, wood, metal, tile, slate',
    });

    const notObject = await beacon('[1, 2]');
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toMatchObject({ error: 'The body must be a JSON object' });
    expect(await ownerRows(id)).toBe(0);
  });

  it('stores a step once, however often it is reported, and adds only new steps', async () => {
    const { id } = await owner();
    const batch = report(id, { steps: ['view', 'start'] });
    expect((await beacon(batch)).statusCode).toBe(204);
    expect((await beacon(batch)).statusCode).toBe(204);
    expect(await storedSteps(batch.visitId)).toEqual(['view', 'start']);
    expect((await beacon({ ...batch, steps: ['view', 'start', 'address'] })).statusCode).toBe(204);
    expect(await storedSteps(batch.visitId)).toEqual(['view', 'start', 'address']);
    expect(await ownerRows(id)).toBe(3);

    await rollUp();
    const today = new Date().toISOString().slice(0, 10);
    const response = await funnel(await tokenOf(id), today, today);
    expect(counts(response.json())).toMatchObject({
      view: [1, 0],
      start: [1, 0],
      address: [1, 0],
      measured: [0, 0],
    });
  });

  it('stores reports arriving together in one batch, exactly the rows expected', async () => {
    const [first, second] = [await owner(), await owner()];
    // 20 visits of each owner, depth 1-10; each visit reported again with a step more when it
    // has one (a repeated prefix plus a new step), and the deepest visit's report twice.
    const visits = Array.from({ length: 40 }, (_, index) =>
      report(index % 2 ? second.id : first.id, {
        steps: FUNNEL_STEPS.slice(0, 1 + ((index >> 1) % 10)),
      }),
    );
    const reports = visits.flatMap((visit) => [
      visit,
      ...(visit.steps.length < FUNNEL_STEPS.length
        ? [{ ...visit, steps: FUNNEL_STEPS.slice(0, visit.steps.length + 1) }]
        : [visit]),
    ]);
    expect(reports).toHaveLength(80);
    const pool = t.app.get(PrismaService).pool;
    const statements = jest.spyOn(pool, 'query');
    let inserts: number;
    try {
      const statuses = await Promise.all(reports.map((batch) => beacon(batch)));
      expect(statuses.map((response) => response.statusCode)).toEqual(reports.map(() => 204));
      inserts = statements.mock.calls.filter(
        ([config]) => (config as { name?: string }).name === 'analytics-insert-visits',
      ).length;
    } finally {
      statements.mockRestore();
    }
    // Shared statements: far fewer than one a report.
    expect(inserts).toBeLessThan(reports.length / 4);
    for (const visit of visits) {
      const depth = Math.min(visit.steps.length + 1, FUNNEL_STEPS.length);
      expect(await storedSteps(visit.visitId)).toEqual(FUNNEL_STEPS.slice(0, depth));
    }
    // Depths 2-10 and 10 again: 64 rows per owner.
    expect(await ownerRows(first.id)).toBe(64 * 2);
    expect(await ownerRows(second.id)).toBe(64 * 2);
  });

  it('fails every report of a batch whose insert fails (503), none answered 204', async () => {
    const { id } = await owner();
    // The owner is cached from here on: the insert is the only statement of the next reports.
    expect((await beacon(report(id))).statusCode).toBe(204);
    const pool = t.app.get(PrismaService).pool;
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    const down = jest
      .spyOn(pool, 'query')
      .mockImplementation(((...args: unknown[]) =>
        (args[0] as { name?: string }).name === 'analytics-insert-visits'
          ? Promise.reject(new Error('Connection terminated unexpectedly'))
          : query(...args)) as typeof pool.query);
    try {
      const responses = await Promise.all([1, 2, 3].map(() => beacon(report(id))));
      expect(responses.map((response) => response.statusCode)).toEqual([503, 503, 503]);
    } finally {
      down.mockRestore();
    }
    expect(await ownerRows(id)).toBe(1);
  });

  it('drops without a word: unknown owner, steps out of order, an old visit, a bot', async () => {
    const { id } = await owner();
    const unknown = report(randomUUID());
    const skipped = report(id, { steps: ['view', 'address'] });
    const repeated = { ...report(id), steps: ['view', 'view'] as FunnelStep[] };
    const old = report(id, { visitId: visitId(Date.now() - 2 * DAY_MS) });
    const ahead = report(id, { visitId: visitId(Date.now() + 60 * 60_000) });
    for (const batch of [unknown, skipped, repeated, old, ahead]) {
      expect((await beacon(batch)).statusCode).toBe(204);
    }
    const bot = report(id);
    expect((await beacon(bot, { userAgent: GOOGLEBOT })).statusCode).toBe(204);
    expect(await ownerRows(unknown.ownerId)).toBe(0);
    expect(await ownerRows(id)).toBe(0);
  });

  it('remembers for a minute that an owner does not exist (no lookup per report)', async () => {
    const ownerId = randomUUID();
    const first = report(ownerId);
    expect((await beacon(first)).statusCode).toBe(204);
    expect(await ownerRows(ownerId)).toBe(0);
    await t.prisma.user.create({
      data: { id: ownerId, email: `late-${randomUUID()}@example.com`, fullName: 'Late Roofer' },
    });
    // Within the minute the cache still says no.
    expect((await beacon(report(ownerId))).statusCode).toBe(204);
    expect(await ownerRows(ownerId)).toBe(0);
  });

  it('limits reports per client address (RATE_LIMIT_ANALYTICS_PER_IP)', async () => {
    const { id } = await owner();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await beacon(report(id), { ip: '192.0.2.99' })).statusCode);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
  });
});

describe('GET /api/analytics/funnel', () => {
  it('needs a session, valid dates and an active plan', async () => {
    expect((await funnel(undefined, '2026-11-01', '2026-11-07')).statusCode).toBe(401);
    const { id } = await owner();
    const token = await tokenOf(id);
    const reversed = await funnel(token, '2026-11-07', '2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ error: 'from: From must not be after to' });
    expect((await funnel(token, '2026-11-1', '2026-11-07')).statusCode).toBe(400);

    const none = await owner({ plan: null });
    const refused = await funnel(await tokenOf(none.id), '2026-11-01', '2026-11-07');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'upgrade_required',
      error: 'Funnel analytics needs the Starter Estimator plan or higher',
    });
    const lapsed = await owner({
      plan: 'smart',
      status: 'canceled',
      currentPeriodEnd: new Date(0),
    });
    expect((await funnel(await tokenOf(lapsed.id), '2026-11-01', '2026-11-07')).statusCode).toBe(
      403,
    );
  });

  it('rolls up the exact funnel per day in the contractor time zone, with the period before', async () => {
    const smart = await owner({ plan: 'smart', profile: { timezone: 'America/Chicago' } });
    const other = await owner({ plan: 'smart', profile: { timezone: 'America/Chicago' } });
    // The week of 2026-11-09 (Chicago, UTC-6), and the week before it.
    await pastVisit(smart.id, '2026-11-09T15:00:00Z', ['view', 'start', 'address'], {
      source: 'embed',
      origin: 'https://acme.example',
      campaign: 'fall',
      device: 'mobile',
    });
    await pastVisit(smart.id, '2026-11-10T15:00:00Z', [...FUNNEL_STEPS.slice(0, 9)], {
      source: 'embed',
      origin: 'https://acme.example',
      campaign: 'fall',
      device: 'desktop',
    });
    await pastVisit(smart.id, '2026-11-12T16:00:00Z', [...FUNNEL_STEPS.slice(0, 8)], {
      source: 'share_page',
      device: 'mobile',
    });
    // 03:00 UTC on the 16th is 21:00 on the 15th in Chicago: inside the range.
    await pastVisit(smart.id, '2026-11-16T03:00:00Z', ['view'], { device: 'tablet' });
    // 07:00 UTC on the 16th is the 16th in Chicago: after the range.
    await pastVisit(smart.id, '2026-11-16T07:00:00Z', ['view', 'start']);
    // The period before (2026-11-02 to 2026-11-08).
    await pastVisit(smart.id, '2026-11-03T18:00:00Z', ['view', 'start']);
    await pastVisit(smart.id, '2026-11-04T18:00:00Z', ['view']);
    // 04:00 UTC on the 9th is still the 8th in Chicago: the period before.
    await pastVisit(smart.id, '2026-11-09T04:00:00Z', ['view']);
    // Another contractor's visits never show.
    await pastVisit(other.id, '2026-11-10T15:00:00Z', [...FUNNEL_STEPS]);
    await pastVisit(other.id, '2026-11-03T15:00:00Z', ['view']);
    // Won: leads created in the range (Chicago days) that are Converted now.
    await lead(smart.id, '2026-11-10T20:00:00Z', 'converted');
    await lead(smart.id, '2026-11-16T04:00:00Z', 'converted'); // the 15th in Chicago
    await lead(smart.id, '2026-11-11T20:00:00Z', 'new');
    await lead(smart.id, '2026-11-05T20:00:00Z', 'converted'); // the period before
    await lead(smart.id, '2026-11-16T07:00:00Z', 'converted'); // after the range
    await lead(other.id, '2026-11-10T20:00:00Z', 'converted');

    await rollUp({ fromScratch: true });
    // Again, by two workers at once: one rolls up, the other skips or follows, and since the
    // rollup recounts whole days nothing changes.
    await t.prisma.$executeRaw`UPDATE analytics_rollup_state SET watermark = 'epoch'`;
    const twice = await Promise.all([
      analytics().rollUp(),
      t.app.get(AnalyticsService, { strict: false }).rollUp(),
    ]);
    expect(twice.some((result) => result.ran)).toBe(true);

    const response = await funnel(await tokenOf(smart.id), '2026-11-09', '2026-11-15');
    expect(response.statusCode).toBe(200);
    const body = response.json<AnalyticsFunnelResponse>();
    expect(body).toMatchObject({
      from: '2026-11-09',
      to: '2026-11-15',
      previousFrom: '2026-11-02',
      previousTo: '2026-11-08',
      timeZone: 'America/Chicago',
    });
    expect(counts(body)).toEqual({
      view: [4, 3],
      start: [3, 1],
      address: [3, 0],
      measured: [2, 0],
      ownership: [2, 0],
      material: [2, 0],
      stories: [2, 0],
      estimate: [2, 0],
      quote: [1, 0],
      booked: [0, 0],
      won: [2, 1],
    });
    expect(body.daily).toEqual([
      { day: '2026-11-09', views: 1, quotes: 0 },
      { day: '2026-11-10', views: 1, quotes: 1 },
      { day: '2026-11-11', views: 0, quotes: 0 },
      { day: '2026-11-12', views: 1, quotes: 0 },
      { day: '2026-11-13', views: 0, quotes: 0 },
      { day: '2026-11-14', views: 0, quotes: 0 },
      { day: '2026-11-15', views: 1, quotes: 0 },
    ]);
    expect(body.updatedAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));

    // Smart: breakdowns by source (the embed with its site), campaign and device.
    const row = (
      key: string,
      views: number,
      starts: number,
      estimates: number,
      quotes: number,
    ) => ({
      key,
      views,
      starts,
      estimates,
      quotes,
      booked: 0,
      won: 0,
    });
    expect(body.breakdowns).toEqual({
      source: [
        { ...row('embed', 2, 2, 1, 1), origin: 'https://acme.example' },
        row('share_page', 2, 1, 1, 0),
      ],
      campaign: [row('', 2, 1, 1, 0), row('fall', 2, 2, 1, 1)],
      device: [row('mobile', 2, 2, 1, 0), row('desktop', 1, 1, 1, 1), row('tablet', 1, 0, 0, 0)],
      // No visit here carried a material or a ZIP code.
      material: [],
      zip: [],
    });

    // The other contractor sees only theirs.
    const theirs = (
      await funnel(await tokenOf(other.id), '2026-11-09', '2026-11-15')
    ).json<AnalyticsFunnelResponse>();
    expect(counts(theirs)).toMatchObject({ view: [1, 1], booked: [1, 0], won: [1, 0] });
    expect(theirs.breakdowns?.source).toEqual([{ ...row('share_page', 1, 1, 1, 1), booked: 1 }]);
  });

  it('breaks the funnel down by material and ZIP code, each visit under its own', async () => {
    const { id } = await owner({ plan: 'instant' });
    const upTo = (step: FunnelStep) => FUNNEL_STEPS.slice(0, FUNNEL_STEPS.indexOf(step) + 1);
    const send = async (batch: AnalyticsBatch) =>
      expect((await beacon(batch)).statusCode).toBe(204);
    // Measured first, the material on a later report: the earlier steps count under it too.
    const a = report(id, { steps: upTo('measured'), zipCode: '78701' });
    await send(a);
    await send({ ...a, steps: upTo('quote'), material: 'metal' });
    // The material step shown, the material chosen on the next report.
    const b = report(id, { steps: upTo('material'), zipCode: '78702' });
    await send(b);
    await send({ ...b, steps: upTo('estimate'), material: 'asphalt' });
    // Everything in one report.
    await send(report(id, { steps: [...FUNNEL_STEPS], material: 'metal', zipCode: '78701' }));
    // Tile first, then back and slate: the latest choice counts, on every step.
    const f = report(id, { steps: upTo('stories'), material: 'tile', zipCode: '78703' });
    await send(f);
    await send({ ...f, steps: upTo('estimate'), material: 'slate' });
    // No material (left on the material step) and no address measured: left out of those.
    await send(report(id, { steps: upTo('material'), zipCode: '78702' }));
    await send(report(id, { steps: upTo('start') }));
    const stored = await t.prisma.$queryRaw<{ step: number; material: string; zip: string }[]>`
      SELECT step, material, zip_code AS zip FROM analytics_events
      WHERE visit_id = ${a.visitId}::uuid ORDER BY step`;
    expect(stored.map((row) => [row.step, row.material, row.zip])).toEqual(
      upTo('quote').map((_, step) => [step, step < 4 ? null : 'metal', '78701']),
    );

    await rollUp();
    const today = new Date().toISOString().slice(0, 10);
    const response = await funnel(await tokenOf(id), today, today);
    expect(response.statusCode).toBe(200);
    const breakdowns = response.json<AnalyticsFunnelResponse>().breakdowns!;
    const row = (key: string, counts: [number, number, number, number, number]) => {
      const [views, starts, estimates, quotes, booked] = counts;
      return { key, views, starts, estimates, quotes, booked, won: 0 };
    };
    expect(breakdowns.material).toEqual([
      row('metal', [2, 2, 2, 2, 1]),
      row('asphalt', [1, 1, 1, 0, 0]),
      row('slate', [1, 1, 1, 0, 0]),
    ]);
    expect(breakdowns.zip).toEqual([
      row('78701', [2, 2, 2, 2, 1]),
      row('78702', [2, 2, 1, 0, 0]),
      row('78703', [1, 1, 1, 0, 0]),
    ]);
    expect(breakdowns.device).toEqual([row('mobile', [6, 6, 4, 2, 1])]);
  });

  it('counts each won job under the visit that asked for it', async () => {
    const { id } = await owner({ plan: 'smart' });
    const stranger = await owner({ plan: 'smart' });
    const upTo = (step: FunnelStep) => FUNNEL_STEPS.slice(0, FUNNEL_STEPS.indexOf(step) + 1);
    const embedded = report(id, {
      source: 'embed',
      origin: 'https://acme.example',
      utm: { campaign: 'spring' },
      device: 'desktop',
      steps: upTo('quote'),
      material: 'metal',
      zipCode: '78701',
    });
    const shared = report(id, { steps: upTo('quote') });
    const theirs = report(stranger.id, { source: 'widget', steps: upTo('quote') });
    for (const batch of [embedded, shared, theirs]) {
      expect((await beacon(batch)).statusCode).toBe(204);
    }
    const now = new Date().toISOString();
    // Yesterday's widget visit asked for a quote that counts today: a row of its own.
    const yesterday = await pastVisit(
      id,
      new Date(Date.now() - DAY_MS).toISOString(),
      upTo('quote'),
      { source: 'widget' },
    );
    await lead(id, now, 'converted', embedded.visitId);
    await lead(id, now, 'new', shared.visitId);
    await lead(id, now, 'converted', yesterday);
    // Won without a visit (GPC, or from before), and with a visit that is not this contractor's.
    await lead(id, now, 'converted');
    await lead(id, now, 'converted', theirs.visitId);

    await rollUp({ fromScratch: true });
    const today = now.slice(0, 10);
    const body = (await funnel(await tokenOf(id), today, today)).json<AnalyticsFunnelResponse>();
    expect(counts(body).won).toEqual([4, 0]);
    const won = (rows: BreakdownRow[]) =>
      Object.fromEntries(
        rows.map((row) => [`${row.key}${row.origin ? ` ${row.origin}` : ''}`, row.won]),
      );
    const breakdowns = body.breakdowns!;
    expect(won(breakdowns.source)).toEqual({
      'embed https://acme.example': 1,
      share_page: 0,
      widget: 1,
    });
    // The widget's row has no visits in the range, only its won job.
    expect(breakdowns.source.find((row) => row.key === 'widget')).toEqual({
      key: 'widget',
      views: 0,
      starts: 0,
      estimates: 0,
      quotes: 0,
      booked: 0,
      won: 1,
    });
    expect(won(breakdowns.campaign)).toEqual({ spring: 1, '': 1 });
    expect(won(breakdowns.device)).toEqual({ desktop: 2, mobile: 0 });
    expect(won(breakdowns.material)).toEqual({ metal: 1 });
    expect(won(breakdowns.zip)).toEqual({ '78701': 1 });
  });

  it('gives Starter the totals without breakdowns', async () => {
    const starter = await owner({ plan: 'starter' });
    await pastVisit(starter.id, '2026-11-20T15:00:00Z', ['view', 'start']);
    await rollUp({ fromScratch: true });
    const response = await funnel(await tokenOf(starter.id), '2026-11-20', '2026-11-20');
    expect(response.statusCode).toBe(200);
    const body = response.json<AnalyticsFunnelResponse>();
    expect(body.timeZone).toBe('UTC');
    expect(counts(body)).toMatchObject({ view: [1, 0], start: [1, 0] });
    expect(body.breakdowns).toBeNull();
  });

  it('answers zeros for a contractor with no visits', async () => {
    const { id } = await owner({ plan: 'instant' });
    const body = (
      await funnel(await tokenOf(id), '2026-11-01', '2026-11-03')
    ).json<AnalyticsFunnelResponse>();
    expect(body.funnel.every((row) => row.count === 0 && row.previous === 0)).toBe(true);
    expect(body.funnel).toHaveLength(FUNNEL_STEPS.length + 1);
    expect(body.daily.map((day) => day.views)).toEqual([0, 0, 0]);
    expect(body.breakdowns).toEqual({
      source: [],
      campaign: [],
      device: [],
      material: [],
      zip: [],
    });
  });
});

it('rolls up in the worker every ANALYTICS_ROLLUP_INTERVAL_MS, keeping the partitions', async () => {
  expect(scheduler).toMatchObject({ name: ROLL_UP_ANALYTICS, every: 45_000 });
  const { id } = await owner();
  expect((await beacon(report(id))).statusCode).toBe(204);
  const result = await runScheduledJob<{ rollup: { ran: boolean; ownerDays: number } }>(
    queue,
    ROLL_UP_ANALYTICS,
  );
  expect(result).toMatchObject({ rollup: { ran: true }, created: [], dropped: [] });
  expect(result.rollup.ownerDays).toBeGreaterThanOrEqual(1);
  const today = new Date().toISOString().slice(0, 10);
  const body = (await funnel(await tokenOf(id), today, today)).json<AnalyticsFunnelResponse>();
  expect(counts(body).view).toEqual([1, 0]);
});

it('documents both routes in the OpenAPI document', async () => {
  const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  expect(Object.keys(document.paths['/api/analytics/events'] ?? {})).toEqual(['post']);
  expect(Object.keys(document.paths['/api/analytics/funnel'] ?? {})).toEqual(['get']);
});

describe('partitions', () => {
  it('drops a month past ANALYTICS_RETENTION_DAYS whole and keeps two months ahead', async () => {
    const { id } = await owner();
    await t.prisma.$executeRawUnsafe(
      `CREATE TABLE analytics_events_p2020_01 PARTITION OF analytics_events
       FOR VALUES FROM ('2020-01-01 00:00:00+00') TO ('2020-02-01 00:00:00+00')`,
    );
    await pastVisit(id, '2020-01-15T12:00:00Z', ['view']);
    expect(await ownerRows(id)).toBe(1);

    const result = await analytics().maintainPartitions();
    expect(result.dropped).toEqual(['analytics_events_p2020_01']);
    expect(await ownerRows(id)).toBe(0);

    const now = new Date();
    const names = (
      await t.prisma.$queryRaw<{ name: string }[]>`
        SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'analytics_events'::regclass`
    ).map((row) => row.name);
    for (let ahead = 0; ahead <= 2; ahead++) {
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1));
      expect(names).toContain(
        `analytics_events_p${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`,
      );
    }
    expect(await analytics().maintainPartitions()).toEqual({ created: [], dropped: [] });
  });
  it('leaves the partitions for the next run while the table is busy', async () => {
    await t.prisma.$executeRawUnsafe(
      `CREATE TABLE analytics_events_p2020_02 PARTITION OF analytics_events
       FOR VALUES FROM ('2020-02-01 00:00:00+00') TO ('2020-03-01 00:00:00+00')`,
    );
    const busy = new Client({ connectionString: t.db.url });
    await busy.connect();
    try {
      // A long reader of the table (another worker's rollup).
      await busy.query('BEGIN; LOCK TABLE analytics_events IN ACCESS SHARE MODE');
      expect(await analytics().maintainPartitions()).toEqual({ created: [], dropped: [] });
      await busy.query('COMMIT');
    } finally {
      await busy.end();
    }
    expect(await analytics().maintainPartitions()).toEqual({
      created: [],
      dropped: ['analytics_events_p2020_02'],
    });
  });
});
