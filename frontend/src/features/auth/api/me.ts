import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthUser } from '@rafter/domain/auth';
import { api } from '../../../lib/api-client';
import { useAuth } from '../session/auth-context';
import { authKeys } from './auth-keys';

export function getMe(signal?: AbortSignal): Promise<AuthUser> {
  return api.get<AuthUser>('/api/auth/me', { auth: true, ...(signal ? { signal } : {}) });
}

export function meQueryOptions(userId: string) {
  return queryOptions({
    queryKey: authKeys.me(userId),
    queryFn: ({ signal }) => getMe(signal),
  });
}

/** The signed-in contractor as the API sees them now; the session's copy until it answers. */
export function useMe() {
  const { user } = useAuth();
  return useQuery({
    ...meQueryOptions(user?.id ?? ''),
    enabled: user !== null,
    ...(user ? { placeholderData: user } : {}),
  });
}
