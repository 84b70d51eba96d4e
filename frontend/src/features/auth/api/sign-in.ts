import { useMutation } from '@tanstack/react-query';
import type { AuthSession, SignInPayload } from '@rafter/domain/auth';
import { api } from '../../../lib/api-client';
import { useAuth } from '../session/auth-context';

/** The bare call; the session client wraps it so the answer becomes the tab's session. */
export function postSignIn(payload: SignInPayload): Promise<AuthSession> {
  return api.post<AuthSession>('/api/auth/sign-in', payload);
}

export function useSignIn() {
  const { signIn } = useAuth();
  return useMutation({ mutationFn: signIn });
}
