import { allowanceMonthStart } from '@rafter/domain/lead-allowance';
import { randomUUID } from 'node:crypto';
import { PrismaService } from '../src/core/database/prisma.service';
import { type AuthenticatedUser } from '../src/modules/auth/current-user.decorator';
import { BillingService } from '../src/modules/billing/billing.service';
import { LeadCaptureRepository } from '../src/modules/leads/lead-capture.repository';
import { OwnerLeadsService, type OwnerLeadDraft } from '../src/modules/leads/owner-leads.service';
import { createLeads, createOwner } from './factories/owner.factory';
import { createTestApp, type TestApp } from './utils/create-app';
import { NO_TEXT_CONSENT } from '../src/modules/leads/lead-row';
import { monthCountsSql } from '../src/modules/leads/owner-leads.repository';
import { Prisma } from '../src/generated/prisma/client';

/**
 * The monthly allowance as one rule (domain/src/lead-allowance.ts): what the Subscription tab
 * shows is the count that locks leads and that unlocks fill, in the contractor's time zone, and
 * capture counts it exactly while quote requests arrive together.
 */
describe('the monthly lead allowance', () => {
  let t: TestApp;
  let prisma: PrismaService;
  let ownerLeads: OwnerLeadsService;

  beforeAll(async () => {
    t = await createTestApp();
    prisma = t.app.get(PrismaService);
    ownerLeads = t.app.get(OwnerLeadsService);
  });

  afterAll(async () => {
    await t?.close();
  });

  const draft = (ownerId: string, lastName: string): OwnerLeadDraft => ({
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
    isHomeowner: true,
    material: 'asphalt',
    stories: 'one',
    roofArea: 2000,
    estimateLow: 6800,
    estimateMid: 9350,
    estimateHigh: 11900,
    score: 80,
    scoreReasons: [],
    source: 'widget',
    ...NO_TEXT_CONSENT,
    visitId: null,
  });

  /** The contractor as a quote request sees it (plan and time zone, one lookup). */
  const captureOwner = async (ownerId: string) => {
    const owner = await t.app.get(LeadCaptureRepository).findOwner(ownerId, null, new Date());
    return owner!;
  };

  /** The Subscription tab's usage, as GET-ting the tab computes it at `now`. */
  const tabUsage = async (ownerId: string, now: Date) =>
    (
      await t.app
        .get(BillingService)
        .view({ id: ownerId, email: 'owner@example.com' } as AuthenticatedUser, now)
    ).monthlyLeadCount;

  it('shows on the Subscription tab the count that locks leads, across a month boundary in Chicago', async () => {
    const zone = 'America/Chicago';
    const { id } = await createOwner(prisma, {
      plan: 'starter',
      profile: { timezone: zone },
    });
    // The current month in Chicago starts five or six hours after the UTC one.
    const monthStart = allowanceMonthStart(zone, new Date());
    expect(monthStart.getUTCHours()).toBeGreaterThanOrEqual(5);
    // Received an hour before it: the same UTC month, last month in Chicago.
    await createLeads(prisma, id, 8, new Date(monthStart.getTime() - 3600_000));
    await createLeads(prisma, id, 3, new Date(monthStart.getTime() + 60_000));
    const owner = await captureOwner(id);
    expect(owner.timeZone).toBe(zone);

    // Just before the boundary the month holds all 11; just after, only the 3.
    const before = new Date(monthStart.getTime() - 60_000);
    const after = new Date(monthStart.getTime() + 120_000);
    expect(await tabUsage(id, before)).toBe(11);
    expect(await tabUsage(id, after)).toBe(3);

    // At each moment, a new lead is locked exactly when the tab's usage reached the allowance
    // (Starter: 10), and the usage grows by the leads it lets the contractor see.
    for (const now of [before, after]) {
      for (let index = 0; index < 8; index++) {
        const usage = await tabUsage(id, now);
        const row = await ownerLeads.create(
          draft(id, `At ${now.toISOString()} ${index}`),
          owner,
          now,
        );
        expect(row.locked).toBe(usage >= 10);
        expect(row.lockedReason).toBe(usage >= 10 ? 'monthly_limit' : null);
        expect(await tabUsage(id, now)).toBe(row.locked ? usage : usage + 1);
      }
    }
    // Before the boundary every lead was over the limit; after it, 7 fitted: 3 + 7 = 10.
    expect(await tabUsage(id, after)).toBe(10);
    expect(await prisma.lead.count({ where: { ownerId: id, locked: true } })).toBe(9);

    // A bigger plan unlocks into the same count: Smart allows 50, the usage shows them.
    await prisma.subscription.update({ where: { userId: id }, data: { plan: 'smart' } });
    const unlocked = await ownerLeads.unlockAllowed(id, after);
    expect(unlocked).toHaveLength(9);
    expect(await tabUsage(id, after)).toBe(19);
  });

  it('locks exactly the leads past the allowance when a crowd of quote requests arrives at once', async () => {
    const { id } = await createOwner(prisma, { plan: 'smart' });
    await createLeads(prisma, id, 20);
    const owner = await captureOwner(id);
    // 120 requests, started over several turns of the event loop so that several batches (each
    // its own transaction on its own connection) count the month at the same time.
    const pending: Promise<{ locked: boolean }>[] = [];
    for (let wave = 0; wave < 6; wave++) {
      for (let index = 0; index < 20; index++) {
        pending.push(ownerLeads.create(draft(id, `Crowd ${wave}-${index}`), owner));
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const rows = await Promise.all(pending);
    // Smart allows 50 a month: 20 were there, so exactly 30 of the 120 are visible.
    expect(rows.filter((row) => !row.locked)).toHaveLength(30);
    expect(await prisma.lead.count({ where: { ownerId: id, locked: false } })).toBe(50);
    expect(await prisma.lead.count({ where: { ownerId: id, lockedReason: 'monthly_limit' } })).toBe(
      90,
    );
    expect(await tabUsage(id, new Date())).toBe(50);
    // Every lead has its timeline entry and its e-mail event.
    expect(await prisma.leadEvent.count({ where: { ownerId: id, type: 'created' } })).toBe(120);
    expect(
      await prisma.outboxEvent.count({
        where: { topic: 'lead.captured', payload: { path: ['ownerId'], equals: id } },
      }),
    ).toBe(120);
  });

  it('counts each contractor of a shared batch on its own', async () => {
    const a = await createOwner(prisma, { plan: 'starter' });
    const b = await createOwner(prisma, { plan: 'starter' });
    await createLeads(prisma, a.id, 9);
    const [ownerA, ownerB] = [await captureOwner(a.id), await captureOwner(b.id)];
    const rows = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        index % 2 === 0
          ? ownerLeads.create(draft(a.id, `A${index}`), ownerA)
          : ownerLeads.create(draft(b.id, `B${index}`), ownerB),
      ),
    );
    expect(rows.map((row) => row.locked)).toEqual([false, false, true, false, true, false]);
    expect(await tabUsage(a.id, new Date())).toBe(10);
    expect(await tabUsage(b.id, new Date())).toBe(3);
  });

  it('counts a flooded contractor from its visible leads and unlocks alone, not its locked leads', async () => {
    // Smart, flooded: 20 visible leads this month and 2,000 locked past the allowance, each with
    // its 'created' timeline entry, as a page gone viral leaves them; one earlier lead unlocked
    // this month. The count runs under the contractor's lock for every batch of quote requests,
    // so what it reads must not grow with the flood.
    const { id } = await createOwner(prisma, { plan: 'smart' });
    const now = new Date();
    const since = allowanceMonthStart(null, now);
    await createLeads(prisma, id, 20, now);
    await prisma.$executeRaw`
      WITH flood AS (
        INSERT INTO leads (id, owner_id, first_name, last_name, email, phone, address, zip_code,
          ownership, material, stories, locked, locked_reason, created_at, updated_at)
        SELECT gen_random_uuid(), ${id}::uuid, 'Flood', 'Lead ' || i, 'flood' || i || '@example.com',
          '5125550100', i || ' Oak St, Austin, TX 78704, USA', '78704', 'owner', 'asphalt', 'one',
          true, 'monthly_limit', ${now}::timestamptz, now()
        FROM generate_series(1, 2000) AS i
        RETURNING id
      )
      INSERT INTO lead_events (id, lead_id, owner_id, type, to_status, created_at)
      SELECT gen_random_uuid(), flood.id, ${id}::uuid, 'created', 'new', ${now}::timestamptz
      FROM flood`;
    const earlier = await prisma.lead.create({
      data: {
        ownerId: id,
        firstName: 'Earlier',
        lastName: 'Unlocked',
        email: 'earlier@example.com',
        phone: '5125550100',
        address: '1 Elm St, Austin, TX 78704, USA',
        zipCode: '78704',
        ownership: 'owner',
        material: 'asphalt',
        stories: 'one',
        createdAt: new Date(since.getTime() - 86_400_000),
      },
    });
    await prisma.leadEvent.create({
      data: { leadId: earlier.id, ownerId: id, type: 'unlocked', createdAt: now },
    });
    await prisma.$executeRaw`ANALYZE leads`;
    await prisma.$executeRaw`ANALYZE lead_events`;

    expect(await tabUsage(id, now)).toBe(21);
    const [explained] = await prisma.$queryRaw<{ 'QUERY PLAN': { Plan: PlanNode }[] }[]>(
      Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${monthCountsSql([{ ownerId: id, since }])}`,
    );
    // Rows each scan of leads or lead_events produced or filtered out: about the 21 it counts.
    const read = new Map<string, number>();
    const visit = (node: PlanNode) => {
      if (node['Relation Name']) {
        const rows =
          (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];
        read.set(node['Relation Name'], (read.get(node['Relation Name']) ?? 0) + rows);
      }
      for (const child of node.Plans ?? []) visit(child);
    };
    visit(explained!['QUERY PLAN'][0]!.Plan);
    expect(read.get('leads')).toBeLessThanOrEqual(30);
    expect(read.get('lead_events') ?? 0).toBeLessThanOrEqual(5);
  });
});

/** A node of EXPLAIN (ANALYZE, FORMAT JSON)'s plan. */
interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
