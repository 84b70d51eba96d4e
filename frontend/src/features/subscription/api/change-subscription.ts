import type { ChangeSubscriptionInput, ChangeSubscriptionResponse } from '@rafter/domain/billing';
import { api } from '../../../lib/api-client';

/**
 * Changes the subscription to another plan, as the preview showed it: its timing, proration time
 * and amount due, so the charge is the one the contractor confirmed (spec section 4: called
 * before any checkout).
 */
export function changeSubscription(
  input: Omit<ChangeSubscriptionInput, 'userId'>,
): Promise<ChangeSubscriptionResponse> {
  return api.post<ChangeSubscriptionResponse>('/api/change-subscription', input, { auth: true });
}
