import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyPayload } from '@rafter/domain/auth';
import { api } from '../../../lib/api-client';

/** Answers the same whether or not the address has an account. */
export function postForgotPassword(payload: EmailOnlyPayload): Promise<{ ok: true }> {
  return api.post<{ ok: true }>('/api/auth/forgot-password', payload);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: postForgotPassword });
}
