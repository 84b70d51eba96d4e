import { type SubscriptionView } from '@rafter/domain/billing';
import { type PlanId, PLANS, REFUND_LEAD_THRESHOLDS } from '@rafter/domain/plans';
import { AppException } from '../src/core/errors/app.exception';
import { PlanAccessService } from '../src/modules/plans/plan-access.service';
import { SessionsService } from '../src/modules/auth/sessions.service';
import { createLeads, createOwner } from './factories/owner.factory';
import { eventually } from './utils/async';
import { createBillingTestApp, type BillingTestApp } from './utils/billing-app';

const DAY_MS = 24 * 3600 * 1000;

describe('billing: change, cancel, usage, refunds and plan gating', () => {
  let t: BillingTestApp;

  beforeAll(async () => {
    t = await createBillingTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, token: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

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
    return user;
  }

  it('changes Smart to Instant in place with a prorated invoice', async () => {
    const user = await subscribed('smart');
    const before = await row(user.id);

    const response = await post('/api/change-subscription', user.token, {
      userId: user.id,
      newProductId: 'instant',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ canceledCount: 0, scheduledFor: null });

    const after = await row(user.id);
    expect(after).toMatchObject({
      plan: 'instant',
      status: 'active',
      providerSubscriptionId: before.providerSubscriptionId,
    });
    expect(await view(user.token)).toMatchObject({
      plan: 'instant',
      level: 3,
      monthlyLeadLimit: null,
    });
    const invoices = await t.stripe.invoices.list({
      subscription: before.providerSubscriptionId!,
    });
    const proration = invoices.data.find(
      (invoice) => invoice.billing_reason === 'subscription_update',
    );
    // The rest of the month at $97 less the unused rest at $47: nearly the whole $50 difference.
    expect(proration?.amount_paid).toBeGreaterThan(4900);
    expect(proration?.amount_paid).toBeLessThanOrEqual(5000);

    // Checkout for the plan now held goes to the success page; no second subscription.
    const checkout = await post('/api/checkout', user.token, { productId: 'instant' });
    expect(checkout.json().url).toMatch(/checkout=success$/);
  });

  it('answers canceledCount 0 when there is no subscription to change', async () => {
    const user = await t.signUp();
    const response = await post('/api/change-subscription', user.token, { newProductId: 'smart' });
    expect(response.json()).toEqual({ canceledCount: 0, scheduledFor: null });
  });

  it('cancels at period end: isCanceling true and the period end returned', async () => {
    const user = await subscribed('starter');
    expect((await post('/api/check-cancellation-status', user.token)).json()).toEqual({
      isCanceling: false,
    });

    const response = await post('/api/cancel-subscription', user.token, { userId: user.id });
    expect(response.statusCode).toBe(200);
    const { currentPeriodEnd } = await row(user.id);
    expect(response.json()).toEqual({
      success: true,
      currentPeriodEnd: currentPeriodEnd!.toISOString(),
    });
    expect((await post('/api/check-cancellation-status', user.token)).json()).toEqual({
      isCanceling: true,
    });
    // Still active until the period ends.
    expect(await view(user.token)).toMatchObject({
      active: true,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: currentPeriodEnd!.toISOString(),
    });
  });

  it('cancels a plan Stripe never saw (the seeded demo contractor) locally', async () => {
    const owner = await createOwner(t.prisma, { plan: 'smart' });
    const { session } = await t.app.get(SessionsService).issue(owner.id, {});
    const response = await post('/api/cancel-subscription', session.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      currentPeriodEnd: (await row(owner.id)).currentPeriodEnd!.toISOString(),
    });
    expect((await post('/api/check-cancellation-status', session.accessToken)).json()).toEqual({
      isCanceling: true,
    });
  });

  it('answers 404 when cancelling without a subscription', async () => {
    const user = await t.signUp();
    const response = await post('/api/cancel-subscription', user.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'You have no active subscription',
      code: 'no_subscription',
    });
  });

  it("counts the caller's leads this calendar month", async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - DAY_MS);
    await createLeads(t.prisma, user.id, 3);
    await createLeads(t.prisma, user.id, 2, lastMonth);
    await createLeads(t.prisma, other.id, 4);
    const response = await post('/api/get-monthly-lead-count', user.token, { userId: user.id });
    expect(response.json()).toEqual({ count: 3 });
    expect((await view(user.token)).monthlyLeadCount).toBe(3);
  });

  it("counts the month in the business profile's time zone", async () => {
    const user = await t.signUp();
    await t.prisma.businessProfile.create({
      data: { userId: user.id, timezone: 'Pacific/Kiritimati' },
    });
    const now = new Date();
    const utcMonthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    // UTC+14: 11 hours before the UTC month starts it is already 03:00 on the 1st there.
    await createLeads(t.prisma, user.id, 1, new Date(utcMonthStart - 11 * 3600 * 1000));
    await createLeads(t.prisma, user.id, 2);
    const localMonth = new Date(now.getTime() + 14 * 3600 * 1000).getUTCMonth();
    const { count } = (await post('/api/get-monthly-lead-count', user.token)).json();
    // In the last 14 hours of a UTC month the local month is already the next one.
    expect(count).toBe(localMonth === now.getUTCMonth() ? 3 : 2);
  });

  describe('refunds', () => {
    it.each<[PlanId, number, boolean]>([
      ['starter', 3, true],
      ['starter', 4, false],
      ['smart', 9, true],
      ['smart', 10, false],
      // Instant is unlimited: the terms give it Smart's threshold.
      ['instant', 9, true],
      ['instant', 10, false],
    ])('%s with %d leads this period: refundable %s', async (plan, leads, refundable) => {
      const user = await subscribed(plan);
      await createLeads(t.prisma, user.id, leads);
      expect((await view(user.token)).refund.eligible).toBe(refundable);
      const response = await post('/api/billing/refund', user.token);
      if (refundable) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ refunded: true, canceledAt: expect.any(String) });
        expect(await row(user.id)).toMatchObject({
          status: 'canceled',
          refundedAt: expect.any(Date),
        });
      } else {
        const threshold = REFUND_LEAD_THRESHOLDS[plan];
        const name = PLANS[plan].name;
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          error: `Refunds are not available after receiving ${threshold} or more leads on the ${name} plan.`,
          code: 'refund_unavailable',
        });
        expect((await row(user.id)).status).toBe('active');
      }
    });

    it.each([
      [14, true],
      [15, false],
    ])('%d days after the first payment: refundable %s', async (days, refundable) => {
      const user = await subscribed('smart');
      // A minute inside day 14, or a day past it.
      const firstPaidAt = new Date(Date.now() - days * DAY_MS + (refundable ? 60_000 : 0));
      await t.prisma.subscription.update({ where: { userId: user.id }, data: { firstPaidAt } });
      const response = await post('/api/billing/refund', user.token);
      expect(response.statusCode).toBe(refundable ? 200 : 409);
      if (!refundable) {
        expect(response.json().error).toBe(
          'Refunds are available within 14 days of the first payment.',
        );
      }
    });

    it('refunds the payment in Stripe, cancels now and refuses a second refund', async () => {
      const user = await subscribed('starter');
      const { providerSubscriptionId } = await row(user.id);
      expect((await post('/api/billing/refund', user.token)).statusCode).toBe(200);
      const subscription = await t.stripe.subscriptions.retrieve(providerSubscriptionId!);
      expect(subscription.status).toBe('canceled');
      const [invoice] = (await t.stripe.invoices.list({ subscription: subscription.id })).data;
      const paymentIntent = invoice!.payments!.data[0]!.payment.payment_intent as string;
      await expect(t.stripe.refunds.create({ payment_intent: paymentIntent })).rejects.toThrow(
        /already been refunded/,
      );

      const again = await post('/api/billing/refund', user.token);
      expect(again.statusCode).toBe(409);
      expect(await view(user.token)).toMatchObject({
        active: false,
        refund: { eligible: false },
      });

      // Subscribing again works, but the money-back refund is given once.
      await t.subscribe(user.token, 'starter');
      expect(await view(user.token)).toMatchObject({
        active: true,
        refund: {
          eligible: false,
          message: 'The money-back refund was already used on an earlier payment.',
        },
      });
      expect((await post('/api/billing/refund', user.token)).statusCode).toBe(409);
    });
  });

  describe('locked leads', () => {
    async function lockNewest(
      ownerId: string,
      count: number,
      reason: 'monthly_limit' | 'no_active_plan',
    ) {
      const newest = await t.prisma.lead.findMany({
        where: { ownerId },
        orderBy: { createdAt: 'desc' },
        take: count,
        select: { id: true },
      });
      await t.prisma.lead.updateMany({
        where: { id: { in: newest.map((lead) => lead.id) } },
        data: { locked: true, lockedReason: reason },
      });
    }

    const lockedCount = (ownerId: string) =>
      t.prisma.lead.count({ where: { ownerId, locked: true } });

    it('unlock when a Starter owner upgrades to Smart, with an unlocked event each', async () => {
      const user = await subscribed('starter');
      await createLeads(t.prisma, user.id, 10, new Date(Date.now() - 60_000));
      await createLeads(t.prisma, user.id, 3);
      await lockNewest(user.id, 3, 'monthly_limit');

      await post('/api/change-subscription', user.token, { newProductId: 'smart' });
      expect(await lockedCount(user.id)).toBe(0);
      const events = await t.prisma.leadEvent.findMany({
        where: { ownerId: user.id, type: 'unlocked' },
      });
      expect(events).toHaveLength(3);
    });

    it('unlock up to the allowance, oldest first, when a plan starts', async () => {
      const user = await t.signUp();
      const created = Date.now() - 3600_000;
      for (let index = 0; index < 12; index++) {
        await createLeads(t.prisma, user.id, 1, new Date(created + index * 1000));
      }
      await lockNewest(user.id, 12, 'no_active_plan');

      await t.subscribe(user.token, 'starter');
      await eventually(async () => (await lockedCount(user.id)) === 2);
      const stillLocked = await t.prisma.lead.findMany({
        where: { ownerId: user.id, locked: true },
        select: { createdAt: true },
      });
      const times = stillLocked.map((lead) => lead.createdAt.getTime()).sort();
      expect(times).toEqual([created + 10_000, created + 11_000]);
    });
  });

  describe('PlanAccessService', () => {
    it('answers the plan and level, and refuses a feature above it with the upgrade text', async () => {
      const access = t.app.get(PlanAccessService);
      const user = await subscribed('starter');
      expect(await access.forUser(user.id)).toEqual({ plan: 'starter', active: true, level: 1 });
      await expect(access.assertFeature(user.id, 'embed')).resolves.toBeUndefined();

      const refusal = await access.assertFeature(user.id, 'logo').catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppException);
      expect(refusal).toMatchObject({
        status: 403,
        code: 'upgrade_required',
        message: 'Custom logo needs the Instant Estimator plan or higher',
      });
      const nobody = await t.signUp();
      expect(await access.forUser(nobody.id)).toEqual({ plan: null, active: false, level: 0 });
      await expect(access.assertFeature(nobody.id, 'embed')).rejects.toMatchObject({
        message: 'Website embed needs the Starter Estimator plan or higher',
      });
    });
  });
});
