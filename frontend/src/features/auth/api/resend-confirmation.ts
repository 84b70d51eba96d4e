import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyPayload } from '@rafter/domain/auth';
import { api } from '../../../lib/api-client';

/** Answers the same whether or not the address has an unconfirmed account. */
export function postResendConfirmation(payload: EmailOnlyPayload): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/auth/resend-confirmation', payload);
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: postResendConfirmation });
}
