import { computeEstimate, simulateRoofArea } from '@rafter/domain/estimate';
import { type LeadInput, MIN_FILL_TIME_MS } from '@rafter/domain/lead';
import { newVisitId } from '@rafter/domain/funnel';
import { DEFAULT_MATERIAL_PRICING } from '@rafter/domain/materials';
import { getRandomValues, randomUUID } from 'node:crypto';
import { CONNECT_TIMEOUT_MS } from '../src/core/database/database-pool';
import { PrismaService } from '../src/core/database/prisma.service';
import { LEAD_SELECT, NO_TEXT_CONSENT, type NewLeadRow } from '../src/modules/leads/lead-row';
import { OwnerLeadsRepository } from '../src/modules/leads/owner-leads.repository';
import { leadInput } from './factories/lead-payload.factory';
import { createLeads, createOwner, type OwnerOptions } from './factories/owner.factory';
import { sleep } from './utils/async';
import { createTestApp, type TestApp } from './utils/create-app';
import { formToken, withFormToken } from './utils/form-token';

const UNKNOWN_ID = '7d3f6a52-41c8-4c8e-9a57-0f6f2f6c1b11';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /api/capture-lead', () => {
  let t: TestApp;
  let prisma: PrismaService;

  beforeAll(async () => {
    // Limits have their own spec (bursts: form-token); here one test client sends dozens of leads.
    t = await createTestApp({
      RATE_LIMIT_CAPTURE_PER_IP: '0',
      RATE_LIMIT_CAPTURE_PER_OWNER: '0',
      FORM_BURST_PER_MINUTE: '0',
    });
    prisma = t.app.get(PrismaService);
  });

  afterAll(async () => {
    await t.close();
  });

  const capture = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/capture-lead',
      payload: withFormToken(t.app, payload) as object,
    });

  const owner = (options?: OwnerOptions) => createOwner(prisma, options);

  const storedLeads = (ownerId: string) =>
    prisma.lead.findMany({ where: { ownerId }, orderBy: { createdAt: 'asc' } });

  describe('validation', () => {
    it.each<[string, (ownerId: string) => unknown, string, string]>([
      ['no ownerId', () => ({ lead: leadInput() }), 'ownerId', 'Owner id is required'],
      [
        'a malformed ownerId',
        () => ({ ownerId: 'owner-1', lead: leadInput() }),
        'ownerId',
        'Owner id must be a valid id',
      ],
      ['no lead', (ownerId) => ({ ownerId }), 'lead', 'Lead details are required'],
      [
        'a bad e-mail',
        (ownerId) => ({ ownerId, lead: leadInput({ email: 'ana@' }) }),
        'lead.email',
        'Email must be a valid email address',
      ],
      [
        'a foreign phone number',
        (ownerId) => ({ ownerId, lead: leadInput({ phone: '+44 20 7946 0958' }) }),
        'lead.phone',
        'Phone number must be a 10-digit US number',
      ],
      [
        'a missing first name',
        (ownerId) => ({ ownerId, lead: leadInput({ firstName: ' ' }) }),
        'lead.firstName',
        'First name is required',
      ],
      [
        'an unknown material',
        (ownerId) => ({ ownerId, lead: leadInput({ material: 'copper' }) }),
        'lead.material',
        'Roofing material must be asphalt, wood, metal, tile or slate',
      ],
      [
        'a negative estimate',
        (ownerId) => ({ ownerId, lead: leadInput({ estimateLow: -1 }) }),
        'lead.estimateLow',
        'Low estimate must not be negative',
      ],
      [
        'an unknown source',
        (ownerId) => ({ ownerId, lead: leadInput(), source: 'marketplace' }),
        'source',
        'Source must be widget, embed or share_page',
      ],
      [
        'a visit id that is not a UUIDv7',
        (ownerId) => ({
          ownerId,
          lead: leadInput(),
          visitId: '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f',
        }),
        'visitId',
        'Visit id must be a UUID version 7',
      ],
    ])('answers 400 naming the field for %s', async (_case, body, field, message) => {
      const { id } = await owner();
      const response = await capture(body(id));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: `${field}: ${message}`,
        fields: { [field]: message },
      });
      expect(await storedLeads(id)).toHaveLength(0);
    });
  });

  it('answers 404 for an unknown contractor and stores nothing', async () => {
    const response = await capture({ ownerId: UNKNOWN_ID, lead: leadInput() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Contractor not found', code: 'owner_not_found' });
    expect(await prisma.lead.count({ where: { ownerId: UNKNOWN_ID } })).toBe(0);
  });

  it("stores the lead with the server's numbers, its timeline event and its outbox event in one commit", async () => {
    const { id: ownerId } = await owner();
    const lead = leadInput({ material: 'metal', stories: 'two' });
    const response = await capture({ ownerId, lead });

    const area = simulateRoofArea({ ...lead });
    const estimate = computeEstimate(area, DEFAULT_MATERIAL_PRICING.metal);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      roofArea: area,
      estimate,
      score: 100,
      bookingToken: expect.stringMatching(/^b\./),
    });

    const [stored] = await storedLeads(ownerId);
    expect(stored).toMatchObject({
      id: body.id,
      ownerId,
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
      phone: '5125550100',
      address: lead.address,
      zipCode: '78701',
      latitude: 30.2672,
      longitude: -97.7431,
      ownership: 'owner',
      isHomeowner: true,
      material: 'metal',
      stories: 'two',
      roofArea: area,
      estimateLow: estimate.low,
      estimateMid: estimate.mid,
      estimateHigh: estimate.high,
      score: 100,
      status: 'new',
      source: 'widget',
      locked: false,
      lockedReason: null,
      notifiedAt: null,
    });
    expect(stored!.scoreReasons).toEqual([
      expect.objectContaining({ code: 'base', points: 50 }),
      expect.objectContaining({ code: 'homeowner', points: 30 }),
      expect.objectContaining({ code: 'premium_material', points: 20 }),
    ]);

    const events = await prisma.leadEvent.findMany({ where: { leadId: body.id } });
    expect(events).toEqual([
      expect.objectContaining({ ownerId, type: 'created', toStatus: 'new', actorId: null }),
    ]);
    const outbox = await prisma.outboxEvent.findMany({
      where: { topic: 'lead.captured', payload: { path: ['leadId'], equals: body.id } },
    });
    expect(outbox).toEqual([
      expect.objectContaining({ payload: { leadId: body.id, ownerId }, publishedAt: null }),
    ]);
    // Rows written by one transaction carry its id in the system column xmin.
    const [leadTx, eventTx, outboxTx] = await Promise.all([
      prisma.$queryRaw<
        { xmin: string }[]
      >`SELECT xmin::text FROM leads WHERE id = ${body.id}::uuid`,
      prisma.$queryRaw<
        { xmin: string }[]
      >`SELECT xmin::text FROM lead_events WHERE lead_id = ${body.id}::uuid`,
      prisma.$queryRaw<
        { xmin: string }[]
      >`SELECT xmin::text FROM outbox WHERE id = ${outbox[0]!.id}::uuid`,
    ]);
    expect(eventTx).toEqual(leadTx);
    expect(outboxTx).toEqual(leadTx);
  });

  it("keeps the estimator's analytics visit with the lead, and none when the request has none", async () => {
    const { id: ownerId } = await owner();
    const visitId = newVisitId(Date.now(), (bytes) => getRandomValues(bytes));
    const counted = await capture({ ownerId, lead: leadInput(), visitId });
    const uncounted = await capture({ ownerId, lead: leadInput({ email: 'gpc@example.com' }) });
    expect([counted.statusCode, uncounted.statusCode]).toEqual([201, 201]);
    const stored = await prisma.lead.findMany({
      where: { id: { in: [counted.json().id, uncounted.json().id] } },
      select: { id: true, visitId: true },
    });
    expect(Object.fromEntries(stored.map((lead) => [lead.id, lead.visitId]))).toEqual({
      [counted.json().id]: visitId,
      [uncounted.json().id]: null,
    });
  });

  it('stores its own estimate when the client sends tampered numbers', async () => {
    const { id: ownerId } = await owner({ prices: { asphalt: { min: 4.5, max: 8 } } });
    const lead = leadInput({ roofArea: 19_999, estimateLow: 1, estimateMid: 2, estimateHigh: 3 });
    const response = await capture({ ownerId, lead });
    expect(response.statusCode).toBe(201);

    const area = simulateRoofArea({ ...lead });
    const [stored] = await storedLeads(ownerId);
    expect(stored!.roofArea).toBe(area);
    expect(stored!.estimateLow).toBe(Math.round(area * 4.5));
    expect(stored!.estimateMid).toBe(Math.round(area * 6.25));
    expect(stored!.estimateHigh).toBe(Math.round(area * 8));
    expect(response.json()).toMatchObject({
      roofArea: area,
      estimate: { low: stored!.estimateLow, mid: stored!.estimateMid, high: stored!.estimateHigh },
    });
  });

  it("prices the same roof with each contractor's own prices", async () => {
    const standard = await owner();
    const premium = await owner({ prices: { asphalt: { min: 6, max: 10 } } });
    const lead = leadInput();
    await capture({ ownerId: standard.id, lead });
    await capture({ ownerId: premium.id, lead });
    const [cheap] = await storedLeads(standard.id);
    const [dear] = await storedLeads(premium.id);
    expect(cheap!.roofArea).toBe(dear!.roofArea);
    expect(cheap!.estimateLow).toBe(Math.round(cheap!.roofArea * 3.4));
    expect(dear!.estimateLow).toBe(Math.round(dear!.roofArea * 6));
  });

  it("uses the roof measured at the lead's marker, whatever the stories", async () => {
    const { id: ownerId } = await owner();
    const lead = leadInput({
      address: '4 Measured Ct, Austin, TX 78701, USA',
      stories: 'three',
      latitude: 30.271234,
      longitude: -97.741236,
    });
    await prisma.roofMeasurement.create({
      data: {
        locationKey: '30.27123,-97.74124',
        zipCode: '78701',
        latitude: 30.27123,
        longitude: -97.74124,
        areaSqFt: 2870,
        source: 'solar',
      },
    });
    const response = await capture({ ownerId, lead });
    expect(response.json()).toMatchObject({
      roofArea: 2870,
      estimate: computeEstimate(2870, DEFAULT_MATERIAL_PRICING.asphalt),
    });
    expect((await storedLeads(ownerId))[0]!.roofArea).toBe(2870);
  });

  it("scores with the contractor's minimum deal value and service area", async () => {
    const { id: ownerId } = await owner({
      profile: { idealCustomerValue: 5000, areasOfService: ['78701'] },
    });
    const response = await capture({ ownerId, lead: leadInput({ ownership: 'considering' }) });
    const [stored] = await storedLeads(ownerId);
    expect(stored!.isHomeowner).toBe(false);
    expect((stored!.scoreReasons as { code: string }[]).map((reason) => reason.code)).toEqual(
      expect.arrayContaining(['base', 'meets_deal_value', 'in_service_area']),
    );
    expect(response.json().score).toBe(stored!.score);
  });

  it.each(['embed', 'share_page'] as const)('stores the source %s', async (source) => {
    const { id: ownerId } = await owner();
    await capture({ ownerId, lead: leadInput(), source });
    expect((await storedLeads(ownerId))[0]!.source).toBe(source);
  });

  describe('bots', () => {
    it.each<[string, (ownerId: string) => Record<string, unknown>]>([
      ['the honeypot is filled', () => ({ website: 'https://cheap-pills.example' })],
      [
        'the form was filled too fast',
        (ownerId) => ({ formToken: formToken(t.app, ownerId, MIN_FILL_TIME_MS - 1500) }),
      ],
      ['no form token came', () => ({ formToken: undefined })],
      [
        "the form token is another calculator's",
        () => ({ formToken: formToken(t.app, UNKNOWN_ID) }),
      ],
      ["the form token is the main site's", () => ({ formToken: formToken(t.app, null) })],
    ])('answers 201 with a fresh id and stores nothing when %s', async (_case, trap) => {
      const { id: ownerId } = await owner();
      const outboxBefore = await prisma.outboxEvent.count();
      const response = await capture({ ownerId, lead: leadInput(), ...trap(ownerId) });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.stringMatching(UUID),
        roofArea: expect.any(Number),
        estimate: { low: expect.any(Number), mid: expect.any(Number), high: expect.any(Number) },
        score: expect.any(Number),
        // A dropped request gets a booking token too, so its answer tells a bot nothing.
        bookingToken: expect.stringMatching(/^b\./),
      });
      expect(await prisma.lead.count({ where: { id: response.json().id } })).toBe(0);
      expect(await storedLeads(ownerId)).toHaveLength(0);
      expect(await prisma.outboxEvent.count()).toBe(outboxBefore);
    });

    it('answers a bot 201 even for an unknown contractor, telling it nothing', async () => {
      const response = await capture({ ownerId: UNKNOWN_ID, lead: leadInput(), website: 'x' });
      expect(response.statusCode).toBe(201);
    });

    it('keeps a person who took their time, whatever start time their browser sends', async () => {
      const { id: ownerId } = await owner();
      const tookTheirTime = (startedMsAgo: number) => formToken(t.app, ownerId, startedMsAgo);
      await capture({ ownerId, lead: leadInput(), website: '', formToken: tookTheirTime(60_000) });
      await capture({
        ownerId,
        lead: leadInput(),
        formToken: tookTheirTime(MIN_FILL_TIME_MS),
        startedAt: Date.now(),
      });
      expect(await storedLeads(ownerId)).toHaveLength(2);
    });
  });

  describe('plan limits: leads are stored locked, never refused', () => {
    const capturedLock = async (ownerId: string, lead: LeadInput = leadInput()) => {
      const response = await capture({ ownerId, lead });
      expect(response.statusCode).toBe(201);
      const stored = await prisma.lead.findUniqueOrThrow({ where: { id: response.json().id } });
      return { locked: stored.locked, lockedReason: stored.lockedReason };
    };

    it.each<[string, OwnerOptions]>([
      ['no subscription', { plan: null }],
      ['a canceled plan', { plan: 'instant', status: 'canceled' }],
      [
        'a plan whose period ended',
        { plan: 'smart', currentPeriodEnd: new Date(Date.now() - 1000) },
      ],
    ])('locks a lead for a contractor with %s (no_active_plan)', async (_case, options) => {
      const { id } = await owner(options);
      expect(await capturedLock(id)).toEqual({ locked: true, lockedReason: 'no_active_plan' });
      expect(
        await prisma.outboxEvent.count({ where: { payload: { path: ['ownerId'], equals: id } } }),
      ).toBe(1);
    });

    it("locks a Starter contractor's 11th lead of the month (monthly_limit)", async () => {
      const { id } = await owner({ plan: 'starter' });
      await createLeads(prisma, id, 9);
      expect(await capturedLock(id)).toEqual({ locked: false, lockedReason: null });
      expect(await capturedLock(id)).toEqual({ locked: true, lockedReason: 'monthly_limit' });
    });

    it("does not count last month's leads", async () => {
      const { id } = await owner({ plan: 'starter' });
      const now = new Date();
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1);
      await createLeads(prisma, id, 10, lastMonth);
      expect(await capturedLock(id)).toEqual({ locked: false, lockedReason: null });
    });

    it('never locks on the unlimited plan', async () => {
      const { id } = await owner({ plan: 'instant' });
      await createLeads(prisma, id, 60);
      expect(await capturedLock(id)).toEqual({ locked: false, lockedReason: null });
    });

    it('counts leads arriving at the same moment one after the other', async () => {
      const { id } = await owner({ plan: 'starter' });
      await createLeads(prisma, id, 7);
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          capture({ ownerId: id, lead: leadInput({ lastName: `Burst ${index}` }) }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
      const burst = await prisma.lead.findMany({
        where: { ownerId: id, lastName: { startsWith: 'Burst' } },
      });
      expect(burst.filter((lead) => !lead.locked)).toHaveLength(3);
      expect(burst.filter((lead) => lead.lockedReason === 'monthly_limit')).toHaveLength(3);
    });
  });

  it('keeps a quote request that waits longer than a connection attempt for a busy pool', async () => {
    const { id: ownerId } = await owner({ plan: 'instant' });
    // Every pooled connection busy, as while PostgreSQL is slow for a moment under load.
    const held = await Promise.all(
      Array.from({ length: prisma.pool.options.max }, () => prisma.pool.connect()),
    );
    const pending = capture({ ownerId, lead: leadInput({ lastName: 'Patient' }) });
    await sleep(CONNECT_TIMEOUT_MS + 500);
    for (const client of held) client.release();

    const response = await pending;
    expect(response.statusCode).toBe(201);
    expect((await storedLeads(ownerId)).map((lead) => lead.id)).toEqual([response.json().id]);
  });

  describe('quote requests arriving together share one statement', () => {
    const xminOf = async (ids: string[]) =>
      (
        await prisma.$queryRaw<{ id: string; xmin: string }[]>`
          SELECT id::text, xmin::text FROM leads WHERE id = ANY(${ids}::uuid[])`
      ).reduce((map, row) => map.set(row.id, row.xmin), new Map<string, string>());

    const newLead = (ownerId: string, lastName: string): NewLeadRow => ({
      id: randomUUID(),
      ownerId,
      firstName: 'Ana',
      lastName,
      email: 'ana@example.com',
      phone: '5125550100',
      address: '123 Main St, Austin, TX 78701, USA',
      zipCode: '78701',
      latitude: null,
      longitude: null,
      ownership: 'owner',
      stories: 'one',
      roofArea: 2000,
      estimateLow: 6800,
      estimateMid: 9350,
      estimateHigh: 11900,
      material: 'asphalt',
      isHomeowner: true,
      score: 80,
      scoreReasons: [],
      source: 'widget',
      lockedReason: null,
      ...NO_TEXT_CONSENT,
      visitId: null,
    });

    it('are prepared on their connection and planned once, not for every batch', async () => {
      const { id } = await owner({ plan: 'instant' });
      for (let index = 0; index < 12; index++) {
        const response = await capture({
          ownerId: id,
          lead: leadInput({ lastName: `Prepared ${index}` }),
        });
        expect(response.statusCode).toBe(201);
      }
      // A statement prepared by name lives on the connection that ran it: ask every one.
      const { pool } = prisma;
      const clients = await Promise.all(
        Array.from({ length: Math.max(pool.totalCount, 1) }, () => pool.connect()),
      );
      const runs = new Map<string, { generic: number; all: number }>();
      try {
        for (const client of clients) {
          const { rows } = await client.query<{ name: string; generic: number; custom: number }>(
            `SELECT name, generic_plans::int AS generic, custom_plans::int AS custom
             FROM pg_prepared_statements WHERE name IN ('rafter_capture_owners', 'rafter_insert_leads')`,
          );
          for (const row of rows) {
            const sum = runs.get(row.name) ?? { generic: 0, all: 0 };
            runs.set(row.name, {
              generic: sum.generic + row.generic,
              all: sum.all + row.generic + row.custom,
            });
          }
        }
      } finally {
        for (const client of clients) client.release();
      }
      // Each ran once a request, parsed once per connection. After five runs on a connection
      // PostgreSQL keeps one plan for the insert; the lookup it plans for each run's arrays, which
      // it estimates cheaper than one plan for any (docs/decisions/0043).
      for (const name of ['rafter_capture_owners', 'rafter_insert_leads']) {
        expect(runs.get(name)?.all).toBeGreaterThanOrEqual(12);
      }
      expect(runs.get('rafter_insert_leads')?.generic).toBeGreaterThan(0);
    });

    it('answers each of many simultaneous requests with its own stored lead, priced for its contractor', async () => {
      const contractors = await Promise.all([
        owner({ plan: 'instant' }),
        owner({ plan: 'instant', prices: { asphalt: { min: 6, max: 10 } } }),
        owner({ plan: null }),
      ]);
      const requests = Array.from({ length: 30 }, (_, index) => ({
        ownerId: index === 29 ? UNKNOWN_ID : contractors[index % 3]!.id,
        lead: leadInput({ lastName: `Together ${index}` }),
      }));
      const responses = await Promise.all(requests.map((request) => capture(request)));

      expect(responses.map((response) => response.statusCode)).toEqual([
        ...Array<number>(29).fill(201),
        404,
      ]);
      const stored = await prisma.lead.findMany({
        where: { lastName: { startsWith: 'Together ' } },
        include: { events: true },
      });
      expect(stored).toHaveLength(29);
      for (const [index, response] of responses.slice(0, 29).entries()) {
        const row = stored.find((lead) => lead.id === response.json().id);
        expect(row).toMatchObject({
          ownerId: requests[index]!.ownerId,
          lastName: `Together ${index}`,
          estimateLow: response.json().estimate.low,
          estimateHigh: response.json().estimate.high,
          locked: index % 3 === 2,
          lockedReason: index % 3 === 2 ? 'no_active_plan' : null,
        });
        expect(row!.events.map((event) => event.type)).toEqual(['created']);
      }
      const area = simulateRoofArea({ ...leadInput() });
      expect(stored.find((lead) => lead.lastName === 'Together 1')!.estimateLow).toBe(
        Math.round(area * 6),
      );
      expect(
        await prisma.outboxEvent.count({
          where: {
            topic: 'lead.captured',
            payload: { path: ['ownerId'], equals: contractors[0]!.id },
          },
        }),
      ).toBe(10);
    });

    it('stores leads handed over in the same moment in one commit, each found by its id', async () => {
      const { id: ownerId } = await owner({ plan: 'instant' });
      const repository = t.app.get(OwnerLeadsRepository);
      const leads = Array.from({ length: 5 }, (_, index) => newLead(ownerId, `Batch ${index}`));
      const rows = await Promise.all(
        leads.map((lead) => repository.insert({ lead, allowance: null, since: null })),
      );
      expect(rows.map((row) => [row.id, row.lastName])).toEqual(
        leads.map((lead) => [lead.id, lead.lastName]),
      );
      const xmin = await xminOf(leads.map((lead) => lead.id));
      expect(new Set(xmin.values()).size).toBe(1);
      expect(
        await prisma.outboxEvent.count({
          where: { payload: { path: ['ownerId'], equals: ownerId } },
        }),
      ).toBe(5);
    });

    it('returns each stored lead exactly as reading it back lists it, its lock decided in the statement', async () => {
      const { id: ownerId } = await owner({ plan: 'instant' });
      // The counted leads' contractor has no other lead this month.
      const { id: countedOwnerId } = await owner({ plan: 'instant' });
      const repository = t.app.get(OwnerLeadsRepository);
      const since = new Date(Date.now() - 60_000);
      const located = {
        ...newLead(ownerId, 'Located'),
        latitude: 30.2672123,
        longitude: -97.7430608,
      };
      const rows = await Promise.all([
        repository.insert({ lead: located, allowance: null, since: null }),
        repository.insert({
          lead: { ...newLead(ownerId, 'No plan'), lockedReason: 'no_active_plan' },
          allowance: null,
          since: null,
        }),
        // Counted toward a month of one lead: the first fits, the second is locked.
        repository.insert({ lead: newLead(countedOwnerId, 'Counted 1'), allowance: 1, since }),
        repository.insert({ lead: newLead(countedOwnerId, 'Counted 2'), allowance: 1, since }),
      ]);
      expect(rows.map((row) => [row.lastName, row.locked, row.lockedReason])).toEqual([
        ['Located', false, null],
        ['No plan', true, 'no_active_plan'],
        ['Counted 1', false, null],
        ['Counted 2', true, 'monthly_limit'],
      ]);
      const read = await prisma.lead.findMany({
        where: { id: { in: rows.map((row) => row.id) } },
        select: LEAD_SELECT,
      });
      for (const row of rows) expect(row).toEqual(read.find((lead) => lead.id === row.id));
    });

    it('fails only the request at fault: the others in its statement are stored', async () => {
      const { id: ownerId } = await owner({ plan: 'instant' });
      const repository = t.app.get(OwnerLeadsRepository);
      // A contractor deleted a moment ago: its lead breaks the foreign key.
      const orphan = newLead(UNKNOWN_ID, 'Orphan');
      const leads = [newLead(ownerId, 'Kept 1'), orphan, newLead(ownerId, 'Kept 2')];
      const outcomes = await Promise.allSettled(
        leads.map((lead) => repository.insert({ lead, allowance: null, since: null })),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect((await storedLeads(ownerId)).map((lead) => lead.lastName).sort()).toEqual([
        'Kept 1',
        'Kept 2',
      ]);
      expect(await prisma.lead.count({ where: { id: orphan.id } })).toBe(0);
      expect(
        await prisma.outboxEvent.count({
          where: { payload: { path: ['leadId'], equals: orphan.id } },
        }),
      ).toBe(0);
    });
  });
});
