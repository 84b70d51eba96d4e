import { toServiceAreas } from '@rafter/domain/service-area';
import { getQueueToken } from '@nestjs/bullmq';
import { type LeadListItem } from '@rafter/domain/crm';
import { computeEstimate } from '@rafter/domain/estimate';
import { scoreOwnerLead } from '@rafter/domain/lead-score';
import { type Job, type Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { QUEUES } from '../src/core/queue/jobs';
import { type LeadType, type SubscriptionPlan } from '../src/generated/prisma/client';
import { DistributionService } from '../src/modules/distribution/distribution.service';
import { createAccount } from './factories/account.factory';
import { leadInput } from './factories/lead-payload.factory';
import { createLeads } from './factories/owner.factory';
import { eventually, sleep } from './utils/async';
import { openDashboardSocket } from './utils/dashboard-socket';
import { startTestStack, type TestStack } from './utils/stack';
import { formToken } from './utils/form-token';

const MAIN_SITE_LEAD_CAPTURED = 'main-site-lead.captured';

/** The first test's contractors cover Austin and all of Texas; the others are in Oklahoma. */
const TULSA = 'Tulsa, OK';

let stack: TestStack;
let queue: Queue;

interface ContractorOptions {
  areas: string[];
  leadType?: LeadType;
  leadsPerDay?: number;
  plan?: SubscriptionPlan | null;
  idealCustomerValue?: number;
  asphaltPrice?: { min: number; max: number };
}

/** A confirmed contractor with a password, a plan and a business profile. */
async function contractor(options: ContractorOptions) {
  const account = await createAccount(stack.prisma);
  const plan = options.plan === undefined ? 'smart' : options.plan;
  await stack.prisma.user.update({
    where: { id: account.id },
    data: {
      subscription: plan ? { create: { plan, status: 'active', currentPeriodEnd: null } } : {},
      businessProfile: {
        create: {
          businessName: 'Roofs Inc',
          areasOfService: toServiceAreas(options.areas),
          leadType: options.leadType ?? 'shared',
          leadsPerDay: options.leadsPerDay ?? 5,
          idealCustomerValue: options.idealCustomerValue,
        },
      },
      materialPricing: options.asphaltPrice
        ? {
            create: {
              material: 'asphalt',
              minPrice: options.asphaltPrice.min,
              maxPrice: options.asphaltPrice.max,
            },
          }
        : undefined,
    },
  });
  return account;
}

/** What the main site's estimator sends; answers with the new main-site lead's id. */
async function submitMainSiteLead(zipCode: string, place = 'Austin, TX'): Promise<string> {
  const response = await stack.app.inject({
    method: 'POST',
    url: '/api/main-site-leads',
    payload: {
      lead: leadInput({
        email: `homeowner-${randomUUID()}@homes.test`,
        address: `12 Elm St, ${place} ${zipCode}, USA`,
        zipCode,
      }),
      formToken: formToken(stack.app, null),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

/** Waits for the worker to distribute the lead; returns who received it. */
async function distributed(mainSiteLeadId: string): Promise<string[]> {
  await eventually(async () => {
    const row = await stack.prisma.mainSiteLead.findUnique({ where: { id: mainSiteLeadId } });
    return row?.distributedAt !== null && row?.distributedAt !== undefined;
  }, 30_000);
  const assignments = await stack.prisma.leadAssignment.findMany({ where: { mainSiteLeadId } });
  return assignments.map((assignment) => assignment.userId).sort();
}

beforeAll(async () => {
  stack = await startTestStack({
    RATE_LIMIT_CAPTURE_PER_IP: '0',
    FORM_BURST_PER_MINUTE: '0',
    RATE_LIMIT_AUTH_PER_IP: '0',
    RATE_LIMIT_AUTH_PER_EMAIL: '0',
  });
  queue = stack.worker.get<Queue>(getQueueToken(QUEUES.events), { strict: false });
});

afterAll(async () => {
  await stack?.close();
});

describe('main-site lead distribution', () => {
  it('gives a lead in 78701 to the matching contractors within their caps, never outside the area', async () => {
    const byZip = await contractor({ areas: ['78701'], asphaltPrice: { min: 5, max: 7 } });
    const byCity = await contractor({ areas: ['Austin, TX'], idealCustomerValue: 1000 });
    const byState = await contractor({ areas: ['Texas'] });
    const otherZip = await contractor({ areas: ['78702', 'Round Rock, TX'] });
    const otherCity = await contractor({ areas: ['Dallas, TX', 'Houston, TX'] });
    const noPlan = await contractor({ areas: ['78701'], plan: null });
    const fullToday = await contractor({ areas: ['78701'], leadsPerDay: 0 });
    const fullMonth = await contractor({ areas: ['78701'], plan: 'starter' });
    await createLeads(stack.prisma, fullMonth.id, 10);

    const mainSiteLeadId = await submitMainSiteLead('78701');
    const assignees = await distributed(mainSiteLeadId);
    expect(assignees).toEqual([byZip.id, byCity.id, byState.id].sort());

    const mainSite = await stack.prisma.mainSiteLead.findUniqueOrThrow({
      where: { id: mainSiteLeadId },
    });
    const created = await stack.prisma.lead.findFirstOrThrow({ where: { ownerId: byZip.id } });
    // The contractor's own prices and the owner-flow score with its fit reasons.
    const estimate = computeEstimate(mainSite.roofArea, { min: 5, max: 7 });
    const { score, reasons } = scoreOwnerLead(
      { ...mainSite, material: 'asphalt', estimateMid: estimate.mid },
      { idealCustomerValue: null, areasOfService: toServiceAreas(['78701']) },
    );
    expect(created).toMatchObject({
      source: 'marketplace',
      email: mainSite.email,
      address: mainSite.address,
      material: 'asphalt',
      roofArea: mainSite.roofArea,
      estimateLow: estimate.low,
      estimateMid: estimate.mid,
      estimateHigh: estimate.high,
      score,
      locked: false,
      status: 'new',
    });
    expect(created.scoreReasons).toEqual(reasons);
    expect(reasons.map((reason) => reason.code)).toContain('in_service_area');
    const cityLead = await stack.prisma.lead.findFirstOrThrow({ where: { ownerId: byCity.id } });
    expect(cityLead.scoreReasons).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'meets_deal_value' })]),
    );

    // Each assignee is e-mailed once; nobody else hears of it.
    for (const assignee of [byZip, byCity, byState]) {
      await eventually(() => stack.sink.to(assignee.email).length > 0, 30_000);
    }
    await sleep(1000);
    for (const assignee of [byZip, byCity, byState]) {
      expect(stack.sink.to(assignee.email)).toHaveLength(1);
      expect(stack.sink.to(assignee.email)[0]!.subject).toMatch(/^New lead: Ana Ruiz · /);
    }
    for (const other of [otherZip, otherCity, noPlan, fullToday, fullMonth]) {
      expect(stack.sink.to(other.email)).toHaveLength(0);
      expect(
        await stack.prisma.lead.count({ where: { ownerId: other.id, source: 'marketplace' } }),
      ).toBe(0);
    }
  }, 60_000);

  it('gives an exclusive lead to one contractor, taking turns across leads', async () => {
    const first = await contractor({ areas: ['74145'], leadType: 'exclusive' });
    const second = await contractor({ areas: ['74145'], leadType: 'exclusive' });

    const winners: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const assignees = await distributed(await submitMainSiteLead('74145', TULSA));
      expect(assignees).toHaveLength(1);
      winners.push(assignees[0]!);
    }
    expect(new Set(winners)).toEqual(new Set([first.id, second.id]));
    expect(winners[2]).toBe(winners[0]);
    expect(winners[3]).toBe(winners[1]);
    expect(winners[1]).not.toBe(winners[0]);
  }, 60_000);

  it('gives a shared lead to three contractors and the next lead to the one left out first', async () => {
    const pool = await Promise.all(
      Array.from({ length: 4 }, () => contractor({ areas: ['74146'] })),
    );
    const firstLead = await distributed(await submitMainSiteLead('74146', TULSA));
    expect(firstLead).toHaveLength(3);
    const leftOut = pool.find((item) => !firstLead.includes(item.id))!;

    const secondLead = await distributed(await submitMainSiteLead('74146', TULSA));
    expect(secondLead).toHaveLength(3);
    expect(secondLead).toContain(leftOut.id);
  }, 60_000);

  it("stops at a contractor's leads per day", async () => {
    const oneADay = await contractor({ areas: ['74147'], leadsPerDay: 1 });
    expect(await distributed(await submitMainSiteLead('74147', TULSA))).toEqual([oneADay.id]);
    expect(await distributed(await submitMainSiteLead('74147', TULSA))).toEqual([]);
    expect(await stack.prisma.lead.count({ where: { ownerId: oneADay.id } })).toBe(1);
  }, 60_000);

  it('assigns nothing new when the job runs again, however often', async () => {
    const owner = await contractor({ areas: ['74148'] });
    const mainSiteLeadId = await submitMainSiteLead('74148', TULSA);
    expect(await distributed(mainSiteLeadId)).toEqual([owner.id]);

    const service = stack.worker.get(DistributionService, { strict: false });
    const again = await service.distribute(mainSiteLeadId);
    expect(again).toEqual({ outcome: 'already-distributed', assigned: [] });
    // The same event delivered again (a retried job under another id).
    const job: Job = await queue.add(MAIN_SITE_LEAD_CAPTURED, { mainSiteLeadId });
    await eventually(async () => (await job.getState()) === 'completed', 30_000);
    expect((await queue.getJob(job.id!))!.returnvalue).toEqual({
      outcome: 'already-distributed',
      assigned: [],
    });
    expect(await stack.prisma.leadAssignment.count({ where: { mainSiteLeadId } })).toBe(1);
    expect(await stack.prisma.lead.count({ where: { ownerId: owner.id } })).toBe(1);
    await sleep(500);
    expect(stack.sink.to(owner.email)).toHaveLength(1);
  }, 60_000);

  it('keeps caps and assigns once when jobs run at the same time', async () => {
    const twoADay = await contractor({ areas: ['74149'], leadsPerDay: 2 });
    const service = stack.worker.get(DistributionService, { strict: false });
    const ids = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const row = await stack.prisma.mainSiteLead.create({
          data: {
            firstName: 'Sam',
            lastName: 'Lee',
            email: 'sam@homes.test',
            phone: '5125550199',
            address: '5 Oak St, Tulsa, OK 74149, USA',
            zipCode: '74149',
            ownership: 'owner',
            material: 'Metal',
            stories: 'one',
            roofArea: 1800,
            estimateLow: 1,
            estimateMid: 2,
            estimateHigh: 3,
          },
        });
        return row.id;
      }),
    );
    // Every lead twice, all at once.
    const results = await Promise.all([...ids, ...ids].map((id) => service.distribute(id)));
    expect(results.filter((result) => result.outcome === 'already-distributed')).toHaveLength(4);
    expect(results.flatMap((result) => result.assigned)).toHaveLength(2);
    expect(await stack.prisma.leadAssignment.count({ where: { userId: twoADay.id } })).toBe(2);
    const leads = await stack.prisma.lead.findMany({ where: { ownerId: twoADay.id } });
    expect(leads.map((lead) => lead.material)).toEqual(['metal', 'metal']);
  }, 60_000);

  it("announces the new lead on the contractor's open dashboard", async () => {
    const owner = await contractor({ areas: ['74150'] });
    const dashboard = await openDashboardSocket(stack.app, owner);
    try {
      const mainSiteLeadId = await submitMainSiteLead('74150', TULSA);
      expect(await distributed(mainSiteLeadId)).toEqual([owner.id]);
      const created = await eventually(
        () => dashboard.received.find((entry) => entry.event === 'lead:created'),
        10_000,
      );
      const assignment = await stack.prisma.leadAssignment.findFirstOrThrow({
        where: { mainSiteLeadId },
      });
      expect((created.payload as { lead: LeadListItem }).lead).toMatchObject({
        id: assignment.leadId,
        name: 'Ana Ruiz',
        status: 'new',
      });
    } finally {
      dashboard.close();
    }
  }, 60_000);
});
