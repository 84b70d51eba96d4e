import { type FakeStripeContext } from './context';
import { type FormObject, text } from './form-body';
import { find, listOf, newId, nowSeconds, StripeError, type StripeObject } from './objects';

export interface InvoiceLine {
  amount: number;
  description: string;
  proration: boolean;
  priceId: string;
  period: { start: number; end: number };
}

export function subscriptionItem(subscription: StripeObject): StripeObject {
  return (subscription.items as { data: StripeObject[] }).data[0]!;
}

/**
 * An invoice as Stripe drafts it: the customer's balance (negative is credit) is applied, a
 * total below zero leaves the rest as credit, and only what remains is due.
 */
export function invoiceObject(
  { store }: FakeStripeContext,
  input: {
    id: string;
    subscription: StripeObject;
    billingReason: string;
    lines: InvoiceLine[];
    discount?: { amount: number };
    periodStart: number;
    periodEnd: number;
  },
): StripeObject {
  const { subscription } = input;
  const customer = find(store.customers, subscription.customer as string, 'customer');
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
export function createInvoice(
  context: FakeStripeContext,
  input: {
    subscription: StripeObject;
    billingReason: string;
    lines: InvoiceLine[];
    discount?: { amount: number };
  },
): StripeObject {
  const { store } = context;
  const { subscription } = input;
  const item = subscriptionItem(subscription);
  const id = newId('in');
  const invoice = invoiceObject(context, {
    ...input,
    id,
    periodStart: item.current_period_start as number,
    periodEnd: item.current_period_end as number,
  });
  const paid = invoice.amount_due as number;
  const created = invoice.created as number;
  const paymentIntent = paid > 0 ? newId('pi') : null;
  const customer = find(store.customers, subscription.customer as string, 'customer');
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
  store.invoices.set(id, invoice);
  subscription.latest_invoice = id;
  return invoice;
}

/** One period of a price, as its own invoice line. */
export function periodLine(
  { store }: FakeStripeContext,
  price: StripeObject,
  start: number,
  end: number,
): InvoiceLine {
  return {
    amount: price.unit_amount as number,
    description: `1 × ${store.productName(price)}`,
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
export function prorationLines(
  { store }: FakeStripeContext,
  item: StripeObject,
  oldPrice: StripeObject,
  newPrice: StripeObject,
  at: number,
): InvoiceLine[] {
  const start = item.current_period_start as number;
  const end = item.current_period_end as number;
  const remaining = Math.max(0, Math.min(1, (end - at) / (end - start)));
  const period = { start: at, end };
  return [
    {
      amount: -Math.round((oldPrice.unit_amount as number) * remaining),
      description: `Unused time on ${store.productName(oldPrice)}`,
      proration: true,
      priceId: oldPrice.id,
      period,
    },
    {
      amount: Math.round((newPrice.unit_amount as number) * remaining),
      description: `Remaining time on ${store.productName(newPrice)}`,
      proration: true,
      priceId: newPrice.id,
      period,
    },
  ];
}

/** A proration_date must fall in the current period; none means now. */
export function prorationDate(form: FormObject, item: StripeObject, param: string): number {
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
