import { type PlanId } from '@rafter/domain/plans';
import Stripe from 'stripe';
import { PrismaService } from '../../src/core/database/prisma.service';
import {
  type FakeStripe,
  startFakeStripe,
  TEST_CARD_NUMBER,
} from '../../src/dev/stripe/fake-stripe.server';
import { createStripeClient } from '../../src/modules/billing/stripe.provider';
import { SessionsService } from '../../src/modules/auth/sessions.service';
import { createAccount } from '../factories/account.factory';
import { createTestApp, type TestApp } from './create-app';
import { freePort } from './services';

export const PUBLIC_URL = 'http://localhost:3000';
export const SUCCESS_URL = `${PUBLIC_URL}/dashboard?tab=subscription&checkout=success`;

export interface BillingTestApp extends TestApp {
  fake: FakeStripe;
  /** The real SDK pointed at the fake, as the api uses it. */
  stripe: Stripe;
  prisma: PrismaService;
  /** A confirmed account and a bearer token for it. */
  signUp(): Promise<{ id: string; email: string; token: string }>;
  /** Opens checkout for `plan` and pays on the fake's checkout page; returns the redirect. */
  subscribe(token: string, plan: PlanId, promotionCode?: string): Promise<string>;
}

/** Pays on the fake Stripe's hosted checkout page with the test card, as a buyer would. */
export function payAtCheckout(url: string, promotionCode = ''): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    body: new URLSearchParams({
      email: 'payer@roofers.test',
      cardNumber: TEST_CARD_NUMBER,
      expiry: '12 / 34',
      cvc: '123',
      promotionCode,
      intent: 'pay',
    }),
    redirect: 'manual',
  });
}

/** The api's Stripe settings pointing at `fake`. */
export function fakeStripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: fake.apiUrl,
    STRIPE_PRICE_STARTER: fake.priceIds.starter,
    STRIPE_PRICE_SMART: fake.priceIds.smart,
    STRIPE_PRICE_INSTANT: fake.priceIds.instant,
  };
}

/**
 * The api listening on a real port (the fake Stripe POSTs its webhooks there), with the fake
 * Stripe as its payment provider.
 */
export async function createBillingTestApp(): Promise<BillingTestApp> {
  const port = await freePort();
  const fake = await startFakeStripe({
    webhookUrl: `http://127.0.0.1:${port}/api/billing/webhook`,
  });
  const t = await createTestApp({ PUBLIC_URL, ...fakeStripeEnv(fake) });
  await t.app.listen({ port, host: '127.0.0.1' });
  const prisma = t.app.get(PrismaService);
  const sessions = t.app.get(SessionsService);

  const signUp = async () => {
    const account = await createAccount(prisma);
    const { session } = await sessions.issue(account.id, {});
    return { id: account.id, email: account.email, token: session.accessToken };
  };

  const subscribe = async (token: string, plan: PlanId, promotionCode = '') => {
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { authorization: `Bearer ${token}` },
      payload: { productId: plan },
    });
    if (checkout.statusCode !== 200) throw new Error(`checkout answered ${checkout.body}`);
    const paid = await payAtCheckout(checkout.json<{ url: string }>().url, promotionCode);
    if (paid.status !== 303) throw new Error(`paying answered ${paid.status}`);
    return paid.headers.get('location') ?? '';
  };

  return {
    ...t,
    fake,
    stripe: createStripeClient(fake.secretKey, fake.apiUrl),
    prisma,
    signUp,
    subscribe,
    close: async () => {
      // Events still on their way reach the api, and its handlers read the fake, before either
      // closes.
      await fake.stop();
      await t.close();
    },
  };
}
