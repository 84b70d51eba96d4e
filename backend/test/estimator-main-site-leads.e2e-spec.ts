import { computeEstimate, simulateRoofArea } from '@rafter/domain/estimate';
import { DEFAULT_MATERIAL_PRICING } from '@rafter/domain/materials';
import { PrismaService } from '../src/core/database/prisma.service';
import { leadInput } from './factories/lead-payload.factory';
import { createTestApp, type TestApp } from './utils/create-app';
import { formToken, withFormToken } from './utils/form-token';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /api/main-site-leads', () => {
  let t: TestApp;
  let prisma: PrismaService;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_CAPTURE_PER_IP: '0' });
    prisma = t.app.get(PrismaService);
  });

  afterAll(async () => {
    await t.close();
  });

  const submit = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/main-site-leads',
      payload: withFormToken(t.app, payload) as object,
    });

  it.each<[string, unknown, string, string]>([
    ['no lead', {}, 'lead', 'Lead details are required'],
    [
      'a four-digit zip',
      { lead: leadInput({ zipCode: '7870' }) },
      'lead.zipCode',
      'Zip code must be 5 digits',
    ],
    [
      'an unknown number of stories',
      { lead: leadInput({ stories: 'four' }) },
      'lead.stories',
      'Number of stories must be one, two or three',
    ],
    [
      'a roof area out of bounds',
      { lead: leadInput({ roofArea: 50 }) },
      'lead.roofArea',
      'Roof area must be at least 300 sq ft',
    ],
  ])('answers 400 naming the field for %s', async (_case, payload, field, message) => {
    const before = await prisma.mainSiteLead.count();
    const response = await submit(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: `${field}: ${message}` });
    expect(await prisma.mainSiteLead.count()).toBe(before);
  });

  it("stores the lead with default prices, the spec's score and the material's label", async () => {
    const lead = leadInput({
      address: '88 Slate Row, Austin, TX 78703, USA',
      zipCode: '78703',
      material: 'slate',
      stories: 'one',
      estimateLow: 1,
      estimateMid: 1,
      estimateHigh: 1,
    });
    const response = await submit({ lead });
    const area = simulateRoofArea({ ...lead });
    const estimate = computeEstimate(area, DEFAULT_MATERIAL_PRICING.slate);
    const score = Math.min(100, 50 + 30 + 20 + (area > 2000 ? 15 : area > 1500 ? 10 : 0));

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.stringMatching(UUID),
      roofArea: area,
      estimate,
      score,
      // No contractor yet, so no inspection to book.
      bookingToken: null,
    });
    const stored = await prisma.mainSiteLead.findUniqueOrThrow({
      where: { id: response.json().id },
    });
    expect(stored).toMatchObject({
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
      phone: '5125550100',
      address: lead.address,
      zipCode: '78703',
      ownership: 'owner',
      material: 'Slate',
      stories: 'one',
      roofArea: area,
      estimateLow: estimate.low,
      estimateMid: estimate.mid,
      estimateHigh: estimate.high,
      leadScore: score,
      distributedAt: null,
    });
  });

  it('scores a renter with a plain roof lower', async () => {
    const lead = leadInput({ ownership: 'other', material: 'wood' });
    const response = await submit({ lead });
    const area = simulateRoofArea({ ...lead });
    expect(response.json().score).toBe(50 + (area > 2000 ? 15 : area > 1500 ? 10 : 0));
    const stored = await prisma.mainSiteLead.findUniqueOrThrow({
      where: { id: response.json().id },
    });
    expect(stored.material).toBe('Wood shake/composite');
  });

  it('writes the distribution event with the lead', async () => {
    const response = await submit({ lead: leadInput() });
    expect(response.statusCode).toBe(201);
    const events = await prisma.outboxEvent.findMany({
      where: {
        topic: 'main-site-lead.captured',
        payload: { equals: { mainSiteLeadId: response.json().id } },
      },
    });
    expect(events).toHaveLength(1);
  });

  it('answers a bot 201 and stores nothing', async () => {
    const before = await prisma.mainSiteLead.count();
    const response = await submit({ lead: leadInput(), website: 'spam' });
    expect(response.statusCode).toBe(201);
    expect(response.json().id).toMatch(UUID);
    const tooFast = await submit({ lead: leadInput(), formToken: formToken(t.app, null, 500) });
    expect(tooFast.statusCode).toBe(201);
    const noToken = await submit({ lead: leadInput(), formToken: undefined });
    expect(noToken.statusCode).toBe(201);
    const contractorsToken = await submit({
      lead: leadInput(),
      formToken: formToken(t.app, '7d3f6a52-41c8-4c8e-9a57-0f6f2f6c1b11'),
    });
    expect(contractorsToken.statusCode).toBe(201);
    expect(await prisma.mainSiteLead.count()).toBe(before);
  });
});
