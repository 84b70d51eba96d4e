import { computeEstimate } from '@rafter/domain/estimate';
import { type EstimateAccuracy } from '@rafter/domain/estimate-accuracy';
import { DEFAULT_MATERIAL_PRICING, type Material } from '@rafter/domain/materials';
import { PrismaService } from '../src/core/database/prisma.service';
import { type Prisma } from '../src/generated/prisma/client';
import { createAccount } from './factories/account.factory';
import { createTestApp, type TestApp } from './utils/create-app';

const DAY_MS = 24 * 3600 * 1000;
const URL = '/api/analytics/estimate-accuracy';
const MARCH = `${URL}?from=2026-03-01&to=2026-03-31`;

let t: TestApp;
let prisma: PrismaService;

async function contractor(plan: 'starter' | 'smart' | 'instant' | null, timeZone?: string) {
  const account = await createAccount(prisma);
  if (plan) {
    await prisma.subscription.create({
      data: {
        userId: account.id,
        plan,
        status: 'active',
        currentPeriodEnd: new Date(Date.now() + 20 * DAY_MS),
      },
    });
  }
  if (timeZone) {
    await prisma.businessProfile.create({ data: { userId: account.id, timezone: timeZone } });
  }
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: account.email, password: account.password },
  });
  expect(signIn.statusCode).toBe(200);
  return { id: account.id, token: signIn.json<{ accessToken: string }>().accessToken };
}

let seq = 0;
/** A lead of `ownerId` with the default prices' estimate, converted and sold unless told. */
function lead(
  ownerId: string,
  material: Material,
  roofArea: number,
  soldPrice: number | null,
  extra: Partial<Prisma.LeadCreateManyInput> = {},
): Prisma.LeadCreateManyInput {
  const estimate = computeEstimate(roofArea, DEFAULT_MATERIAL_PRICING[material]);
  seq += 1;
  return {
    ownerId,
    firstName: 'Won',
    lastName: `Job${seq}`,
    email: `job${seq}@example.com`,
    phone: '5125550100',
    address: `${seq} Oak St, Austin, TX 78704`,
    zipCode: '78704',
    ownership: 'owner',
    material,
    stories: 'one',
    roofArea,
    estimateLow: estimate.low,
    estimateMid: estimate.mid,
    estimateHigh: estimate.high,
    status: 'converted',
    soldPrice,
    createdAt: new Date('2026-03-10T12:00:00Z'),
    ...extra,
  };
}

function get(url: string, token?: string) {
  return t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '0', RATE_LIMIT_AUTH_PER_EMAIL: '0' });
  prisma = t.app.get(PrismaService);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/analytics/estimate-accuracy', () => {
  it('answers 401 without a session', async () => {
    const response = await get(MARCH);
    expect(response.statusCode).toBe(401);
  });

  it.each([['starter' as const], [null]])(
    "answers 403 with the upgrade error on plan '%s'",
    async (plan) => {
      const owner = await contractor(plan);
      const response = await get(MARCH, owner.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(
        expect.objectContaining({
          error: 'Advanced analytics needs the Smart Estimator plan or higher',
        }),
      );
    },
  );

  it.each([
    ['from=2026-03-01', 'Dates must be YYYY-MM-DD'],
    ['from=2026-3-1&to=2026-03-31', 'Dates must be YYYY-MM-DD'],
    ['from=2026-03-31&to=2026-03-01', 'From must not be after to'],
    ['from=2025-01-01&to=2026-03-31', 'The range must be at most 366 days'],
  ])('answers 400 for %s', async (query, message) => {
    const owner = await contractor('smart');
    const response = await get(`${URL}?${query}`, owner.token);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('has no figures before a sale is entered', async () => {
    const owner = await contractor('instant');
    await prisma.lead.createMany({ data: [lead(owner.id, 'asphalt', 2000, null)] });
    const response = await get(MARCH, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      overall: null,
      byMaterial: [],
      bySize: [],
    });
  });

  it("gives exact figures from the contractor's own won jobs in the range only", async () => {
    const owner = await contractor('smart', 'America/Chicago');
    const other = await contractor('smart');
    await prisma.lead.createMany({
      data: [
        lead(owner.id, 'asphalt', 1000, 5000),
        lead(owner.id, 'asphalt', 2000, 12000),
        lead(owner.id, 'asphalt', 3000, 21000),
        lead(owner.id, 'metal', 1800, 30000),
        // Left out: no price, not Converted, spam, before the range in Chicago (21:00 on Feb 28),
        // after it (April 1 in Chicago).
        lead(owner.id, 'asphalt', 2000, null),
        lead(owner.id, 'asphalt', 2000, 99000, { status: 'lost' }),
        lead(owner.id, 'asphalt', 2000, 99000, { spamAt: new Date() }),
        lead(owner.id, 'asphalt', 2000, 99000, { createdAt: new Date('2026-03-01T03:00:00Z') }),
        lead(owner.id, 'asphalt', 2000, 99000, { createdAt: new Date('2026-04-01T06:00:00Z') }),
        // Inside the range in Chicago: 23:00 on March 31.
        lead(owner.id, 'slate', 1000, 30000, { createdAt: new Date('2026-04-01T04:00:00Z') }),
        // Another contractor's sales never count.
        lead(other.id, 'asphalt', 2000, 1_000_000),
        lead(other.id, 'asphalt', 2100, 1_000_000),
        lead(other.id, 'metal', 1800, 1_000_000),
      ],
    });

    const response = await get(MARCH, owner.token);
    expect(response.statusCode).toBe(200);
    const body = response.json<EstimateAccuracy>();
    expect(body.overall).toEqual({
      count: 5,
      medianEstimate: 14025, // mids 4,675 9,350 14,025 27,450 27,630
      medianSold: 21000, // 5,000 12,000 21,000 30,000 30,000
      medianErrorPercent: -8.5, // -6.5 -22.1 -33.2 -8.5 -7.9
      withinRangePercent: 60, // 5,000 30,000 (metal) 30,000 (slate: 23,490-31,770)
    });
    expect(body.byMaterial).toEqual([
      {
        material: 'asphalt',
        count: 3,
        medianEstimate: 9350,
        medianSold: 12000,
        medianErrorPercent: -22.1,
        withinRangePercent: 33.3,
        // $5, $6, $7 per sq ft: the median ± half the interquartile range.
        suggestion: { min: 5.5, max: 6.5 },
      },
      {
        material: 'metal',
        count: 1,
        medianEstimate: 27450,
        medianSold: 30000,
        medianErrorPercent: -8.5,
        withinRangePercent: 100,
        suggestion: null,
      },
      {
        material: 'slate',
        count: 1,
        medianEstimate: 27630,
        medianSold: 30000,
        medianErrorPercent: -7.9,
        withinRangePercent: 100,
        suggestion: null,
      },
    ]);
    expect(body.bySize).toEqual([
      expect.objectContaining({ band: 'small', count: 2, medianSold: 17500 }),
      expect.objectContaining({ band: 'medium', count: 2, medianSold: 21000 }),
      expect.objectContaining({ band: 'large', count: 1, medianSold: 21000 }),
    ]);

    // The other contractor sees only their own three sales.
    const theirs = (await get(MARCH, other.token)).json<EstimateAccuracy>();
    expect(theirs.overall?.count).toBe(3);
    expect(theirs.overall?.medianSold).toBe(1_000_000);
  });

  it('suggests a price range only once a material has 3 sales', async () => {
    const owner = await contractor('smart');
    await prisma.lead.createMany({
      data: [lead(owner.id, 'tile', 1500, 10000), lead(owner.id, 'tile', 1500, 11000)],
    });
    const two = (await get(MARCH, owner.token)).json<EstimateAccuracy>();
    expect(two.byMaterial).toEqual([expect.objectContaining({ count: 2, suggestion: null })]);

    await prisma.lead.createMany({ data: [lead(owner.id, 'tile', 1500, 13000)] });
    const three = (await get(MARCH, owner.token)).json<EstimateAccuracy>();
    expect(three.byMaterial).toEqual([
      expect.objectContaining({ count: 3, suggestion: { min: 6.83, max: 7.83 } }),
    ]);
  });
});
