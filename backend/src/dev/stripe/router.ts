import { type FakeStripeContext, type Routes } from './context';
import { parseStripeForm } from './form-body';
import { StripeError } from './objects';
import { catalogRoutes } from './routes/catalog';
import { checkoutSessionRoutes } from './routes/checkout-sessions';
import { customerRoutes } from './routes/customers';
import { invoiceRoutes } from './routes/invoices';
import { refundRoutes } from './routes/refunds';
import { subscriptionScheduleRoutes } from './routes/subscription-schedules';
import { subscriptionRoutes } from './routes/subscriptions';

/** Every /v1 call the fake answers: only those our billing code makes. */
const ROUTES: Routes = {
  ...catalogRoutes,
  ...customerRoutes,
  ...checkoutSessionRoutes,
  ...subscriptionRoutes,
  ...subscriptionScheduleRoutes,
  ...invoiceRoutes,
  ...refundRoutes,
};

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

/** Answers one authenticated /v1 request, or throws the StripeError Stripe would answer. */
export function answerApiRequest(
  context: FakeStripeContext,
  method: string,
  path: string,
  query: URLSearchParams,
  body: string,
): unknown {
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
  const route = ROUTES[`${method} /${shape.join('/')}`];
  if (!route) throw new StripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  return route(context, { id, form, query });
}
