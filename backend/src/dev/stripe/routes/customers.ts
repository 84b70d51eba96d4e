import { type FakeStripeContext, type Routes } from '../context';
import { object, text } from '../form-body';
import { find, newId, nowSeconds, type StripeObject } from '../objects';

export function createCustomer(
  { store }: FakeStripeContext,
  email: string | null,
  metadata: unknown = {},
): StripeObject {
  const customer: StripeObject = {
    id: newId('cus'),
    object: 'customer',
    email,
    created: nowSeconds(),
    balance: 0,
    livemode: false,
    metadata,
  };
  store.customers.set(customer.id, customer);
  return customer;
}

export const customerRoutes: Routes = {
  'POST /customers': (context, { form }) =>
    createCustomer(context, text(form, 'email') ?? null, object(form, 'metadata') ?? {}),
  'GET /customers/:id': ({ store }, { id }) => find(store.customers, id, 'customer'),
};
