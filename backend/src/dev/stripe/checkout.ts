import { type IncomingMessage, type ServerResponse } from 'node:http';
import { renderCheckoutPage, TEST_CARD_NUMBER } from './checkout-page';
import { type FakeStripeContext } from './context';
import { createInvoice, periodLine } from './invoicing';
import { addMonth, find, listOf, newId, nowSeconds, type StripeObject } from './objects';
import { readBody } from './http';
import { createCustomer } from './routes/customers';
import { type StoredSession } from './store';

/** The discount a typed promotion code gives the session's first invoice, or why it does not. */
function promotion(
  { store }: FakeStripeContext,
  stored: StoredSession,
  typed: string,
): { code: string; percentOff: number; amount: number } | null | string {
  const code = typed.trim();
  if (!code) return null;
  if (stored.session.allow_promotion_codes !== true) {
    return 'This checkout does not accept promotion codes.';
  }
  const promo = [...store.promotionCodes.values()].find(
    (candidate) => String(candidate.code).toLowerCase() === code.toLowerCase() && candidate.active,
  );
  if (!promo) return `${code} is not a valid promotion code.`;
  const couponId = (promo.promotion as { coupon: string }).coupon;
  const percentOff = find(store.coupons, couponId, 'coupon').percent_off as number;
  const unitAmount = find(store.prices, stored.priceId, 'price').unit_amount as number;
  return {
    code: String(promo.code),
    percentOff,
    amount: Math.round((unitAmount * percentOff) / 100),
  };
}

/**
 * Pays a session with the test card: the customer, the subscription and its first invoice, and
 * their events. Answers where the browser goes next, or why the payment was refused.
 */
function pay(
  context: FakeStripeContext,
  stored: StoredSession,
  form: URLSearchParams,
): { redirect: string } | string {
  const { store, webhooks } = context;
  const { session } = stored;
  if (session.status !== 'open') return 'This checkout session is no longer open.';
  const card = (form.get('cardNumber') ?? '').replace(/[\s-]/g, '');
  if (card !== TEST_CARD_NUMBER.replace(/\s/g, '')) {
    return `Your card was declined. In test mode use the test card ${TEST_CARD_NUMBER}.`;
  }
  const discount = promotion(context, stored, form.get('promotionCode') ?? '');
  if (typeof discount === 'string') return discount;
  const email = (form.get('email') ?? '').trim() || (session.customer_email as string | null);

  const customer =
    typeof session.customer === 'string'
      ? find(store.customers, session.customer, 'customer')
      : createCustomer(context, email);
  const start = nowSeconds();
  const price = find(store.prices, stored.priceId, 'price');
  const subscriptionId = newId('sub');
  const subscription: StripeObject = {
    id: subscriptionId,
    object: 'subscription',
    customer: customer.id,
    status: 'active',
    currency: 'usd',
    created: start,
    start_date: start,
    billing_cycle_anchor: start,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    schedule: null,
    collection_method: 'charge_automatically',
    discounts: [],
    latest_invoice: null,
    livemode: false,
    metadata: stored.subscriptionMetadata,
    items: listOf(
      [
        {
          id: newId('si'),
          object: 'subscription_item',
          created: start,
          price,
          quantity: 1,
          subscription: subscriptionId,
          current_period_start: start,
          current_period_end: addMonth(start),
        },
      ],
      `/v1/subscription_items?subscription=${subscriptionId}`,
    ),
  };
  store.subscriptions.set(subscriptionId, subscription);
  const invoice = createInvoice(context, {
    subscription,
    billingReason: 'subscription_create',
    lines: [periodLine(context, price, start, addMonth(start))],
    discount: discount ? { amount: discount.amount } : undefined,
  });
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    customer: customer.id,
    customer_details: { email },
    subscription: subscriptionId,
    invoice: invoice.id,
    amount_total: invoice.total,
    total_details: { amount_discount: discount?.amount ?? 0, amount_shipping: 0, amount_tax: 0 },
  });
  void webhooks.emit('checkout.session.completed', session);
  void webhooks.emit('customer.subscription.created', subscription);
  void webhooks.emit('invoice.paid', invoice);
  const successUrl = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);
  return { redirect: successUrl };
}

function checkoutPage(
  context: FakeStripeContext,
  stored: StoredSession,
  form: URLSearchParams | null,
  error: string | null,
) {
  const price = find(context.store.prices, stored.priceId, 'price');
  const typed = form?.get('promotionCode') ?? '';
  const discount = promotion(context, stored, typed);
  return renderCheckoutPage({
    sessionId: stored.session.id,
    planName: context.store.productName(price),
    unitAmount: price.unit_amount as number,
    email: form?.get('email') ?? (stored.session.customer_email as string | null),
    promotionCode: typed,
    discount: discount !== null && typeof discount === 'object' ? discount : null,
    cancelUrl: String(stored.session.cancel_url),
    error: error ?? (typeof discount === 'string' ? discount : null),
  });
}

function sendPage(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    // No script at all; the form posts back here and this server redirects to success_url.
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    'cache-control': 'no-store',
  });
  response.end(html);
}

/**
 * GET and POST /checkout/:sessionId, the hosted checkout page: shows the session, applies a
 * promotion code ("Apply"), or pays and redirects to the session's success_url ("Pay").
 */
export async function handleCheckoutPage(
  context: FakeStripeContext,
  request: IncomingMessage,
  response: ServerResponse,
  sessionId: string,
): Promise<void> {
  const stored = context.store.sessions.get(sessionId);
  if (!stored) {
    sendPage(
      response,
      404,
      '<!doctype html><html lang="en"><title>Not found</title><p>No such checkout session.</p></html>',
    );
    return;
  }
  if (request.method === 'GET') {
    sendPage(response, 200, checkoutPage(context, stored, null, null));
    return;
  }
  const form = new URLSearchParams(await readBody(request));
  if (form.get('intent') === 'apply') {
    sendPage(response, 200, checkoutPage(context, stored, form, null));
    return;
  }
  const result = pay(context, stored, form);
  context.store.save();
  if (typeof result === 'string') {
    sendPage(response, 402, checkoutPage(context, stored, form, result));
    return;
  }
  // The browser lands on the success page after the events were delivered, as with Stripe in
  // practice: the dashboard then already shows the new plan.
  await context.webhooks.idle();
  response.writeHead(303, { location: result.redirect });
  response.end();
}
