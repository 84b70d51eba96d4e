import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShareLinkView } from '@rafter/domain/settings';
import { api } from '../../../lib/api-client';
import { calculatorSettingsKeys } from './settings-keys';

interface ShareLinkAnswer {
  link: ShareLinkView | null;
}

export function getShareLink(signal?: AbortSignal): Promise<ShareLinkAnswer> {
  return api.get<ShareLinkAnswer>('/api/share-link', {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function postShareLink(brandColor: string): Promise<ShareLinkView> {
  return api.post<ShareLinkView>('/api/share-link', { brandColor }, { auth: true });
}

export function putBrandColor(brandColor: string): Promise<ShareLinkView> {
  return api.put<ShareLinkView>('/api/share-link/brand-color', { brandColor }, { auth: true });
}

export const shareLinkQueryOptions = queryOptions({
  queryKey: calculatorSettingsKeys.shareLink(),
  queryFn: ({ signal }) => getShareLink(signal),
});

export function useShareLink() {
  return useQuery(shareLinkQueryOptions);
}

/** Creates the contractor's link (the server returns the existing one if there is one). */
export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postShareLink,
    onSuccess: (link) => {
      queryClient.setQueryData<ShareLinkAnswer>(calculatorSettingsKeys.shareLink(), { link });
    },
  });
}
