import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TextSettingsInput, TextSettingsView } from '@rafter/domain/texts';
import { api } from '../../../lib/api-client';

export const textSettingsKeys = {
  settings: ['text-settings'] as const,
};

export function getTextSettings(signal?: AbortSignal): Promise<TextSettingsView> {
  return api.get<TextSettingsView>('/api/settings/texts', {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function putTextSettings(settings: TextSettingsInput): Promise<TextSettingsView> {
  return api.put<TextSettingsView>('/api/settings/texts', settings, { auth: true });
}

export const textSettingsQueryOptions = queryOptions({
  queryKey: textSettingsKeys.settings,
  queryFn: ({ signal }) => getTextSettings(signal),
});

export function useTextSettings() {
  return useQuery(textSettingsQueryOptions);
}

export function useSaveTextSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putTextSettings,
    onSuccess: (saved) => queryClient.setQueryData(textSettingsKeys.settings, saved),
  });
}
