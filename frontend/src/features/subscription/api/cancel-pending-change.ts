import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** Takes back a plan change waiting for the renewal; the current plan renews as before. */
export function cancelPendingChange(): Promise<void> {
  return api.delete<void>('/api/billing/pending-change', { auth: true });
}

export function useCancelPendingChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPendingChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
