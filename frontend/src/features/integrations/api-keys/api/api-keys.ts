import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeyList,
  ApiKeySummary,
  CreateApiKey,
  CreatedApiKey,
} from '@rafter/domain/api-keys';
import { api } from '../../../../lib/api-client';

export const apiKeyKeys = {
  all: ['api-keys'] as const,
};

export function listApiKeys(signal?: AbortSignal): Promise<ApiKeyList> {
  return api.get<ApiKeyList>('/api/api-keys', { auth: true, ...(signal ? { signal } : {}) });
}

export function createApiKey(input: CreateApiKey): Promise<CreatedApiKey> {
  return api.post<CreatedApiKey>('/api/api-keys', input, { auth: true });
}

export function revokeApiKey(id: string): Promise<ApiKeySummary> {
  return api.delete<ApiKeySummary>(`/api/api-keys/${encodeURIComponent(id)}`, { auth: true });
}

export const apiKeysQueryOptions = queryOptions({
  queryKey: apiKeyKeys.all,
  queryFn: ({ signal }) => listApiKeys(signal),
});

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/**
 * 'Test this key': one call to the public API with the key, through the typed client, loaded
 * on first use. The key's last use changes, so the list is read again.
 */
export function useTestApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: string) => (await import('./test-api-key')).testApiKey(key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
