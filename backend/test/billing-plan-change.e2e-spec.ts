import {
  type ChangeSubscriptionResponse,
  type PlanChangePreview,
  type SubscriptionView,
} from '@rafter/domain/billing';
import { type PlanId } from '@rafter/domain/plans';
import type Stripe from 'stripe';
import { SessionsService } from '../src/modules/auth/sessions.service';
import { SubscriptionSyncService } from '../src/modules/billing/subscription-sync.service';
import { createLeads, createOwner } from './factories/owner.factory';
import { eventually } from './utils/async';
import { createBillingTestApp, PUBLIC_URL, type BillingTestApp } from './utils/billing-app';

// A plan change is previewed (Stripe's invoice preview), then made as previewed: an upgrade now,
// charged exactly the previewed amount at the previewed proration time; a downgrade at the
// renewal through a Stripe subscription schedule, which the contractor can take back.

describe('billing: plan changes with a preview', () => {
  let t: BillingTestApp;

  beforeAll(async () => {
    t = await createBillingTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, token: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

  const preview = async (token: string, payload: object) => {
    const response = await post('/api/billing/plan-change-preview', token, payload);
    expect(response.statusCode).toBe(200);
    return response.json<PlanChangePreview>();
  };

  const change = async (token: string, payload: object) => {
    const response = await post('/api/change-subscription', token, payload);
    expect(response.statusCode).toBe(200);
    return response.json<ChangeSubscriptionResponse>();
  };

  const view = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/billing/subscription',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<SubscriptionView>();

  const row = (userId: string) => t.prisma.subscription.findUniqueOrThrow({ where: { userId } });

  async function subscribed(plan: PlanId) {
    const user = await t.signUp();
    await t.subscribe(user.token, plan);
    const { providerSubscriptionId } = await row(user.id);
    return { ...user, subscriptionId: providerSubscriptionId! };
  }

  const invoicesOf = async (subscriptionId: string) =>
    (await t.stripe.invoices.list({ subscription: subscriptionId })).data;

  const prorationLines = (invoice: Stripe.Invoice) =>
    invoice.lines.data.filter((line) => line.parent?.subscription_item_details?.proration);

  it('previews an upgrade without changing anything, then charges exactly the preview at its proration time', async () => {
    const user = await subscribed('smart');
    const before = await row(user.id);

    const quote = await preview(user.token, { newProductId: 'instant' });
    expect(quote).toMatchObject({
      plan: 'instant',
      currentPlan: 'smart',
      direction: 'upgrade',
      timing: 'now',
      timings: ['now'],
      via: 'in_place',
      credit: 0,
      nextRenewal: { date: before.currentPeriodEnd!.toISOString(), amount: 9700 },
      withdrawsCancellation: false,
    });
    // The rest of the month at $97 less the unused rest at $47: nearly the whole $50.
    expect(quote.amountDueToday).toBeGreaterThan(4900);
    expect(quote.amountDueToday).toBeLessThanOrEqual(5000);
    expect(quote.prorationDate).toEqual(expect.any(Number));
    // Nothing happened yet: no charge, same plan.
    expect(await invoicesOf(user.subscriptionId)).toHaveLength(1);
    expect((await view(user.token)).plan).toBe('smart');

    const answer = await change(user.token, {
      userId: user.id,
      newProductId: 'instant',
      prorationDate: quote.prorationDate,
      expectedAmountDue: quote.amountDueToday,
    });
    expect(answer).toEqual({ canceledCount: 0, scheduledFor: null });

    const update = (await invoicesOf(user.subscriptionId)).find(
      (invoice) => invoice.billing_reason === 'subscription_update',
    )!;
    expect(update.amount_paid).toBe(quote.amountDueToday);
    // Prorated from the previewed moment, not from whenever the change arrived.
    for (const line of prorationLines(update)) {
      expect(line.period.start).toBe(quote.prorationDate);
    }
    expect(await view(user.token)).toMatchObject({
      plan: 'instant',
      level: 3,
      monthlyLeadLimit: null,
      pendingChange: null,
    });
    expect((await row(user.id)).providerSubscriptionId).toBe(user.subscriptionId);
  });

  it('refuses a change whose amount is no longer the one shown, or whose preview is too old', async () => {
    const user = await subscribed('starter');
    const quote = await preview(user.token, { newProductId: 'smart' });

    const changed = await post('/api/change-subscription', user.token, {
      newProductId: 'smart',
      prorationDate: quote.prorationDate,
      expectedAmountDue: quote.amountDueToday - 1,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({
      code: 'quote_changed',
      error: `The amount due today is now $${(quote.amountDueToday / 100).toFixed(2)}, not $${((quote.amountDueToday - 1) / 100).toFixed(2)}. Please review the change again.`,
    });

    // A proration time before this period (or long past) is no quote for this change.
    const stale = await post('/api/change-subscription', user.token, {
      newProductId: 'smart',
      prorationDate: quote.prorationDate! - 3 * 3600,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 'quote_expired',
      error: 'The price shown is out of date. Please review the change again.',
    });
    expect(await invoicesOf(user.subscriptionId)).toHaveLength(1);
    expect((await view(user.token)).plan).toBe('starter');
  });

  it('schedules a downgrade for the renewal: nothing charged, the plan kept, then Stripe switches it', async () => {
    const user = await subscribed('instant');
    const { currentPeriodEnd } = await row(user.id);
    const renewal = currentPeriodEnd!.toISOString();

    const quote = await preview(user.token, { newProductId: 'starter' });
    expect(quote).toMatchObject({
      direction: 'downgrade',
      timing: 'period_end',
      timings: ['period_end', 'now'],
      amountDueToday: 0,
      credit: 0,
      prorationDate: null,
      nextRenewal: { date: renewal, amount: 1700 },
    });

    expect(await change(user.token, { newProductId: 'starter' })).toEqual({
      canceledCount: 0,
      scheduledFor: renewal,
    });
    expect(await view(user.token)).toMatchObject({
      plan: 'instant',
      level: 3,
      pendingChange: { plan: 'starter', effectiveAt: renewal },
    });
    expect(await invoicesOf(user.subscriptionId)).toHaveLength(1);
    const subscription = await t.stripe.subscriptions.retrieve(user.subscriptionId, {
      expand: ['schedule'],
    });
    const schedule = subscription.schedule as Stripe.SubscriptionSchedule;
    expect(schedule.phases.map((phase) => idOf(phase.items[0]!.price))).toEqual([
      t.fake.priceIds.instant,
      t.fake.priceIds.starter,
    ]);

    // The period ends: Stripe moves to the next phase and bills Starter; the webhooks follow.
    await t.fake.renew(user.subscriptionId);
    await eventually(async () => (await view(user.token)).plan === 'starter');
    expect(await view(user.token)).toMatchObject({
      plan: 'starter',
      level: 1,
      monthlyLeadLimit: 10,
      pendingChange: null,
    });
    const [latest] = await invoicesOf(user.subscriptionId);
    expect(latest).toMatchObject({ billing_reason: 'subscription_cycle', amount_paid: 1700 });
  });

  it('takes back a scheduled downgrade: the plan renews as it was', async () => {
    const user = await subscribed('smart');
    await change(user.token, { newProductId: 'starter', timing: 'period_end' });
    expect((await view(user.token)).pendingChange?.plan).toBe('starter');

    const taken = await t.app.inject({
      method: 'DELETE',
      url: '/api/billing/pending-change',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(taken.statusCode).toBe(204);
    expect(await view(user.token)).toMatchObject({ plan: 'smart', pendingChange: null });
    expect((await t.stripe.subscriptions.retrieve(user.subscriptionId)).schedule).toBeNull();

    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/billing/pending-change',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(again.statusCode).toBe(404);

    await t.fake.renew(user.subscriptionId);
    await eventually(async () => (await invoicesOf(user.subscriptionId)).length === 2);
    const [latest] = await invoicesOf(user.subscriptionId);
    expect(latest).toMatchObject({ billing_reason: 'subscription_cycle', amount_paid: 4700 });
    expect((await view(user.token)).plan).toBe('smart');
  });

  it('a downgrade chosen for now credits the unused time, taken off the next invoices', async () => {
    const user = await subscribed('instant');
    const quote = await preview(user.token, { newProductId: 'smart', timing: 'now' });
    expect(quote).toMatchObject({ timing: 'now', amountDueToday: 0 });
    // Unused Instant time less the Smart time left: about $50 of credit, so the next $47 renewal
    // is covered and the rest carries on.
    expect(quote.credit).toBeGreaterThan(4900);
    expect(quote.credit).toBeLessThanOrEqual(5000);
    expect(quote.nextRenewal.amount).toBe(Math.max(0, 4700 - quote.credit));

    await change(user.token, {
      newProductId: 'smart',
      timing: 'now',
      prorationDate: quote.prorationDate,
      expectedAmountDue: 0,
    });
    expect(await view(user.token)).toMatchObject({ plan: 'smart', level: 2, pendingChange: null });
    const update = (await invoicesOf(user.subscriptionId)).find(
      (invoice) => invoice.billing_reason === 'subscription_update',
    )!;
    expect(update.amount_paid).toBe(0);
    expect(update.ending_balance).toBe(-quote.credit);

    await t.fake.renew(user.subscriptionId);
    await eventually(async () => (await invoicesOf(user.subscriptionId)).length === 3);
    const [renewal] = await invoicesOf(user.subscriptionId);
    expect(renewal!.amount_paid).toBe(quote.nextRenewal.amount);
  });

  it('cancelling drops a scheduled downgrade; choosing a plan again takes back the cancellation', async () => {
    const user = await subscribed('smart');
    await change(user.token, { newProductId: 'starter' });

    const canceled = await post('/api/cancel-subscription', user.token);
    expect(canceled.statusCode).toBe(200);
    expect(await view(user.token)).toMatchObject({
      plan: 'smart',
      cancelAtPeriodEnd: true,
      pendingChange: null,
    });

    const quote = await preview(user.token, { newProductId: 'starter' });
    expect(quote.withdrawsCancellation).toBe(true);
    await change(user.token, { newProductId: 'starter' });
    expect(await view(user.token)).toMatchObject({
      plan: 'smart',
      cancelAtPeriodEnd: false,
      pendingChange: { plan: 'starter' },
    });
  });

  it("a webhook's re-read from before a cancellation does not bring the downgrade back", async () => {
    const user = await subscribed('smart');
    await change(user.token, { newProductId: 'starter' });
    await t.fake.idle();
    const sync = t.app.get(SubscriptionSyncService);
    // The webhook reads Stripe now (the downgrade still scheduled) and writes only once the
    // cancellation below has been made and stored: the order that lost the cancellation.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let read: () => void = () => undefined;
    const readDone = new Promise<void>((resolve) => (read = resolve));
    const internals = sync as unknown as {
      retrieve(id: string): Promise<Stripe.Subscription | null>;
    };
    const original = internals.retrieve.bind(sync);
    const spy = jest.spyOn(internals, 'retrieve').mockImplementationOnce(async (id: string) => {
      const copy = await original(id);
      read();
      await held;
      return copy;
    });
    try {
      const webhook = sync.handleEvent({
        id: `evt_race_${user.id}`,
        type: 'customer.subscription.updated',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: user.subscriptionId } },
      } as unknown as Stripe.Event);
      await readDone;
      expect((await post('/api/cancel-subscription', user.token)).statusCode).toBe(200);
      // Stripe's own events about the cancellation are handled first, as they were in the race.
      await t.fake.idle();
      release();
      await webhook;
    } finally {
      spy.mockRestore();
    }
    expect(await view(user.token)).toMatchObject({
      plan: 'smart',
      cancelAtPeriodEnd: true,
      pendingChange: null,
    });
  });

  it('checkout for another plan sends a subscriber to the confirmation and charges nothing', async () => {
    const user = await subscribed('starter');
    const response = await post('/api/checkout', user.token, { productId: 'instant' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      url: `${PUBLIC_URL}/dashboard?tab=subscription&change=instant`,
    });
    expect(await invoicesOf(user.subscriptionId)).toHaveLength(1);
    expect((await view(user.token)).plan).toBe('starter');
  });

  it('a plan Stripe never saw (the seeded demo contractor) is previewed as a checkout at full price', async () => {
    const owner = await createOwner(t.prisma, { plan: 'smart' });
    const { session } = await t.app.get(SessionsService).issue(owner.id, {});
    const quote = await preview(session.accessToken, { newProductId: 'instant' });
    expect(quote).toMatchObject({
      via: 'checkout',
      timing: 'now',
      amountDueToday: 9700,
      prorationDate: null,
      nextRenewal: { amount: 9700 },
    });
  });

  it.each<[string, object, number, string]>([
    ['a plan that does not exist', { newProductId: 'gold' }, 400, 'newProductId'],
    ['a timing that is not one', { newProductId: 'instant', timing: 'later' }, 400, 'timing'],
    [
      'an upgrade at the renewal',
      { newProductId: 'instant', timing: 'period_end' },
      400,
      'timing: an upgrade starts at once; only a smaller plan can wait for the renewal',
    ],
    ['the plan already held', { newProductId: 'smart' }, 409, 'You are already on this plan'],
  ])('answers %s (%j) with %d', async (_case, payload, status, error) => {
    const user = await subscribed('smart');
    const response = await post('/api/billing/plan-change-preview', user.token, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toContain(error);
  });

  it('answers 404 without a subscription and 401 without a session', async () => {
    const user = await t.signUp();
    const none = await post('/api/billing/plan-change-preview', user.token, {
      newProductId: 'smart',
    });
    expect(none.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/billing/plan-change-preview',
      payload: { newProductId: 'smart' },
    });
    expect(anonymous.statusCode).toBe(401);
    const pending = await t.app.inject({ method: 'DELETE', url: '/api/billing/pending-change' });
    expect(pending.statusCode).toBe(401);
  });

  it('unlocks the leads a bigger plan allows when the upgrade is made', async () => {
    const user = await subscribed('starter');
    await createLeads(t.prisma, user.id, 10, new Date(Date.now() - 60_000));
    await createLeads(t.prisma, user.id, 2);
    await t.prisma.lead.updateMany({
      where: { ownerId: user.id, createdAt: { gt: new Date(Date.now() - 30_000) } },
      data: { locked: true, lockedReason: 'monthly_limit' },
    });
    expect(await t.prisma.lead.count({ where: { ownerId: user.id, locked: true } })).toBe(2);

    const quote = await preview(user.token, { newProductId: 'smart' });
    await change(user.token, {
      newProductId: 'smart',
      prorationDate: quote.prorationDate,
      expectedAmountDue: quote.amountDueToday,
    });
    expect(await t.prisma.lead.count({ where: { ownerId: user.id, locked: true } })).toBe(0);
  });
});

function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}
