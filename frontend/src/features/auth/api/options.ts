import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthOptions } from '@rafter/domain/auth';
import { api } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

export function getAuthOptions(signal?: AbortSignal): Promise<AuthOptions> {
  return api.get<AuthOptions>('/api/auth/options', signal ? { signal } : undefined);
}

/** What the dialog may offer changes only with a deploy. */
export const authOptionsQueryOptions = queryOptions({
  queryKey: authKeys.options(),
  queryFn: ({ signal }) => getAuthOptions(signal),
  staleTime: Infinity,
});

export function useAuthOptions() {
  return useQuery(authOptionsQueryOptions);
}
