import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type PlanId } from '@rafter/domain/plans';
import { handleCheckoutPage } from './checkout';
import { type FakeStripeContext } from './context';
import { readBody } from './http';
import { newId, StripeError } from './objects';
import { answerApiRequest } from './router';
import { renewSubscription } from './routes/subscriptions';
import { FakeStripeStore } from './store';
import { WebhookQueue } from './webhooks';

export { TEST_CARD_NUMBER } from './checkout-page';
export { signWebhookPayload } from './webhooks';

export interface FakeStripeOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Where signed events are POSTed (the api's /api/billing/webhook). */
  webhookUrl: string;
  /** Generated when not given. */
  webhookSecret?: string;
  /**
   * Keeps customers, sessions, subscriptions, invoices and refunds in this JSON file across
   * restarts (`npm start`), so stored subscriptions still exist at the fake after a restart.
   */
  stateFile?: string;
}

export interface FakeStripe {
  /** For the SDK: `new Stripe(secretKey, { host, port, protocol })` from this URL. */
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  priceIds: Record<PlanId, string>;
  /**
   * For tests: what Stripe does when the subscription's period ends (Stripe's test clocks do it
   * there): the next schedule phase starts, a subscription set to cancel ends, otherwise the
   * next period is invoiced. Resolves once its webhooks were delivered.
   */
  renew(subscriptionId: string): Promise<void>;
  /** For tests: resolves once every event emitted so far was delivered (and answered). */
  idle(): Promise<void>;
  /** Waits for pending webhook deliveries, then closes the server. */
  stop(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  response.end(JSON.stringify(body));
}

/**
 * A small stateful stand-in for the Stripe API, for `npm start` without keys and for tests: the
 * three plans' products and prices, the QUOTE20 coupon and promotion code, customers, Checkout
 * Sessions with a hosted test checkout page, subscriptions (price change with proration at a
 * given proration_date, cancel at period end, cancel now), subscription schedules (a plan change
 * at the renewal), invoice previews, invoices with the customer's credit balance, and refunds,
 * all shaped like Stripe's JSON (`routes/`, one file per resource; `store.ts` holds the state).
 * Paying on the checkout page (`checkout.ts`), and changing or cancelling a subscription, POST
 * signed events to `webhookUrl` (`webhooks.ts`). The browser opens the checkout page, so it
 * listens on 127.0.0.1 (not "localhost", which Node may resolve to ::1).
 */
export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const secretKey = `sk_test_fake_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_fake_${randomBytes(16).toString('hex')}`;
  const context: FakeStripeContext = {
    store: new FakeStripeStore(options.stateFile),
    webhooks: new WebhookQueue(options.webhookUrl, webhookSecret),
    baseUrl: '',
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake-stripe');
      try {
        const page = /^\/checkout\/([\w-]+)$/.exec(url.pathname);
        if (page && (request.method === 'GET' || request.method === 'POST')) {
          await handleCheckoutPage(context, request, response, page[1]!);
          return;
        }
        if (!url.pathname.startsWith('/v1/')) throw new StripeError(404, 'Not found');
        if (request.headers.authorization !== `Bearer ${secretKey}`) {
          send(response, 401, {
            error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
          });
          return;
        }
        const body = await readBody(request);
        const method = request.method ?? 'GET';
        const answer = answerApiRequest(context, method, url.pathname, url.searchParams, body);
        if (method !== 'GET') context.store.save();
        send(response, 200, answer);
      } catch (error) {
        if (error instanceof StripeError) {
          send(response, error.status, {
            error: {
              type: 'invalid_request_error',
              message: error.message,
              code: error.code,
              param: error.param,
            },
          });
          return;
        }
        console.error('[fake-stripe]', error);
        send(response, 500, { error: { type: 'api_error', message: 'Fake Stripe failed' } });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  context.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl: context.baseUrl,
    secretKey,
    webhookSecret,
    priceIds: context.store.priceIds,
    renew: async (subscriptionId: string) => {
      renewSubscription(context, subscriptionId);
      context.store.save();
      await context.webhooks.idle();
    },
    idle: () => context.webhooks.idle(),
    stop: async () => {
      await context.webhooks.idle();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
