import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessProfileInput, BusinessProfileView } from '@rafter/domain/settings';
import { api } from '../../../lib/api-client';

export const profileKeys = {
  profile: ['profile'] as const,
};

export function getProfile(signal?: AbortSignal): Promise<BusinessProfileView> {
  return api.get<BusinessProfileView>('/api/profile', {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function putProfile(profile: BusinessProfileInput): Promise<BusinessProfileView> {
  return api.put<BusinessProfileView>('/api/profile', profile, { auth: true });
}

export function uploadLogo(file: File): Promise<{ logoUrl: string }> {
  const form = new FormData();
  form.append('logo', file);
  return api.post<{ logoUrl: string }>('/api/profile/logo', form, { auth: true });
}

export const profileQueryOptions = queryOptions({
  queryKey: profileKeys.profile,
  queryFn: ({ signal }) => getProfile(signal),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}

/**
 * Saves the form: the logo first, only when a new file was chosen (the server stores the new
 * file before it removes the old one), then the fields. A refused logo stops the save.
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ profile, logo }: { profile: BusinessProfileInput; logo: File | null }) => {
      const logoUrl = logo ? (await uploadLogo(logo)).logoUrl : undefined;
      const saved = await putProfile(profile);
      return logoUrl === undefined ? saved : { ...saved, logoUrl };
    },
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.profile, saved),
    // The logo may have been stored even though the fields were not.
    onError: () => queryClient.invalidateQueries({ queryKey: profileKeys.profile }),
  });
}
