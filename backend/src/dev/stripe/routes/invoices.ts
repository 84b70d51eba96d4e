import { type FakeStripeContext, type Routes } from '../context';
import { type FormObject, list, object, text } from '../form-body';
import {
  invoiceObject,
  periodLine,
  prorationDate,
  prorationLines,
  subscriptionItem,
} from '../invoicing';
import {
  addMonth,
  find,
  listOf,
  newId,
  requiredText,
  StripeError,
  type StripeObject,
} from '../objects';

/**
 * POST /v1/invoices/create_preview for a subscription change: the invoice Stripe would draft.
 * With create_prorations (the default) that is the next renewal: the prorations at
 * `proration_date` plus the next period at the new price; with always_invoice only the
 * prorations, billed at once; with none the next period alone.
 */
function previewInvoice(context: FakeStripeContext, form: FormObject): StripeObject {
  const { store } = context;
  const subscription = find(
    store.subscriptions,
    requiredText(form, 'subscription'),
    'subscription',
  );
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
  const newPrice = newPriceId ? find(store.prices, newPriceId, 'price') : oldPrice;
  const behavior = text(details, 'proration_behavior') ?? 'create_prorations';
  const at = prorationDate(details, item, 'subscription_details[proration_date]');
  const end = item.current_period_end as number;
  const prorations =
    behavior !== 'none' && newPrice.id !== oldPrice.id
      ? prorationLines(context, item, oldPrice, newPrice, at)
      : [];
  const lines =
    behavior === 'always_invoice'
      ? prorations
      : [...prorations, periodLine(context, newPrice, end, addMonth(end))];
  const invoice = invoiceObject(context, {
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

/** GET /v1/invoices, newest first, by subscription, customer and status. */
function listInvoices({ store }: FakeStripeContext, query: URLSearchParams): unknown {
  const subscription = query.get('subscription');
  const customer = query.get('customer');
  const status = query.get('status');
  const limit = Number(query.get('limit') ?? 10);
  const data = [...store.invoices.values()]
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

export const invoiceRoutes: Routes = {
  'POST /invoices/create_preview': (context, { form }) => previewInvoice(context, form),
  'GET /invoices': (context, { query }) => listInvoices(context, query),
  'GET /invoices/:id': ({ store }, { id }) => find(store.invoices, id, 'invoice'),
};
