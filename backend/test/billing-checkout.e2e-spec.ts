import { type SubscriptionView } from '@rafter/domain/billing';
import type Stripe from 'stripe';
import { PrismaService } from '../src/core/database/prisma.service';
import { SessionsService } from '../src/modules/auth/sessions.service';
import { signWebhookPayload } from '../src/dev/stripe/fake-stripe.server';
import { createAccount } from './factories/account.factory';
import { createTestApp } from './utils/create-app';
import { createBillingTestApp, type BillingTestApp, SUCCESS_URL } from './utils/billing-app';
import { eventually } from './utils/async';

const FORBIDDEN = { error: 'You can only manage your own subscription', code: 'forbidden' };
const OTHER_USER = '7d3f6a52-41c8-4c8e-9a57-0f6f2f6c1b11';

describe('billing: checkout, webhooks and the spec endpoints', () => {
  let t: BillingTestApp;

  beforeAll(async () => {
    t = await createBillingTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });

  const view = async (token: string) =>
    (await call('GET', '/api/billing/subscription', token)).json<SubscriptionView>();

  const postEvent = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  const subscriptionEvent = (
    subscription: Stripe.Subscription,
    createdSecondsAgo: number,
    overrides: Partial<Stripe.Subscription> = {},
  ) =>
    JSON.stringify({
      id: `evt_test_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000) - createdSecondsAgo,
      livemode: false,
      data: { object: { ...subscription, ...overrides } },
    });

  describe.each<[string, 'GET' | 'POST', string, object | undefined]>([
    ['subscription', 'GET', '/api/billing/subscription', undefined],
    ['checkout', 'POST', '/api/checkout', { productId: 'smart' }],
    ['change-subscription', 'POST', '/api/change-subscription', { newProductId: 'instant' }],
    ['cancel-subscription', 'POST', '/api/cancel-subscription', {}],
    ['check-cancellation-status', 'POST', '/api/check-cancellation-status', {}],
    ['get-monthly-lead-count', 'POST', '/api/get-monthly-lead-count', {}],
    ['refund', 'POST', '/api/billing/refund', undefined],
  ])('%s', (_name, method, url, body) => {
    it('answers 401 without a token', async () => {
      const response = await call(method, url, undefined, body);
      expect(response.statusCode).toBe(401);
    });

    if (body && method === 'POST') {
      it("answers 403 for another user's userId", async () => {
        const user = await t.signUp();
        const response = await call(method, url, user.token, { ...body, userId: OTHER_USER });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(FORBIDDEN);
      });
    }
  });

  it.each([
    [
      '/api/checkout',
      { productId: 'gold' },
      'productId: Product id must be one of starter, smart, instant',
    ],
    ['/api/checkout', {}, 'productId: Product id is required'],
    [
      '/api/change-subscription',
      { newProductId: 'x' },
      'newProductId: Product id must be one of starter, smart, instant',
    ],
  ])('%s answers 400 for %j', async (url, body, error) => {
    const user = await t.signUp();
    const response = await call('POST', url, user.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(error);
  });

  it('starts a subscription-mode Checkout Session for the plan with QUOTE20 allowed', async () => {
    const user = await t.signUp();
    const response = await call('POST', '/api/checkout', user.token, {
      userId: user.id,
      productId: 'smart',
      email: 'ignored@example.com',
    });
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^${t.fake.apiUrl}/checkout/cs_test_`));
    const sessionId = url.split('/').pop()!;
    const session = await t.stripe.checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      allow_promotion_codes: true,
      customer_email: user.email,
      success_url: SUCCESS_URL,
      cancel_url: 'http://localhost:3000/dashboard?tab=subscription&checkout=canceled',
      metadata: { userId: user.id, plan: 'smart' },
    });
    const items = await t.stripe.checkout.sessions.listLineItems(sessionId);
    expect(items.data.map((item) => [item.price?.id, item.quantity])).toEqual([
      [t.fake.priceIds.smart, 1],
    ]);
  });

  it('paying with QUOTE20 makes an active Smart plan whose first invoice is 20% off', async () => {
    const user = await t.signUp();
    expect(await view(user.token)).toMatchObject({ plan: null, active: false, level: 0 });

    expect(await t.subscribe(user.token, 'smart', 'quote20')).toBe(SUCCESS_URL);

    const subscription = await view(user.token);
    expect(subscription).toMatchObject({
      plan: 'smart',
      status: 'active',
      active: true,
      level: 2,
      cancelAtPeriodEnd: false,
      monthlyLeadCount: 0,
      monthlyLeadLimit: 50,
      testMode: true,
      refund: { eligible: true, reason: 'eligible' },
    });
    const periodEnd = new Date(subscription.currentPeriodEnd!).getTime();
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * 24 * 3600 * 1000);

    const row = await t.prisma.subscription.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.firstPaidAt).not.toBeNull();
    const invoices = await t.stripe.invoices.list({ subscription: row.providerSubscriptionId! });
    expect(invoices.data).toHaveLength(1);
    expect(invoices.data[0]).toMatchObject({ subtotal: 4700, total: 3760, amount_paid: 3760 });

    // Subscribing again to the plan one already has goes straight to the success page.
    const again = await call('POST', '/api/checkout', user.token, { productId: 'smart' });
    expect(again.json()).toEqual({ url: SUCCESS_URL });
  });

  it('shows the discounted first invoice on the checkout page before paying', async () => {
    const user = await t.signUp();
    const { url } = (
      await call('POST', '/api/checkout', user.token, { productId: 'instant' })
    ).json<{ url: string }>();
    const page = await (await fetch(url)).text();
    expect(page).toContain('Test mode');
    expect(page).toContain('<label for="card-number">Card number</label>');
    expect(page).toContain('4242 4242 4242 4242');
    const applied = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ promotionCode: 'QUOTE20', intent: 'apply' }),
    });
    const html = await applied.text();
    expect(html).toContain('Due today: <span id="due-today">$77.60</span>');
    expect(html).toContain('Then $97.00 per month.');
    const wrong = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ promotionCode: 'NOPE', intent: 'apply' }),
    });
    expect(await wrong.text()).toContain('NOPE is not a valid promotion code.');
  });

  describe('webhook', () => {
    let user: Awaited<ReturnType<BillingTestApp['signUp']>>;
    let subscription: Stripe.Subscription;

    beforeAll(async () => {
      user = await t.signUp();
      await t.subscribe(user.token, 'starter');
      const row = await t.prisma.subscription.findUniqueOrThrow({ where: { userId: user.id } });
      subscription = await t.stripe.subscriptions.retrieve(row.providerSubscriptionId!);
    });

    const row = () => t.prisma.subscription.findUniqueOrThrow({ where: { userId: user.id } });

    it('rejects a tampered payload, a wrong secret and a missing signature with 400', async () => {
      const before = await row();
      const payload = subscriptionEvent(subscription, 0, { status: 'canceled' });
      const signature = signWebhookPayload(payload, t.fake.webhookSecret);
      const tampered = payload.replace('"canceled"', '"active"');
      const responses = [
        await postEvent(tampered, signature),
        await postEvent(payload, signWebhookPayload(payload, 'whsec_wrong')),
        await t.app.inject({
          method: 'POST',
          url: '/api/billing/webhook',
          headers: { 'content-type': 'application/json' },
          payload,
        }),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: 'Invalid webhook signature',
          code: 'invalid_signature',
        });
      }
      expect(await row()).toEqual(before);
    });

    it('applies an event id once: a duplicate answers 200 and changes nothing', async () => {
      const payload = subscriptionEvent(subscription, 0);
      const eventId = JSON.parse(payload).id as string;
      const signature = signWebhookPayload(payload, t.fake.webhookSecret);
      const first = await postEvent(payload, signature);
      const second = await postEvent(payload, signature);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(second.json()).toEqual({ received: true });
      expect(await t.prisma.processedWebhookEvent.count({ where: { eventId } })).toBe(1);
      expect(await t.prisma.subscription.count({ where: { userId: user.id } })).toBe(1);
    });

    it('leaves the current state when an older event arrives after a newer one', async () => {
      await t.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
      const newer = subscriptionEvent(subscription, 0, { cancel_at_period_end: true });
      expect(
        (await postEvent(newer, signWebhookPayload(newer, t.fake.webhookSecret))).statusCode,
      ).toBe(200);
      expect((await row()).cancelAtPeriodEnd).toBe(true);

      // An hour-old copy saying "not cancelling, canceled status" arrives last.
      const older = subscriptionEvent(subscription, 3600, {
        cancel_at_period_end: false,
        status: 'past_due',
      });
      expect(
        (await postEvent(older, signWebhookPayload(older, t.fake.webhookSecret))).statusCode,
      ).toBe(200);
      expect(await row()).toMatchObject({
        status: 'active',
        plan: 'starter',
        cancelAtPeriodEnd: true,
      });
      await t.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
      await eventually(async () => !(await row()).cancelAtPeriodEnd);
    });
  });

  it('answers 503 with the contract text when payments are not configured', async () => {
    const plain = await createTestApp();
    try {
      const account = await createAccount(plain.app.get(PrismaService));
      const { session } = await plain.app.get(SessionsService).issue(account.id, {});
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { authorization: `Bearer ${session.accessToken}` },
        payload: { productId: 'smart' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: 'Payments are not configured',
        code: 'billing_disabled',
      });
    } finally {
      await plain.close();
    }
  });
});
