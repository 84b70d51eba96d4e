import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/get-shareable-link: what a public calculator page shows. */
export interface ShareableLink {
  linkData: {
    /** The contractor who gets the leads. */
    user_id: string;
    slug: string;
    title: string;
    brand_color: string;
  };
  businessProfile: {
    business_name: string | null;
    address: string | null;
    logo_url: string | null;
  };
  materialPricing: Partial<Record<string, { min: number; max: number }>>;
}

export function getShareableLink(slug: string, signal?: AbortSignal): Promise<ShareableLink> {
  return api.get<ShareableLink>(`/api/get-shareable-link?slug=${encodeURIComponent(slug)}`, {
    signal,
  });
}

export const shareableLinkQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['shareable-link', slug],
    queryFn: ({ signal }) => getShareableLink(slug, signal),
  });

export function useShareableLink(slug: string) {
  return useQuery({ ...shareableLinkQueryOptions(slug), enabled: slug !== '' });
}
