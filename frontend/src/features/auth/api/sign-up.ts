import { useMutation } from '@tanstack/react-query';
import type { SignUpPayload } from '@rafter/domain/auth';
import { api } from '../../../lib/api-client';

export interface SignUpResult {
  email: string;
  confirmationSent: true;
}

export function postSignUp(payload: SignUpPayload): Promise<SignUpResult> {
  return api.post<SignUpResult>('/api/auth/sign-up', payload);
}

export function useSignUp() {
  return useMutation({ mutationFn: postSignUp });
}
