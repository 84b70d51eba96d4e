import { getQueueToken } from '@nestjs/bullmq';
import { startOfMonth } from '@rafter/domain/billing';
import { type LeadListItem } from '@rafter/domain/crm';
import { type Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { QUEUES } from '../src/core/queue/jobs';
import { type SubscriptionPlan, type SubscriptionStatus } from '../src/generated/prisma/client';
import {
  UNLOCK_INTERVAL_MS,
  UNLOCK_NEW_PERIOD_LEADS,
  type UnlockNewPeriodResult,
} from '../src/modules/leads/jobs/unlock-leads.job';
import { LeadsService } from '../src/modules/leads/leads.service';
import { OwnerLeadsService, UNLOCK_BATCH } from '../src/modules/leads/owner-leads.service';
import { createAccount } from './factories/account.factory';
import { leadInput } from './factories/lead-payload.factory';
import { createLeads } from './factories/owner.factory';
import { eventually } from './utils/async';
import { openDashboardSocket } from './utils/dashboard-socket';
import { runScheduledJob, takeOverScheduler } from './utils/scheduled-jobs';
import { startTestStack, type TestStack } from './utils/stack';
import { formToken } from './utils/form-token';

const DAY = 24 * 3600_000;

let stack: TestStack;
let queue: Queue;
let scheduler: unknown;

/** A contractor on `plan` with `total` leads received at `at`, the newest `locked` of them locked. */
async function ownerWithLeads(options: {
  plan: SubscriptionPlan;
  status?: SubscriptionStatus;
  at: Date;
  total: number;
  locked: number;
}) {
  const account = await createAccount(stack.prisma);
  await stack.prisma.subscription.create({
    data: {
      userId: account.id,
      plan: options.plan,
      status: options.status ?? 'active',
      currentPeriodEnd: new Date(Date.now() + 20 * DAY),
    },
  });
  for (let index = 0; index < options.total; index++) {
    await createLeads(stack.prisma, account.id, 1, new Date(options.at.getTime() + index * 1000));
  }
  const newest = await stack.prisma.lead.findMany({
    where: { ownerId: account.id },
    orderBy: { createdAt: 'desc' },
    take: options.locked,
  });
  await stack.prisma.lead.updateMany({
    where: { id: { in: newest.map((lead) => lead.id) } },
    data: { locked: true, lockedReason: 'monthly_limit' },
  });
  return account;
}

const lockedCount = (ownerId: string) =>
  stack.prisma.lead.count({ where: { ownerId, locked: true } });

const runUnlock = () => runScheduledJob<UnlockNewPeriodResult>(queue, UNLOCK_NEW_PERIOD_LEADS);

beforeAll(async () => {
  stack = await startTestStack({
    RATE_LIMIT_CAPTURE_PER_IP: '0',
    RATE_LIMIT_AUTH_PER_IP: '0',
    RATE_LIMIT_AUTH_PER_EMAIL: '0',
  });
  queue = stack.worker.get<Queue>(getQueueToken(QUEUES.events), { strict: false });
  // The tests run the job themselves; a scheduled run racing them would make counts vary.
  scheduler = await takeOverScheduler(queue, UNLOCK_NEW_PERIOD_LEADS);
});

afterAll(async () => {
  await stack?.close();
});

describe('unlocking leads when a new month begins', () => {
  const lastMonth = () => new Date(startOfMonth(new Date(), null).getTime() - 3 * DAY);

  it('is scheduled every hour', () => {
    expect(scheduler).toMatchObject({ name: UNLOCK_NEW_PERIOD_LEADS, every: UNLOCK_INTERVAL_MS });
  });

  it("shows last month's locked leads up to the new allowance, once, and counts them", async () => {
    // Starter allows 10 a month: 5 carried over fit, 14 do not.
    const few = await ownerWithLeads({ plan: 'starter', at: lastMonth(), total: 15, locked: 5 });
    const many = await ownerWithLeads({ plan: 'starter', at: lastMonth(), total: 24, locked: 14 });
    // This month's limit already reached: nothing to unlock until the next one.
    const full = await ownerWithLeads({ plan: 'starter', at: new Date(), total: 12, locked: 2 });
    // No active plan: nothing is unlocked.
    const lapsed = await ownerWithLeads({
      plan: 'starter',
      status: 'canceled',
      at: lastMonth(),
      total: 12,
      locked: 2,
    });

    const first = await runUnlock();
    expect(first.unlocked).toBe(15);
    expect(await lockedCount(few.id)).toBe(0);
    expect(await lockedCount(many.id)).toBe(4);
    expect(await lockedCount(full.id)).toBe(2);
    expect(await lockedCount(lapsed.id)).toBe(2);

    // The oldest went first, each with its timeline event.
    const byAge = await stack.prisma.lead.findMany({
      where: { ownerId: many.id },
      orderBy: { createdAt: 'asc' },
      select: { locked: true },
    });
    expect(byAge.map((lead) => lead.locked)).toEqual([
      ...Array<boolean>(20).fill(false),
      ...Array<boolean>(4).fill(true),
    ]);
    expect(
      await stack.prisma.leadEvent.count({ where: { ownerId: many.id, type: 'unlocked' } }),
    ).toBe(10);

    // Running again changes nothing: the carried-over leads count toward this month.
    expect(await runUnlock()).toMatchObject({ unlocked: 0 });
    expect(await lockedCount(many.id)).toBe(4);

    // And a new lead this month is locked for the owner whose allowance they used up.
    const capture = async (ownerId: string) => {
      const response = await stack.app.inject({
        method: 'POST',
        url: '/api/capture-lead',
        payload: { ownerId, lead: leadInput(), formToken: formToken(stack.app, ownerId) },
      });
      expect(response.statusCode).toBe(201);
      return stack.prisma.lead.findUniqueOrThrow({ where: { id: response.json().id } });
    };
    expect(await capture(many.id)).toMatchObject({ locked: true, lockedReason: 'monthly_limit' });
    expect(await capture(few.id)).toMatchObject({ locked: false });
  }, 60_000);

  it("shows the unlocked leads on the contractor's open dashboard", async () => {
    const owner = await ownerWithLeads({ plan: 'starter', at: lastMonth(), total: 11, locked: 1 });
    const locked = await stack.prisma.lead.findFirstOrThrow({
      where: { ownerId: owner.id, locked: true },
    });
    const dashboard = await openDashboardSocket(stack.app, owner);
    try {
      expect((await runUnlock()).unlocked).toBe(1);
      const updated = await eventually(
        () => dashboard.received.find((entry) => entry.event === 'lead:updated'),
        10_000,
      );
      expect((updated.payload as { lead: LeadListItem }).lead).toMatchObject({
        id: locked.id,
        locked: false,
        email: locked.email,
      });
    } finally {
      dashboard.close();
    }
  }, 60_000);

  it('unlocks more locked leads than one transaction takes, every one, and tells the dashboard of the newest', async () => {
    const total = UNLOCK_BATCH * 2 + 10;
    const account = await createAccount(stack.prisma);
    await stack.prisma.subscription.create({
      data: { userId: account.id, plan: 'instant', status: 'active', currentPeriodEnd: null },
    });
    // In one statement: Prisma's createMany took 8 s for these.
    await stack.prisma.$executeRaw`
      INSERT INTO leads (id, owner_id, first_name, last_name, email, phone, address, zip_code,
        ownership, material, stories, created_at, updated_at, locked, locked_reason)
      SELECT gen_random_uuid(), ${account.id}::uuid, 'Locked', 'Lead ' || n,
        'locked' || n || '@example.com', '5125550100', n || ' Oak St, Austin, TX 78704, USA',
        '78704', 'owner', 'asphalt', 'one', ${lastMonth()}::timestamptz + n * interval '1 second',
        now(), true, 'monthly_limit'
      FROM generate_series(1, ${total}) AS n`;
    const dashboard = await openDashboardSocket(stack.app, account);
    try {
      const unlocked = await stack.app.get(OwnerLeadsService).unlockAllowed(account.id);
      expect(new Set(unlocked).size).toBe(total);
      expect(await lockedCount(account.id)).toBe(0);
      expect(
        await stack.prisma.leadEvent.count({ where: { ownerId: account.id, type: 'unlocked' } }),
      ).toBe(total);
      await eventually(
        () => dashboard.received.filter((entry) => entry.event === 'lead:updated').length === 100,
        10_000,
      );
    } finally {
      dashboard.close();
    }
    // More leads than a statement takes parameters (an upgrade after a flood): the dashboard's
    // newest are still read, in one statement.
    const many = [...Array.from({ length: 40_000 }, () => randomUUID())];
    await expect(stack.app.get(LeadsService).publishUpdated(account.id, many)).resolves.toBe(
      undefined,
    );
  }, 60_000);
});
