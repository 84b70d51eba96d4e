import { type LeadCounts, type LeadDetail, type LeadPage } from '@rafter/domain/crm';
import { PrismaService } from '../src/core/database/prisma.service';
import { createAccount } from './factories/account.factory';
import { leadInput } from './factories/lead-payload.factory';
import { eventually } from './utils/async';
import { openDashboardSocket } from './utils/dashboard-socket';
import { formToken } from './utils/form-token';
import { startTestStack, type TestStack } from './utils/stack';

const DAY = 24 * 3600_000;

describe("a contractor's spam flag", () => {
  let stack: TestStack;
  let prisma: PrismaService;

  beforeAll(async () => {
    stack = await startTestStack({
      RATE_LIMIT_CAPTURE_PER_IP: '0',
      RATE_LIMIT_CAPTURE_PER_OWNER: '0',
      FORM_BURST_PER_MINUTE: '0',
    });
    prisma = stack.prisma;
  });

  afterAll(async () => {
    await stack.close();
  });

  /** A Starter contractor (10 leads a month) with a session. */
  async function starter() {
    const account = await createAccount(prisma);
    await prisma.subscription.create({
      data: {
        userId: account.id,
        plan: 'starter',
        status: 'active',
        currentPeriodEnd: new Date(Date.now() + 20 * DAY),
      },
    });
    const signIn = await stack.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: account.email, password: account.password },
    });
    return { ...account, token: signIn.json<{ accessToken: string }>().accessToken };
  }

  async function capture(ownerId: string, lastName: string): Promise<string> {
    const response = await stack.app.inject({
      method: 'POST',
      url: '/api/capture-lead',
      payload: { ownerId, lead: leadInput({ lastName }), formToken: formToken(stack.app, ownerId) },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  }

  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function get<T>(token: string, url: string): Promise<T> {
    const response = await stack.app.inject({ url, headers: as(token) });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  }

  async function markSpam(token: string, id: string, spam: boolean) {
    return stack.app.inject({
      method: 'PATCH',
      url: `/api/leads/${id}/spam`,
      headers: as(token),
      payload: { spam },
    });
  }

  async function usage(token: string): Promise<number> {
    const response = await stack.app.inject({
      method: 'POST',
      url: '/api/get-monthly-lead-count',
      headers: as(token),
      payload: {},
    });
    return response.json<{ count: number }>().count;
  }

  it('hides the lead everywhere, gives its allowance back and unlocks the locked lead behind it; Not spam brings it back locked', async () => {
    const owner = await starter();
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push(await capture(owner.id, `Month${i}`));
    const [junk, , , , , , , , , , eleventh] = ids as [string, ...string[]];
    expect(await prisma.lead.findUniqueOrThrow({ where: { id: eleventh! } })).toMatchObject({
      locked: true,
      lockedReason: 'monthly_limit',
    });
    // The usage is the count that locks (domain/src/lead-allowance.ts): the locked lead is not in it.
    expect(await usage(owner.token)).toBe(10);
    const socket = await openDashboardSocket(stack.app, owner);

    const flagged = await markSpam(owner.token, junk, true);
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json<LeadDetail>()).toMatchObject({ id: junk, spam: true });
    expect(flagged.json<LeadDetail>().timeline.map((entry) => entry.type)).toEqual([
      'created',
      'marked_spam',
    ]);

    // Gone from the lists, the counts, the metrics, the search and the export.
    const page = await get<LeadPage>(owner.token, '/api/leads?limit=50');
    expect(page.items.map((item) => item.id)).not.toContain(junk);
    expect(page.items).toHaveLength(10);
    expect((await get<LeadCounts>(owner.token, '/api/leads/counts')).all).toBe(10);
    expect((await get<LeadCounts>(owner.token, '/api/leads/counts?q=Month0')).all).toBe(0);
    const metrics = await get<{ totalLeads: number; recentLeads: { id: string }[] }>(
      owner.token,
      '/api/leads/metrics',
    );
    expect(metrics.totalLeads).toBe(10);
    expect(metrics.recentLeads.map((lead) => lead.id)).not.toContain(junk);
    const exported = await stack.app.inject({
      url: '/api/leads/export?format=json',
      headers: as(owner.token),
    });
    expect(exported.json<{ id: string }[]>().map((lead) => lead.id)).not.toContain(junk);
    // Open dashboards drop it at once.
    await eventually(() =>
      socket.received.find(
        (entry) => entry.event === 'lead:hidden' && (entry.payload as { id: string }).id === junk,
      ),
    );

    // The month has room again: the worker unlocks the lead that arrived over the limit.
    await eventually(async () => {
      const lead = await prisma.lead.findUniqueOrThrow({ where: { id: eleventh! } });
      return !lead.locked;
    });
    expect(await usage(owner.token)).toBe(10);
    await eventually(() =>
      socket.received.find(
        (entry) =>
          entry.event === 'lead:updated' &&
          (entry.payload as { lead: { id: string; locked: boolean } }).lead.id === eleventh &&
          !(entry.payload as { lead: { locked: boolean } }).lead.locked,
      ),
    );
    // A new homeowner still arrives locked: the month is full again.
    const twelfth = await capture(owner.id, 'Month11');
    expect(await prisma.lead.findUniqueOrThrow({ where: { id: twelfth } })).toMatchObject({
      locked: true,
    });

    // Taken back, it counts again; the month had no room left, so it comes back locked.
    const restored = await markSpam(owner.token, junk, false);
    expect(restored.statusCode).toBe(200);
    expect(restored.json<LeadDetail>()).toMatchObject({
      id: junk,
      spam: false,
      locked: true,
      lockedReason: 'monthly_limit',
    });
    expect(restored.json<LeadDetail>().timeline.map((entry) => entry.type)).toEqual([
      'created',
      'marked_spam',
      'marked_not_spam',
      'locked',
    ]);
    expect((await get<LeadCounts>(owner.token, '/api/leads/counts')).all).toBe(12);
    expect(await usage(owner.token)).toBe(10);
    socket.close();
  });

  it('brings a lead back as it was when the month still has room', async () => {
    const owner = await starter();
    const id = await capture(owner.id, 'Roomy');
    expect((await markSpam(owner.token, id, true)).statusCode).toBe(200);
    expect(await usage(owner.token)).toBe(0);
    const restored = await markSpam(owner.token, id, false);
    expect(restored.json<LeadDetail>()).toMatchObject({ spam: false, locked: false });
    expect(await usage(owner.token)).toBe(1);
    expect((await get<LeadPage>(owner.token, '/api/leads')).items.map((item) => item.id)).toEqual([
      id,
    ]);
  });

  it('records nothing when the lead already is as asked', async () => {
    const owner = await starter();
    const id = await capture(owner.id, 'Twice');
    await markSpam(owner.token, id, true);
    const again = await markSpam(owner.token, id, true);
    expect(again.statusCode).toBe(200);
    expect(again.json<LeadDetail>().timeline.map((entry) => entry.type)).toEqual([
      'created',
      'marked_spam',
    ]);
    const notSpam = await markSpam(owner.token, await capture(owner.id, 'Clean'), false);
    expect(notSpam.json<LeadDetail>().timeline.map((entry) => entry.type)).toEqual(['created']);
  });

  it.each<[string, unknown, string]>([
    ['no spam field', {}, 'Spam is required'],
    ['a string', { spam: 'yes' }, 'Spam must be true or false'],
  ])('answers 400 naming the field for %s', async (_case, payload, message) => {
    const owner = await starter();
    const id = await capture(owner.id, 'Bad');
    const response = await stack.app.inject({
      method: 'PATCH',
      url: `/api/leads/${id}/spam`,
      headers: as(owner.token),
      payload: payload as object,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ spam: message });
  });

  it("answers 404 for an unknown lead and another contractor's lead, changing nothing", async () => {
    const [owner, other] = [await starter(), await starter()];
    const id = await capture(owner.id, 'Mine');
    for (const target of [id, '7d3f6a52-41c8-4c8e-9a57-0f6f2f6c1b11', 'not-a-lead']) {
      expect((await markSpam(other.token, target, true)).statusCode).toBe(404);
    }
    expect(await prisma.lead.findUniqueOrThrow({ where: { id } })).toMatchObject({ spamAt: null });
    const unauthenticated = await stack.app.inject({
      method: 'PATCH',
      url: `/api/leads/${id}/spam`,
      payload: { spam: true },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
