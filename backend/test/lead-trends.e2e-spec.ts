import { type LeadTrends } from '@rafter/domain/lead-trends';
import { PrismaService } from '../src/core/database/prisma.service';
import { type Prisma } from '../src/generated/prisma/client';
import { SessionsService } from '../src/modules/auth/sessions.service';
import { createOwner, type OwnerOptions } from './factories/owner.factory';
import { createTestApp, type TestApp } from './utils/create-app';

const URL = '/api/analytics/leads';

let t: TestApp;
let prisma: PrismaService;

beforeAll(async () => {
  t = await createTestApp();
  prisma = t.app.get(PrismaService);
});

afterAll(async () => {
  await t?.close();
});

async function owner(options: OwnerOptions = {}): Promise<{ id: string; token: string }> {
  const { id } = await createOwner(prisma, options);
  const { session } = await t.app.get(SessionsService).issue(id, {});
  return { id, token: session.accessToken };
}

function get(query: string, token?: string) {
  return t.app.inject({
    url: `${URL}?${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

let seq = 0;
/** A lead received at `at` whose estimate averages `mid` dollars. */
function lead(
  ownerId: string,
  at: string,
  mid: number,
  extra: Partial<Prisma.LeadCreateManyInput> = {},
): Prisma.LeadCreateManyInput {
  seq += 1;
  return {
    ownerId,
    firstName: 'Trend',
    lastName: `Lead${seq}`,
    email: `trend${seq}@example.com`,
    phone: '5125550100',
    address: `${seq} Elm St, Austin, TX 78704`,
    zipCode: '78704',
    ownership: 'owner',
    material: 'asphalt',
    stories: 'one',
    roofArea: 2000,
    estimateLow: mid - 1000,
    estimateMid: mid,
    estimateHigh: mid + 1000,
    createdAt: new Date(at),
    ...extra,
  };
}

const zero = { leads: 0, pipelineValue: 0, won: 0, wonValue: 0, wonWithSoldPrice: 0 };

describe('GET /api/analytics/leads', () => {
  it('answers 401 without a session', async () => {
    expect((await get('from=2026-11-09&to=2026-11-11')).statusCode).toBe(401);
  });

  it("answers 403 with the funnel's upgrade error without a plan, or with a lapsed one", async () => {
    for (const options of [
      { plan: null },
      { plan: 'smart' as const, status: 'canceled' as const, currentPeriodEnd: new Date(0) },
    ]) {
      const { token } = await owner(options);
      const response = await get('from=2026-11-09&to=2026-11-11', token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'upgrade_required',
        error: 'Funnel analytics needs the Starter Estimator plan or higher',
      });
    }
  });

  it.each([
    ['from=2026-11-1&to=2026-11-11', 'from: Dates must be YYYY-MM-DD'],
    ['from=2026-11-09&to=tomorrow', 'to: Dates must be YYYY-MM-DD'],
    ['from=2026-11-11&to=2026-11-09', 'from: From must not be after to'],
    ['from=2025-01-01&to=2026-11-09', 'to: The range must be at most 366 days'],
  ])('answers 400 naming the field for %s', async (query, error) => {
    const { token } = await owner({ plan: 'starter' });
    const response = await get(query, token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error });
  });

  it("gives exact figures per day in the contractor's time zone, with the period before", async () => {
    const chicago = await owner({ plan: 'starter', profile: { timezone: 'America/Chicago' } });
    const other = await owner({ plan: 'starter', profile: { timezone: 'America/Chicago' } });
    // Chicago is UTC-6 in November: a day there runs from 06:00 UTC to 06:00 UTC.
    await prisma.lead.createMany({
      data: [
        // The 9th: midnight sharp, and 23:30; the lost lead counts as a lead, not in the pipeline.
        lead(chicago.id, '2026-11-09T06:00:00Z', 10_000),
        lead(chicago.id, '2026-11-10T05:30:00Z', 20_000, { status: 'lost' }),
        // The 10th: two won, one with a sold price; spam never counts.
        lead(chicago.id, '2026-11-10T15:00:00Z', 12_000, {
          status: 'converted',
          soldPrice: 15_000,
        }),
        lead(chicago.id, '2026-11-10T18:00:00Z', 9_000, { status: 'converted' }),
        lead(chicago.id, '2026-11-10T19:00:00Z', 50_000, { spamAt: new Date() }),
        // The 11th at 23:00: a locked lead (over the allowance) is still a homeowner's request.
        lead(chicago.id, '2026-11-12T05:00:00Z', 8_000, {
          locked: true,
          lockedReason: 'monthly_limit',
        }),
        // Midnight on the 12th: after the range.
        lead(chicago.id, '2026-11-12T06:00:00Z', 70_000),
        // The period before (6th to 8th): 23:59 on the 8th, and the 6th; 23:00 on the 5th is not.
        lead(chicago.id, '2026-11-09T05:59:00Z', 7_000),
        lead(chicago.id, '2026-11-06T06:00:00Z', 6_000, { status: 'converted', soldPrice: 5_000 }),
        lead(chicago.id, '2026-11-06T05:00:00Z', 90_000),
        // Another contractor's leads never show.
        lead(other.id, '2026-11-10T15:00:00Z', 99_999, { status: 'converted', soldPrice: 77_777 }),
      ],
    });

    const response = await get('from=2026-11-09&to=2026-11-11', chicago.token);
    expect(response.statusCode).toBe(200);
    expect(response.json<LeadTrends>()).toEqual({
      from: '2026-11-09',
      to: '2026-11-11',
      previousFrom: '2026-11-06',
      previousTo: '2026-11-08',
      timeZone: 'America/Chicago',
      daily: [
        {
          day: '2026-11-09',
          leads: 2,
          pipelineValue: 10_000,
          won: 0,
          wonValue: 0,
          wonWithSoldPrice: 0,
        },
        {
          day: '2026-11-10',
          leads: 2,
          pipelineValue: 21_000,
          won: 2,
          wonValue: 24_000,
          wonWithSoldPrice: 1,
        },
        {
          day: '2026-11-11',
          leads: 1,
          pipelineValue: 8_000,
          won: 0,
          wonValue: 0,
          wonWithSoldPrice: 0,
        },
      ],
      totals: { leads: 5, pipelineValue: 39_000, won: 2, wonValue: 24_000, wonWithSoldPrice: 1 },
      previous: { leads: 2, pipelineValue: 13_000, won: 1, wonValue: 5_000, wonWithSoldPrice: 1 },
    });

    const theirs = (await get('from=2026-11-09&to=2026-11-11', other.token)).json<LeadTrends>();
    expect(theirs.totals).toEqual({
      leads: 1,
      pipelineValue: 99_999,
      won: 1,
      wonValue: 77_777,
      wonWithSoldPrice: 1,
    });
    expect(theirs.previous).toEqual(zero);
  });

  it('answers every day with zeros, in UTC without a profile', async () => {
    const { token } = await owner({ plan: 'instant' });
    const body = (await get('from=2026-02-27&to=2026-03-01', token)).json<LeadTrends>();
    expect(body.timeZone).toBe('UTC');
    expect(body.daily).toEqual([
      { day: '2026-02-27', ...zero },
      { day: '2026-02-28', ...zero },
      { day: '2026-03-01', ...zero },
    ]);
    expect(body.totals).toEqual(zero);
    expect(body.previous).toEqual(zero);
    expect(body.previousFrom).toBe('2026-02-24');
  });
});

it('documents the route in the OpenAPI document', async () => {
  const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  expect(Object.keys(document.paths[URL] ?? {})).toEqual(['get']);
});
