import { type FormObject } from './form-body';
import { type FakeStripeStore } from './store';
import { type WebhookQueue } from './webhooks';

/** What every route of the fake works with. */
export interface FakeStripeContext {
  store: FakeStripeStore;
  webhooks: WebhookQueue;
  /** `http://127.0.0.1:<port>`, set once the server listens. */
  baseUrl: string;
}

export interface RouteRequest {
  /** The object id in the path, if it names one. */
  id: string;
  /** The form body (or, for GET and DELETE, the query) parsed as Stripe's nested params. */
  form: FormObject;
  query: URLSearchParams;
}

/** Routes by shape, `'POST /subscriptions/:id'`, to what they answer. */
export type Routes = Record<string, (context: FakeStripeContext, request: RouteRequest) => unknown>;
