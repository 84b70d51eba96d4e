import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundResponse } from '@rafter/domain/billing';
import { api } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** Refunds the first payment and ends the subscription at once (money-back guarantee). */
export function requestRefund(): Promise<RefundResponse> {
  return api.post<RefundResponse>('/api/billing/refund', {}, { auth: true });
}

export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRefund,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
