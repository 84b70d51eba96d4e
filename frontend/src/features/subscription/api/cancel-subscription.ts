import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelSubscriptionResponse } from '@rafter/domain/billing';
import { api } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** Cancels at the end of the paid period; access stays until `currentPeriodEnd`. */
export function cancelSubscription(): Promise<CancelSubscriptionResponse> {
  return api.post<CancelSubscriptionResponse>('/api/cancel-subscription', {}, { auth: true });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
