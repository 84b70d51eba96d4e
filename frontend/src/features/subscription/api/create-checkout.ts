import type { CheckoutResponse } from '@rafter/domain/billing';
import type { PlanId } from '@rafter/domain/plans';
import { api } from '../../../lib/api-client';

/** Starts a Stripe Checkout for the plan; the answer's url is where the browser goes next. */
export function createCheckout(productId: PlanId): Promise<CheckoutResponse> {
  return api.post<CheckoutResponse>('/api/checkout', { productId }, { auth: true });
}
