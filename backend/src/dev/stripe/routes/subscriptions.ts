import { type FakeStripeContext, type Routes } from '../context';
import { type FormObject, list, object, text } from '../form-body';
import {
  createInvoice,
  periodLine,
  prorationDate,
  prorationLines,
  subscriptionItem,
} from '../invoicing';
import { addMonth, find, nowSeconds, StripeError, type StripeObject } from '../objects';

/**
 * POST /v1/subscriptions/:id: cancel at period end (or not), metadata, and a price change with
 * proration at `proration_date`, invoiced at once with always_invoice.
 */
function updateSubscription(
  context: FakeStripeContext,
  id: string,
  form: FormObject,
): StripeObject {
  const { store, webhooks } = context;
  const subscription = find(store.subscriptions, id, 'subscription');
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
    const newPrice = find(store.prices, newPriceId, 'price');
    if (newPrice.id !== oldPrice.id) {
      const at = prorationDate(form, item, 'proration_date');
      previous.items = structuredClone(subscription.items);
      item.price = newPrice;
      // create_prorations would leave pending invoice items for the next invoice; the product
      // only uses always_invoice (charged now) and none.
      if (text(form, 'proration_behavior') === 'always_invoice') {
        const invoice = createInvoice(context, {
          subscription,
          billingReason: 'subscription_update',
          lines: prorationLines(context, item, oldPrice, newPrice, at),
        });
        void webhooks.emit('invoice.paid', invoice);
      }
    }
  }
  void webhooks.emit('customer.subscription.updated', subscription, previous);
  return subscription;
}

/** DELETE /v1/subscriptions/:id: ends it now, with its schedule. */
function cancelSubscription({ store, webhooks }: FakeStripeContext, id: string): StripeObject {
  const subscription = find(store.subscriptions, id, 'subscription');
  if (subscription.status === 'canceled') return subscription;
  const now = nowSeconds();
  Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now });
  const schedule = subscription.schedule
    ? store.schedules.get(subscription.schedule as string)
    : null;
  if (schedule) {
    Object.assign(schedule, { status: 'canceled', canceled_at: now });
    subscription.schedule = null;
    void webhooks.emit('subscription_schedule.canceled', schedule);
  }
  void webhooks.emit('customer.subscription.deleted', subscription);
  return subscription;
}

/** Expands `schedule` on a subscription when the request asks for it, as Stripe's `expand`. */
function expanded(
  { store }: FakeStripeContext,
  subscription: StripeObject,
  form: FormObject,
): StripeObject {
  const expand = form.expand;
  const wanted = Array.isArray(expand) ? expand : typeof expand === 'string' ? [expand] : [];
  if (!wanted.includes('schedule') || !subscription.schedule) return subscription;
  return {
    ...subscription,
    schedule: find(store.schedules, subscription.schedule as string, 'schedule'),
  };
}

/**
 * The end of the current period, as Stripe handles it (see FakeStripe.renew): the next schedule
 * phase starts, a subscription set to cancel ends, otherwise the next period is invoiced.
 */
export function renewSubscription(context: FakeStripeContext, id: string): void {
  const { store, webhooks } = context;
  const subscription = find(store.subscriptions, id, 'subscription');
  if (subscription.status === 'canceled') return;
  const item = subscriptionItem(subscription);
  const start = item.current_period_end as number;
  if (subscription.cancel_at_period_end) {
    Object.assign(subscription, { status: 'canceled', ended_at: start });
    void webhooks.emit('customer.subscription.deleted', subscription);
    return;
  }
  const previous: Record<string, unknown> = { items: structuredClone(subscription.items) };
  const schedule = subscription.schedule
    ? store.schedules.get(subscription.schedule as string)
    : null;
  if (schedule) {
    const next = (schedule.phases as StripeObject[]).find(
      (phase) => (phase.start_date as number) === start,
    );
    if (next) {
      const priceId = (next.items as { price: string }[])[0]!.price;
      item.price = find(store.prices, priceId, 'price');
      schedule.current_phase = { start_date: next.start_date, end_date: next.end_date };
      void webhooks.emit('subscription_schedule.updated', schedule);
    } else if (schedule.end_behavior === 'cancel') {
      Object.assign(subscription, { status: 'canceled', ended_at: start, schedule: null });
      Object.assign(schedule, { status: 'completed', completed_at: start });
      void webhooks.emit('subscription_schedule.completed', schedule);
      void webhooks.emit('customer.subscription.deleted', subscription);
      return;
    } else {
      Object.assign(schedule, {
        status: 'released',
        released_at: start,
        released_subscription: subscription.id,
        subscription: null,
      });
      subscription.schedule = null;
      void webhooks.emit('subscription_schedule.released', schedule);
    }
  }
  item.current_period_start = start;
  item.current_period_end = addMonth(start);
  const price = item.price as StripeObject;
  const invoice = createInvoice(context, {
    subscription,
    billingReason: 'subscription_cycle',
    lines: [periodLine(context, price, start, item.current_period_end as number)],
  });
  void webhooks.emit('customer.subscription.updated', subscription, previous);
  void webhooks.emit('invoice.paid', invoice);
}

export const subscriptionRoutes: Routes = {
  'GET /subscriptions/:id': (context, { id, form }) =>
    expanded(context, find(context.store.subscriptions, id, 'subscription'), form),
  'POST /subscriptions/:id': (context, { id, form }) =>
    expanded(context, updateSubscription(context, id, form), form),
  'DELETE /subscriptions/:id': (context, { id }) => cancelSubscription(context, id),
};
