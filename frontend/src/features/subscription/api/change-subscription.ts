import type { ChangeSubscriptionResponse } from '@rafter/domain/billing';
import type { PlanId } from '@rafter/domain/plans';
import { api } from '../../../lib/api-client';

/** Moves an existing subscription to another plan, before checkout (spec section 4). */
export function changeSubscription(newProductId: PlanId): Promise<ChangeSubscriptionResponse> {
  return api.post<ChangeSubscriptionResponse>(
    '/api/change-subscription',
    { newProductId },
    { auth: true },
  );
}
