import { randomBytes } from 'node:crypto';
import { type FakeStripeContext, type Routes } from '../context';
import { type FormObject, list, object, text } from '../form-body';
import {
  find,
  listOf,
  newId,
  nowSeconds,
  requiredText,
  StripeError,
  type StripeObject,
} from '../objects';

/** POST /v1/checkout/sessions: a subscription checkout for one price, paid on the fake's page. */
function createSession({ store, baseUrl }: FakeStripeContext, form: FormObject): StripeObject {
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
  find(store.prices, priceId, 'price');
  const successUrl = requiredText(form, 'success_url');
  const customer = text(form, 'customer') ?? null;
  if (customer) find(store.customers, customer, 'customer');
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
    url: `${baseUrl}/checkout/${id}`,
    success_url: successUrl,
    cancel_url: text(form, 'cancel_url') ?? null,
    client_reference_id: text(form, 'client_reference_id') ?? null,
    customer,
    customer_email: text(form, 'customer_email') ?? null,
    allow_promotion_codes: text(form, 'allow_promotion_codes') === 'true',
    metadata: object(form, 'metadata') ?? {},
    currency: 'usd',
    amount_subtotal: find(store.prices, priceId, 'price').unit_amount,
    amount_total: find(store.prices, priceId, 'price').unit_amount,
    subscription: null,
    invoice: null,
    created,
    expires_at: created + 24 * 3600,
    livemode: false,
  };
  const subscriptionData = object(form, 'subscription_data');
  store.sessions.set(id, {
    session,
    priceId,
    subscriptionMetadata:
      (subscriptionData && (object(subscriptionData, 'metadata') as Record<string, string>)) ?? {},
  });
  return session;
}

export const checkoutSessionRoutes: Routes = {
  'POST /checkout/sessions': (context, { form }) => createSession(context, form),
  'GET /checkout/sessions/:id': ({ store }, { id }) =>
    find(store.sessions, id, 'checkout.session').session,
  'GET /checkout/sessions/:id/line_items': ({ store }, { id }) => {
    const stored = find(store.sessions, id, 'checkout.session');
    const price = find(store.prices, stored.priceId, 'price');
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
  },
};
