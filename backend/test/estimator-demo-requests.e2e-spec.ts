import { computeEstimate, simulateRoofArea } from '@rafter/domain/estimate';
import { scoreMainSiteLead } from '@rafter/domain/lead-score';
import { DEFAULT_MATERIAL_PRICING } from '@rafter/domain/materials';
import { PrismaService } from '../src/core/database/prisma.service';
import { createOwner } from './factories/owner.factory';
import { leadInput } from './factories/lead-payload.factory';
import { createTestApp, type TestApp } from './utils/create-app';

// The landing page's live demo sends its quote requests here. A demo request must never become
// a lead for anyone: nothing is stored, no event is written, so distribution never sees it.

describe('POST /api/demo-requests', () => {
  let t: TestApp;
  let prisma: PrismaService;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_CAPTURE_PER_IP: '3' });
    prisma = t.app.get(PrismaService);
  });

  afterAll(async () => {
    await t.close();
  });

  const submit = (payload: unknown, ip = '203.0.113.10') =>
    t.app.inject({
      method: 'POST',
      url: '/api/demo-requests',
      payload: payload as object,
      remoteAddress: ip,
    });

  /** Everything a quote request could leave behind. */
  const traces = async () => ({
    mainSiteLeads: await prisma.mainSiteLead.count(),
    leads: await prisma.lead.count(),
    outbox: await prisma.outboxEvent.count(),
  });

  it('answers the numbers a homeowner would see and stores nothing, with a paying contractor serving the address', async () => {
    await createOwner(prisma, { plan: 'instant', profile: { areasOfService: ['78701'] } });
    const before = await traces();
    const lead = leadInput({ material: 'metal', estimateLow: 1, estimateMid: 1, estimateHigh: 1 });

    const response = await submit({ lead, ownerId: '00000000-0000-4000-8000-000000000000' });

    const roofArea = simulateRoofArea({ ...lead });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      demo: true,
      roofArea,
      estimate: computeEstimate(roofArea, DEFAULT_MATERIAL_PRICING.metal),
      score: scoreMainSiteLead({ ...lead, roofArea }).score,
    });
    expect(await traces()).toEqual(before);
  });

  it('answers 400 naming the field, and stores nothing', async () => {
    const before = await traces();
    const response = await submit({ lead: leadInput({ zipCode: '7870' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'lead.zipCode: Zip code must be 5 digits',
    });
    expect(await traces()).toEqual(before);
  });

  it('limits each visitor on a budget of its own, apart from real quote requests', async () => {
    const ip = '203.0.113.77';
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await submit({ lead: leadInput() }, ip)).statusCode);
    expect(answers).toEqual([201, 201, 201, 429]);
    // The same visitor can still ask for a real quote.
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/main-site-leads',
      payload: { lead: leadInput() },
      remoteAddress: ip,
    });
    expect(real.statusCode).toBe(201);
  });
});
