import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { PLAN_LIST, type PlanId } from '@rafter/domain/plans';
import { renderCheckoutPage, TEST_CARD_NUMBER } from './checkout-page';
import { type FormObject, list, object, parseStripeForm, text } from './form-body';

export { TEST_CARD_NUMBER } from './checkout-page';

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
  /** Waits for pending webhook deliveries, then closes the server. */
  stop(): Promise<void>;
}

type StripeObject = Record<string, unknown> & { id: string };

interface StoredSession {
  session: StripeObject;
  priceId: string;
  subscriptionMetadata: Record<string, string>;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export const QUOTE20 = { code: 'QUOTE20', percentOff: 20 } as const;

/** Path segments that name a resource; any other segment is an object id. */
const RESOURCE_NAMES = new Set([
  'products',
  'prices',
  'coupons',
  'promotion_codes',
  'customers',
  'checkout',
  'sessions',
  'line_items',
  'subscriptions',
  'subscription_schedules',
  'release',
  'invoices',
  'create_preview',
  'refunds',
]);

const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The same instant one calendar month later (UTC), as Stripe advances a monthly period. */
function addMonth(seconds: number): number {
  const date = new Date(seconds * 1000);
  const next = new Date(date);
  next.setUTCMonth(date.getUTCMonth() + 1);
  // 31 January + 1 month rolls into March; Stripe stops at the month's last day.
  if (next.getUTCDate() !== date.getUTCDate()) next.setUTCDate(0);
  return Math.floor(next.getTime() / 1000);
}

function listOf(data: unknown[], url: string) {
  return { object: 'list', data, has_more: false, url };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function requiredText(form: FormObject, key: string): string {
  const value = text(form, key);
  if (!value) {
    throw new StripeError(400, `Missing required param: ${key}.`, 'parameter_missing', key);
  }
  return value;
}

type StateMaps = Record<string, Map<string, unknown>>;

function loadState(file: string | undefined, maps: StateMaps): void {
  if (!file || !existsSync(file)) return;
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, [string, unknown][]>;
  for (const [name, map] of Object.entries(maps)) {
    for (const [key, value] of saved[name] ?? []) map.set(key, value);
  }
}

function saveState(file: string | undefined, maps: StateMaps): void {
  if (!file) return;
  mkdirSync(dirname(file), { recursive: true });
  const state = Object.fromEntries(
    Object.entries(maps).map(([name, map]) => [name, [...map.entries()]]),
  );
  writeFileSync(file, JSON.stringify(state));
}

/** Stripe's webhook signature: `t=<seconds>,v1=<HMAC-SHA256 of "<t>.<payload>">`. */
export function signWebhookPayload(payload: string, secret: string, timestamp = nowSeconds()) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * A small stateful stand-in for the Stripe API, for `npm start` without keys and for tests: the
 * three plans' products and prices, the QUOTE20 coupon and promotion code, customers, Checkout
 * Sessions with a hosted test checkout page, subscriptions (price change with proration at a
 * given proration_date, cancel at period end, cancel now), subscription schedules (a plan change
 * at the renewal), invoice previews, invoices with the customer's credit balance, and refunds,
 * all shaped like Stripe's JSON. Paying on the
 * checkout page, and changing or cancelling a subscription, POST signed events to `webhookUrl`.
 * The browser opens the checkout page, so it listens on 127.0.0.1 (not "localhost", which Node
 * may resolve to ::1).
 */
export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const secretKey = `sk_test_fake_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_fake_${randomBytes(16).toString('hex')}`;
  let base = '';

  const products = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const coupons = new Map<string, StripeObject>();
  const promotionCodes = new Map<string, StripeObject>();
  const customers = new Map<string, StripeObject>();
  const sessions = new Map<string, StoredSession>();
  const subscriptions = new Map<string, StripeObject>();
  const schedules = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  /** Cents refunded so far per payment intent. */
  const refunded = new Map<string, number>();
  const stateMaps = { customers, sessions, subscriptions, schedules, invoices, refunds, refunded };
  loadState(options.stateFile, stateMaps);

  const priceIds = {} as Record<PlanId, string>;
  for (const plan of PLAN_LIST) {
    const product: StripeObject = {
      id: `prod_${plan.id}`,
      object: 'product',
      name: plan.name,
      active: true,
      livemode: false,
      metadata: { plan: plan.id },
    };
    products.set(product.id, product);
    const price: StripeObject = {
      id: `price_${plan.id}_monthly`,
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: plan.priceCents,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      product: product.id,
      livemode: false,
      metadata: { plan: plan.id },
    };
    prices.set(price.id, price);
    priceIds[plan.id] = price.id;
  }
  const coupon: StripeObject = {
    id: 'quote20',
    object: 'coupon',
    name: 'QUOTE20',
    percent_off: QUOTE20.percentOff,
    duration: 'once',
    valid: true,
    livemode: false,
  };
  coupons.set(coupon.id, coupon);
  const promotionCode: StripeObject = {
    id: 'promo_quote20',
    object: 'promotion_code',
    code: QUOTE20.code,
    active: true,
    promotion: { type: 'coupon', coupon: coupon.id },
    livemode: false,
  };
  promotionCodes.set(promotionCode.id, promotionCode);

  // Events go out one at a time, in the order they happened, like one Stripe delivery queue.
  let deliveries: Promise<void> = Promise.resolve();
  function emit(type: string, data: StripeObject, previousAttributes?: Record<string, unknown>) {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: {
        object: structuredClone(data),
        ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
      },
    };
    deliveries = deliveries.then(() => deliver(JSON.stringify(event)));
    return deliveries;
  }

  async function deliver(payload: string): Promise<void> {
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const response = await fetch(options.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': signWebhookPayload(payload, webhookSecret),
          },
          body: payload,
        });
        if (response.ok) return;
        console.warn(`[fake-stripe] webhook answered ${response.status}`);
      } catch (error) {
        console.warn(`[fake-stripe] webhook delivery failed: ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }

  function find<T>(map: Map<string, T>, id: string, kind: string): T {
    const found = map.get(id);
    if (!found) throw new StripeError(404, `No such ${kind}: '${id}'`, 'resource_missing', 'id');
    return found;
  }

  function createCustomer(email: string | null, metadata: unknown = {}): StripeObject {
    const customer: StripeObject = {
      id: newId('cus'),
      object: 'customer',
      email,
      created: nowSeconds(),
      balance: 0,
      livemode: false,
      metadata,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  interface InvoiceLine {
    amount: number;
    description: string;
    proration: boolean;
    priceId: string;
    period: { start: number; end: number };
  }

  /**
   * An invoice as Stripe drafts it: the customer's balance (negative is credit) is applied, a
   * total below zero leaves the rest as credit, and only what remains is due.
   */
  function invoiceObject(input: {
    id: string;
    subscription: StripeObject;
    billingReason: string;
    lines: InvoiceLine[];
    discount?: { amount: number };
    periodStart: number;
    periodEnd: number;
  }): StripeObject {
    const { subscription } = input;
    const customer = find(customers, subscription.customer as string, 'customer');
    const subtotal = input.lines.reduce((sum, line) => sum + line.amount, 0);
    const discountAmount = input.discount?.amount ?? 0;
    const total = subtotal - discountAmount;
    const startingBalance = (customer.balance as number | undefined) ?? 0;
    const withBalance = total + startingBalance;
    const due = Math.max(0, withBalance);
    return {
      id: input.id,
      object: 'invoice',
      customer: subscription.customer,
      currency: 'usd',
      status: 'draft',
      billing_reason: input.billingReason,
      subtotal,
      total,
      starting_balance: startingBalance,
      ending_balance: Math.min(0, withBalance),
      amount_due: due,
      amount_paid: 0,
      amount_remaining: due,
      total_discount_amounts: discountAmount
        ? [{ amount: discountAmount, discount: newId('di') }]
        : [],
      created: nowSeconds(),
      period_start: input.periodStart,
      period_end: input.periodEnd,
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: listOf(
        input.lines.map((line) => ({
          id: newId('il'),
          object: 'line_item',
          amount: line.amount,
          currency: 'usd',
          description: line.description,
          period: line.period,
          pricing: { type: 'price_details', price_details: { price: line.priceId } },
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: { proration: line.proration, subscription: subscription.id },
          },
        })),
        `/v1/invoices/${input.id}/lines`,
      ),
    };
  }

  /** Finalizes and pays an invoice at once (the test card never fails), moving the balance. */
  function createInvoice(input: {
    subscription: StripeObject;
    billingReason: string;
    lines: InvoiceLine[];
    discount?: { amount: number };
  }): StripeObject {
    const { subscription } = input;
    const item = subscriptionItem(subscription);
    const id = newId('in');
    const invoice = invoiceObject({
      ...input,
      id,
      periodStart: item.current_period_start as number,
      periodEnd: item.current_period_end as number,
    });
    const paid = invoice.amount_due as number;
    const created = invoice.created as number;
    const paymentIntent = paid > 0 ? newId('pi') : null;
    const customer = find(customers, subscription.customer as string, 'customer');
    customer.balance = invoice.ending_balance;
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: paid,
      amount_remaining: 0,
      payments: listOf(
        paymentIntent
          ? [
              {
                id: newId('inpay'),
                object: 'invoice_payment',
                invoice: id,
                amount_paid: paid,
                currency: 'usd',
                is_default: true,
                status: 'paid',
                payment: { type: 'payment_intent', payment_intent: paymentIntent },
              },
            ]
          : [],
        `/v1/invoice_payments?invoice=${id}`,
      ),
      status_transitions: { finalized_at: created, paid_at: created },
    });
    invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  /** One period of a price, as its own invoice line. */
  function periodLine(price: StripeObject, start: number, end: number): InvoiceLine {
    return {
      amount: price.unit_amount as number,
      description: `1 × ${String(products.get(price.product as string)?.name)}`,
      proration: false,
      priceId: price.id,
      period: { start, end },
    };
  }

  /**
   * Stripe's proration for a price change at `at`: a credit for the unused time on the old price
   * and a charge for the remaining time on the new one, each the price times the share of the
   * period left, rounded to the cent.
   */
  function prorationLines(
    item: StripeObject,
    oldPrice: StripeObject,
    newPrice: StripeObject,
    at: number,
  ): InvoiceLine[] {
    const start = item.current_period_start as number;
    const end = item.current_period_end as number;
    const remaining = Math.max(0, Math.min(1, (end - at) / (end - start)));
    const name = (price: StripeObject) => String(products.get(price.product as string)?.name);
    const period = { start: at, end };
    return [
      {
        amount: -Math.round((oldPrice.unit_amount as number) * remaining),
        description: `Unused time on ${name(oldPrice)}`,
        proration: true,
        priceId: oldPrice.id,
        period,
      },
      {
        amount: Math.round((newPrice.unit_amount as number) * remaining),
        description: `Remaining time on ${name(newPrice)}`,
        proration: true,
        priceId: newPrice.id,
        period,
      },
    ];
  }

  /** A proration_date must fall in the current period; none means now. */
  function prorationDate(form: FormObject, item: StripeObject, param: string): number {
    const given = text(form, 'proration_date');
    if (given === undefined) return nowSeconds();
    const at = Number(given);
    if (
      !Number.isInteger(at) ||
      at < (item.current_period_start as number) ||
      at > (item.current_period_end as number)
    ) {
      throw new StripeError(
        400,
        'The proration date must be within the current billing period of the subscription.',
        'parameter_invalid_integer',
        param,
      );
    }
    return at;
  }

  function subscriptionItem(subscription: StripeObject): StripeObject {
    return (subscription.items as { data: StripeObject[] }).data[0]!;
  }

  function pay(stored: StoredSession, form: URLSearchParams): { redirect: string } | string {
    const { session } = stored;
    if (session.status !== 'open') return 'This checkout session is no longer open.';
    const card = (form.get('cardNumber') ?? '').replace(/[\s-]/g, '');
    if (card !== TEST_CARD_NUMBER.replace(/\s/g, '')) {
      return `Your card was declined. In test mode use the test card ${TEST_CARD_NUMBER}.`;
    }
    const discount = promotion(stored, form.get('promotionCode') ?? '');
    if (typeof discount === 'string') return discount;
    const email = (form.get('email') ?? '').trim() || (session.customer_email as string | null);

    const customer =
      typeof session.customer === 'string'
        ? find(customers, session.customer, 'customer')
        : createCustomer(email);
    const start = nowSeconds();
    const price = find(prices, stored.priceId, 'price');
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
    subscriptions.set(subscriptionId, subscription);
    const invoice = createInvoice({
      subscription,
      billingReason: 'subscription_create',
      lines: [periodLine(price, start, addMonth(start))],
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
    void emit('checkout.session.completed', session);
    void emit('customer.subscription.created', subscription);
    void emit('invoice.paid', invoice);
    const successUrl = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);
    return { redirect: successUrl };
  }

  /** The discount a typed promotion code gives the session's first invoice, or why it does not. */
  function promotion(
    stored: StoredSession,
    typed: string,
  ): { code: string; percentOff: number; amount: number } | null | string {
    const code = typed.trim();
    if (!code) return null;
    if (stored.session.allow_promotion_codes !== true) {
      return 'This checkout does not accept promotion codes.';
    }
    const promo = [...promotionCodes.values()].find(
      (candidate) =>
        String(candidate.code).toLowerCase() === code.toLowerCase() && candidate.active,
    );
    if (!promo) return `${code} is not a valid promotion code.`;
    const couponId = (promo.promotion as { coupon: string }).coupon;
    const percentOff = find(coupons, couponId, 'coupon').percent_off as number;
    const unitAmount = find(prices, stored.priceId, 'price').unit_amount as number;
    return {
      code: String(promo.code),
      percentOff,
      amount: Math.round((unitAmount * percentOff) / 100),
    };
  }

  function checkoutPage(stored: StoredSession, form: URLSearchParams | null, error: string | null) {
    const price = find(prices, stored.priceId, 'price');
    const typed = form?.get('promotionCode') ?? '';
    const discount = promotion(stored, typed);
    return renderCheckoutPage({
      sessionId: stored.session.id,
      planName: String(products.get(price.product as string)?.name),
      unitAmount: price.unit_amount as number,
      email: form?.get('email') ?? (stored.session.customer_email as string | null),
      promotionCode: typed,
      discount: discount !== null && typeof discount === 'object' ? discount : null,
      cancelUrl: String(stored.session.cancel_url),
      error: error ?? (typeof discount === 'string' ? discount : null),
    });
  }

  function createSession(form: FormObject): StripeObject {
    if (text(form, 'mode') !== 'subscription') {
      throw new StripeError(
        400,
        'The fake Stripe supports mode=subscription only',
        'parameter_invalid',
        'mode',
      );
    }
    const items = list(form, 'line_items');
    const priceId = items[0] ? text(items[0], 'price') : undefined;
    if (!priceId || items.length !== 1) {
      throw new StripeError(
        400,
        'Exactly one line item with a price is required',
        'parameter_missing',
        'line_items',
      );
    }
    find(prices, priceId, 'price');
    const successUrl = requiredText(form, 'success_url');
    const customer = text(form, 'customer') ?? null;
    if (customer) find(customers, customer, 'customer');
    if (form.allow_promotion_codes !== undefined && form.discounts !== undefined) {
      throw new StripeError(
        400,
        'You may only specify one of these parameters: allow_promotion_codes, discounts.',
        'parameters_exclusive',
      );
    }
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const created = nowSeconds();
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      url: `${base}/checkout/${id}`,
      success_url: successUrl,
      cancel_url: text(form, 'cancel_url') ?? null,
      client_reference_id: text(form, 'client_reference_id') ?? null,
      customer,
      customer_email: text(form, 'customer_email') ?? null,
      allow_promotion_codes: text(form, 'allow_promotion_codes') === 'true',
      metadata: object(form, 'metadata') ?? {},
      currency: 'usd',
      amount_subtotal: find(prices, priceId, 'price').unit_amount,
      amount_total: find(prices, priceId, 'price').unit_amount,
      subscription: null,
      invoice: null,
      created,
      expires_at: created + 24 * 3600,
      livemode: false,
    };
    const subscriptionData = object(form, 'subscription_data');
    sessions.set(id, {
      session,
      priceId,
      subscriptionMetadata:
        (subscriptionData && (object(subscriptionData, 'metadata') as Record<string, string>)) ??
        {},
    });
    return session;
  }

  function updateSubscription(id: string, form: FormObject): StripeObject {
    const subscription = find(subscriptions, id, 'subscription');
    if (subscription.status === 'canceled') {
      throw new StripeError(
        400,
        'A canceled subscription can only update its cancellation_details and metadata.',
        'resource_missing',
      );
    }
    const previous: Record<string, unknown> = {};
    const cancel = text(form, 'cancel_at_period_end');
    const item = subscriptionItem(subscription);
    if (cancel !== undefined && subscription.schedule) {
      throw new StripeError(
        400,
        `The subscription is managed by the subscription schedule \`${String(subscription.schedule)}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
        'parameter_invalid_empty',
        'cancel_at_period_end',
      );
    }
    if (cancel !== undefined) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      subscription.cancel_at_period_end = cancel === 'true';
      subscription.cancel_at = cancel === 'true' ? item.current_period_end : null;
      subscription.canceled_at = cancel === 'true' ? nowSeconds() : null;
    }
    const metadata = object(form, 'metadata');
    if (metadata) subscription.metadata = { ...(subscription.metadata as object), ...metadata };
    const [change] = list(form, 'items');
    const newPriceId = change ? text(change, 'price') : undefined;
    if (change && newPriceId) {
      if (text(change, 'id') !== item.id) {
        throw new StripeError(
          400,
          `No such subscription item: '${String(text(change, 'id'))}'`,
          'resource_missing',
          'items[0][id]',
        );
      }
      const oldPrice = item.price as StripeObject;
      const newPrice = find(prices, newPriceId, 'price');
      if (newPrice.id !== oldPrice.id) {
        const at = prorationDate(form, item, 'proration_date');
        previous.items = structuredClone(subscription.items);
        item.price = newPrice;
        // create_prorations would leave pending invoice items for the next invoice; the product
        // only uses always_invoice (charged now) and none.
        if (text(form, 'proration_behavior') === 'always_invoice') {
          const invoice = createInvoice({
            subscription,
            billingReason: 'subscription_update',
            lines: prorationLines(item, oldPrice, newPrice, at),
          });
          void emit('invoice.paid', invoice);
        }
      }
    }
    void emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  function cancelSubscription(id: string): StripeObject {
    const subscription = find(subscriptions, id, 'subscription');
    if (subscription.status === 'canceled') return subscription;
    const now = nowSeconds();
    Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now });
    const schedule = subscription.schedule ? schedules.get(subscription.schedule as string) : null;
    if (schedule) {
      Object.assign(schedule, { status: 'canceled', canceled_at: now });
      subscription.schedule = null;
      void emit('subscription_schedule.canceled', schedule);
    }
    void emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  /** Expands `schedule` on a subscription when the request asks for it, as Stripe's `expand`. */
  function expanded(subscription: StripeObject, form: FormObject): StripeObject {
    const expand = form.expand;
    const wanted = Array.isArray(expand) ? expand : typeof expand === 'string' ? [expand] : [];
    if (!wanted.includes('schedule') || !subscription.schedule) return subscription;
    return {
      ...subscription,
      schedule: find(schedules, subscription.schedule as string, 'schedule'),
    };
  }

  /**
   * POST /v1/invoices/create_preview for a subscription change: the invoice Stripe would draft.
   * With create_prorations (the default) that is the next renewal: the prorations at
   * `proration_date` plus the next period at the new price; with always_invoice only the
   * prorations, billed at once; with none the next period alone.
   */
  function previewInvoice(form: FormObject): StripeObject {
    const subscription = find(subscriptions, requiredText(form, 'subscription'), 'subscription');
    const customer = text(form, 'customer');
    if (customer && customer !== subscription.customer) {
      throw new StripeError(
        400,
        'The subscription does not belong to this customer.',
        'parameter_invalid',
        'customer',
      );
    }
    const item = subscriptionItem(subscription);
    const oldPrice = item.price as StripeObject;
    const details = object(form, 'subscription_details') ?? {};
    const [change] = list(details, 'items');
    if (change && text(change, 'id') !== item.id) {
      throw new StripeError(
        400,
        `No such subscription item: '${String(text(change, 'id'))}'`,
        'resource_missing',
        'subscription_details[items][0][id]',
      );
    }
    const newPriceId = change ? text(change, 'price') : undefined;
    const newPrice = newPriceId ? find(prices, newPriceId, 'price') : oldPrice;
    const behavior = text(details, 'proration_behavior') ?? 'create_prorations';
    const at = prorationDate(details, item, 'subscription_details[proration_date]');
    const end = item.current_period_end as number;
    const prorations =
      behavior !== 'none' && newPrice.id !== oldPrice.id
        ? prorationLines(item, oldPrice, newPrice, at)
        : [];
    const lines =
      behavior === 'always_invoice'
        ? prorations
        : [...prorations, periodLine(newPrice, end, addMonth(end))];
    const invoice = invoiceObject({
      id: `upcoming_${newId('in')}`,
      subscription,
      billingReason: behavior === 'always_invoice' ? 'subscription_update' : 'upcoming',
      lines,
      periodStart: item.current_period_start as number,
      periodEnd: end,
    });
    (
      invoice.parent as { subscription_details: Record<string, unknown> }
    ).subscription_details.subscription_proration_date = at;
    return invoice;
  }

  /** One phase of a schedule: its price and when it runs. */
  function schedulePhase(start: number, end: number, priceId: string): StripeObject {
    return {
      id: newId('phase'),
      start_date: start,
      end_date: end,
      items: [{ price: priceId, quantity: 1 }],
      proration_behavior: 'create_prorations',
      metadata: {},
    } as StripeObject;
  }

  /** POST /v1/subscription_schedules with from_subscription: the current period as phase one. */
  function createSchedule(form: FormObject): StripeObject {
    const subscriptionId = text(form, 'from_subscription');
    if (!subscriptionId) {
      throw new StripeError(
        400,
        'The fake Stripe creates schedules from a subscription only (from_subscription).',
        'parameter_missing',
        'from_subscription',
      );
    }
    const subscription = find(subscriptions, subscriptionId, 'subscription');
    if (subscription.schedule) {
      throw new StripeError(
        400,
        `You cannot migrate a subscription that is already attached to a schedule: \`${String(subscription.schedule)}\`.`,
        'resource_already_exists',
        'from_subscription',
      );
    }
    if (subscription.status === 'canceled') {
      throw new StripeError(
        400,
        'A canceled subscription cannot be scheduled.',
        'parameter_invalid',
        'from_subscription',
      );
    }
    const item = subscriptionItem(subscription);
    const start = item.current_period_start as number;
    const end = item.current_period_end as number;
    const schedule: StripeObject = {
      id: newId('sub_sched'),
      object: 'subscription_schedule',
      status: 'active',
      customer: subscription.customer,
      subscription: subscription.id,
      released_subscription: null,
      released_at: null,
      canceled_at: null,
      end_behavior: subscription.cancel_at_period_end ? 'cancel' : 'release',
      current_phase: { start_date: start, end_date: end },
      phases: [schedulePhase(start, end, (item.price as StripeObject).id)],
      metadata: object(form, 'metadata') ?? {},
      created: nowSeconds(),
      livemode: false,
    };
    schedules.set(schedule.id, schedule);
    subscription.schedule = schedule.id;
    void emit('subscription_schedule.created', schedule);
    return schedule;
  }

  /**
   * POST /v1/subscription_schedules/:id: new phases. The current phase keeps its start and price
   * (the fake does not change the running period); each later phase starts where the one before
   * ends and lasts `duration` (or its end_date, or one month).
   */
  function updateSchedule(id: string, form: FormObject): StripeObject {
    const schedule = find(schedules, id, 'schedule');
    if (schedule.status !== 'active' && schedule.status !== 'not_started') {
      throw new StripeError(
        400,
        `You cannot update a subscription schedule that is ${String(schedule.status)}.`,
        'parameter_invalid',
      );
    }
    const subscription = find(subscriptions, schedule.subscription as string, 'subscription');
    const item = subscriptionItem(subscription);
    const current = schedule.current_phase as { start_date: number; end_date: number };
    const given = list(form, 'phases');
    if (given.length > 0) {
      const phases: StripeObject[] = [];
      let start = current.start_date;
      given.forEach((phase, index) => {
        const [phaseItem] = list(phase, 'items');
        const priceId = phaseItem ? text(phaseItem, 'price') : undefined;
        if (!priceId) {
          throw new StripeError(
            400,
            'Each phase needs one item with a price.',
            'parameter_missing',
            `phases[${index}][items]`,
          );
        }
        find(prices, priceId, 'price');
        const startDate = text(phase, 'start_date');
        if (index === 0) {
          if (startDate !== undefined && Number(startDate) !== current.start_date) {
            throw new StripeError(
              400,
              'You can not modify the start date of the current phase.',
              'parameter_invalid',
              'phases[0][start_date]',
            );
          }
          if (priceId !== (item.price as StripeObject).id) {
            throw new StripeError(
              400,
              'The fake Stripe keeps the current phase at its price.',
              'parameter_invalid',
              'phases[0][items]',
            );
          }
        } else if (startDate !== undefined && Number(startDate) !== start) {
          throw new StripeError(
            400,
            'Phases must follow one another without gaps.',
            'parameter_invalid',
            `phases[${index}][start_date]`,
          );
        }
        const endDate = text(phase, 'end_date');
        const duration = object(phase, 'duration');
        let end: number;
        if (endDate !== undefined) end = Number(endDate);
        else if (duration && text(duration, 'interval') === 'month') {
          end = start;
          for (let i = 0; i < Number(text(duration, 'interval_count') ?? 1); i++)
            end = addMonth(end);
        } else end = addMonth(start);
        if (end <= start) {
          throw new StripeError(
            400,
            'A phase must end after it starts.',
            'parameter_invalid',
            `phases[${index}][end_date]`,
          );
        }
        phases.push(schedulePhase(start, end, priceId));
        start = end;
      });
      if ((phases[0]!.end_date as number) !== current.end_date) {
        throw new StripeError(
          400,
          'The fake Stripe ends the current phase with the current period.',
          'parameter_invalid',
          'phases[0][end_date]',
        );
      }
      schedule.phases = phases;
    }
    const endBehavior = text(form, 'end_behavior');
    if (endBehavior) schedule.end_behavior = endBehavior;
    const metadata = object(form, 'metadata');
    if (metadata) schedule.metadata = { ...(schedule.metadata as object), ...metadata };
    void emit('subscription_schedule.updated', schedule);
    return schedule;
  }

  /** POST /v1/subscription_schedules/:id/release: the subscription goes on, unscheduled. */
  function releaseSchedule(id: string): StripeObject {
    const schedule = find(schedules, id, 'schedule');
    if (schedule.status !== 'active' && schedule.status !== 'not_started') {
      throw new StripeError(
        400,
        `You cannot release a subscription schedule that is ${String(schedule.status)}.`,
        'parameter_invalid',
      );
    }
    const subscription = find(subscriptions, schedule.subscription as string, 'subscription');
    Object.assign(schedule, {
      status: 'released',
      released_at: nowSeconds(),
      released_subscription: subscription.id,
      subscription: null,
    });
    subscription.schedule = null;
    void emit('subscription_schedule.released', schedule);
    void emit('customer.subscription.updated', subscription, { schedule: schedule.id });
    return schedule;
  }

  /** The end of the current period, as Stripe handles it (see FakeStripe.renew). */
  function renewSubscription(id: string): void {
    const subscription = find(subscriptions, id, 'subscription');
    if (subscription.status === 'canceled') return;
    const item = subscriptionItem(subscription);
    const start = item.current_period_end as number;
    if (subscription.cancel_at_period_end) {
      Object.assign(subscription, { status: 'canceled', ended_at: start });
      void emit('customer.subscription.deleted', subscription);
      return;
    }
    const previous: Record<string, unknown> = { items: structuredClone(subscription.items) };
    const schedule = subscription.schedule ? schedules.get(subscription.schedule as string) : null;
    if (schedule) {
      const next = (schedule.phases as StripeObject[]).find(
        (phase) => (phase.start_date as number) === start,
      );
      if (next) {
        const priceId = (next.items as { price: string }[])[0]!.price;
        item.price = find(prices, priceId, 'price');
        schedule.current_phase = { start_date: next.start_date, end_date: next.end_date };
        void emit('subscription_schedule.updated', schedule);
      } else if (schedule.end_behavior === 'cancel') {
        Object.assign(subscription, { status: 'canceled', ended_at: start, schedule: null });
        Object.assign(schedule, { status: 'completed', completed_at: start });
        void emit('subscription_schedule.completed', schedule);
        void emit('customer.subscription.deleted', subscription);
        return;
      } else {
        Object.assign(schedule, {
          status: 'released',
          released_at: start,
          released_subscription: subscription.id,
          subscription: null,
        });
        subscription.schedule = null;
        void emit('subscription_schedule.released', schedule);
      }
    }
    item.current_period_start = start;
    item.current_period_end = addMonth(start);
    const price = item.price as StripeObject;
    const invoice = createInvoice({
      subscription,
      billingReason: 'subscription_cycle',
      lines: [periodLine(price, start, item.current_period_end as number)],
    });
    void emit('customer.subscription.updated', subscription, previous);
    void emit('invoice.paid', invoice);
  }

  function createRefund(form: FormObject): StripeObject {
    const paymentIntent = requiredText(form, 'payment_intent');
    const payment = [...invoices.values()]
      .flatMap((invoice) => (invoice.payments as { data: StripeObject[] }).data)
      .find(
        (candidate) =>
          (candidate.payment as { payment_intent?: string }).payment_intent === paymentIntent,
      );
    if (!payment)
      throw new StripeError(404, `No such payment_intent: '${paymentIntent}'`, 'resource_missing');
    const paid = payment.amount_paid as number;
    const already = refunded.get(paymentIntent) ?? 0;
    const amount =
      text(form, 'amount') === undefined ? paid - already : Number(text(form, 'amount'));
    if (amount <= 0 || already + amount > paid) {
      throw new StripeError(
        400,
        `Charge for payment intent ${paymentIntent} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    refunded.set(paymentIntent, already + amount);
    const refund: StripeObject = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: paymentIntent,
      status: 'succeeded',
      reason: text(form, 'reason') ?? null,
      metadata: object(form, 'metadata') ?? {},
      created: nowSeconds(),
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function listInvoices(query: URLSearchParams): unknown {
    const subscription = query.get('subscription');
    const customer = query.get('customer');
    const status = query.get('status');
    const limit = Number(query.get('limit') ?? 10);
    const data = [...invoices.values()]
      .filter((invoice) => {
        const details = (invoice.parent as { subscription_details: { subscription: string } })
          .subscription_details;
        return (
          (!subscription || details.subscription === subscription) &&
          (!customer || invoice.customer === customer) &&
          (!status || invoice.status === status)
        );
      })
      .reverse()
      .slice(0, limit);
    return listOf(data, '/v1/invoices');
  }

  async function api(method: string, path: string, query: URLSearchParams, body: string) {
    const form =
      method === 'GET' || method === 'DELETE'
        ? parseStripeForm(query.toString())
        : parseStripeForm(body);
    // '/v1/checkout/sessions/cs_1/line_items' → 'POST /checkout/sessions/:id/line_items'.
    const segments = path.split('/').filter(Boolean).slice(1);
    let id = '';
    const shape = segments.map((segment) => {
      if (RESOURCE_NAMES.has(segment)) return segment;
      id = segment;
      return ':id';
    });
    const route = `${method} /${shape.join('/')}`;
    switch (route) {
      case 'GET /products/:id':
        return find(products, id, 'product');
      case 'GET /prices/:id':
        return find(prices, id, 'price');
      case 'GET /coupons/:id':
        return find(coupons, id, 'coupon');
      case 'GET /promotion_codes': {
        const code = query.get('code')?.toLowerCase();
        return listOf(
          [...promotionCodes.values()].filter(
            (promo) => !code || String(promo.code).toLowerCase() === code,
          ),
          '/v1/promotion_codes',
        );
      }
      case 'POST /customers':
        return createCustomer(text(form, 'email') ?? null, object(form, 'metadata') ?? {});
      case 'GET /customers/:id':
        return find(customers, id, 'customer');
      case 'POST /checkout/sessions':
        return createSession(form);
      case 'GET /checkout/sessions/:id':
        return find(sessions, id, 'checkout.session').session;
      case 'GET /checkout/sessions/:id/line_items': {
        const stored = find(sessions, id, 'checkout.session');
        const price = find(prices, stored.priceId, 'price');
        return listOf(
          [
            {
              id: newId('li'),
              object: 'item',
              price,
              quantity: 1,
              amount_subtotal: price.unit_amount,
              currency: 'usd',
            },
          ],
          `/v1/checkout/sessions/${id}/line_items`,
        );
      }
      case 'GET /subscriptions/:id':
        return expanded(find(subscriptions, id, 'subscription'), form);
      case 'POST /subscriptions/:id':
        return expanded(updateSubscription(id, form), form);
      case 'DELETE /subscriptions/:id':
        return cancelSubscription(id);
      case 'POST /subscription_schedules':
        return createSchedule(form);
      case 'GET /subscription_schedules/:id':
        return find(schedules, id, 'schedule');
      case 'POST /subscription_schedules/:id':
        return updateSchedule(id, form);
      case 'POST /subscription_schedules/:id/release':
        return releaseSchedule(id);
      case 'POST /invoices/create_preview':
        return previewInvoice(form);
      case 'GET /invoices':
        return listInvoices(query);
      case 'GET /invoices/:id':
        return find(invoices, id, 'invoice');
      case 'POST /refunds':
        return createRefund(form);
      case 'GET /refunds/:id':
        return find(refunds, id, 'refund');
      default:
        throw new StripeError(404, `Unrecognized request URL (${method}: ${path}).`);
    }
  }

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(JSON.stringify(body));
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

  async function checkout(request: IncomingMessage, response: ServerResponse, sessionId: string) {
    const stored = sessions.get(sessionId);
    if (!stored) {
      sendPage(
        response,
        404,
        '<!doctype html><html lang="en"><title>Not found</title><p>No such checkout session.</p></html>',
      );
      return;
    }
    if (request.method === 'GET') {
      sendPage(response, 200, checkoutPage(stored, null, null));
      return;
    }
    const form = new URLSearchParams(await readBody(request));
    if (form.get('intent') === 'apply') {
      sendPage(response, 200, checkoutPage(stored, form, null));
      return;
    }
    const result = pay(stored, form);
    saveState(options.stateFile, stateMaps);
    if (typeof result === 'string') {
      sendPage(response, 402, checkoutPage(stored, form, result));
      return;
    }
    // The browser lands on the success page after the events were delivered, as with Stripe in
    // practice: the dashboard then already shows the new plan.
    await deliveries;
    response.writeHead(303, { location: result.redirect });
    response.end();
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake-stripe');
      try {
        const page = /^\/checkout\/([\w-]+)$/.exec(url.pathname);
        if (page && (request.method === 'GET' || request.method === 'POST')) {
          await checkout(request, response, page[1]!);
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
        const answer = await api(request.method ?? 'GET', url.pathname, url.searchParams, body);
        if (request.method !== 'GET') saveState(options.stateFile, stateMaps);
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
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl: base,
    secretKey,
    webhookSecret,
    priceIds,
    renew: async (subscriptionId: string) => {
      renewSubscription(subscriptionId);
      saveState(options.stateFile, stateMaps);
      await deliveries;
    },
    stop: async () => {
      await deliveries;
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
