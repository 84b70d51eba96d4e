import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowupSettingsInput, FollowupSettingsView } from '@rafter/domain/followups';
import { api } from '../../../lib/api-client';

export const followupKeys = {
  settings: ['followups', 'settings'] as const,
};

export function getFollowupSettings(signal?: AbortSignal): Promise<FollowupSettingsView> {
  return api.get<FollowupSettingsView>('/api/followups/settings', {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function putFollowupSettings(
  settings: FollowupSettingsInput,
): Promise<FollowupSettingsView> {
  return api.put<FollowupSettingsView>('/api/followups/settings', settings, { auth: true });
}

export const followupSettingsQueryOptions = queryOptions({
  queryKey: followupKeys.settings,
  queryFn: ({ signal }) => getFollowupSettings(signal),
});

export function useFollowupSettings() {
  return useQuery(followupSettingsQueryOptions);
}

export function useSaveFollowupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putFollowupSettings,
    onSuccess: (saved) => queryClient.setQueryData(followupKeys.settings, saved),
  });
}
