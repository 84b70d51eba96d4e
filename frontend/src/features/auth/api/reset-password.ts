import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordPayload } from '@rafter/domain/auth';
import { api } from '../../../lib/api-client';

export function postResetPassword(payload: ResetPasswordPayload): Promise<{ email: string }> {
  return api.post<{ email: string }>('/api/auth/reset-password', payload);
}

export function useResetPassword() {
  return useMutation({ mutationFn: postResetPassword });
}
