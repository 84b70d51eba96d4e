import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../session/auth-context';

export function postSignOut(): Promise<void> {
  return api.post<void>('/api/auth/sign-out');
}

export function useSignOut() {
  const { signOut } = useAuth();
  return useMutation({ mutationFn: signOut });
}
