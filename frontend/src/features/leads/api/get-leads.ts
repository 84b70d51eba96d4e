import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { LeadListItem, LeadPage } from '@rafter/domain/crm';
import { api } from '../../../lib/api-client';
import { leadKeys, type LeadFilters } from './lead-keys';

/** The search and status tab as query parameters (shared by the list, counts and export). */
export function filterParams(filters: Pick<LeadFilters, 'q' | 'status'>): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q !== '') params.set('q', q);
  if (filters.status !== 'all') params.set('status', filters.status);
  return params;
}

export function getLeads(
  filters: LeadFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<LeadPage> {
  const params = filterParams(filters);
  params.set('sort', filters.sort);
  if (cursor) params.set('cursor', cursor);
  return api.get<LeadPage>(`/api/leads?${params}`, { auth: true, ...(signal ? { signal } : {}) });
}

export function leadsQueryOptions(filters: LeadFilters) {
  return infiniteQueryOptions({
    queryKey: leadKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getLeads(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** One page at a time (keyset pagination); the previous filter's rows stay while the next load. */
export function useLeads(filters: LeadFilters) {
  return useInfiniteQuery({ ...leadsQueryOptions(filters), placeholderData: keepPreviousData });
}

function mapListItems(
  queryClient: QueryClient,
  update: (items: LeadListItem[]) => LeadListItem[],
): void {
  queryClient.setQueriesData<InfiniteData<LeadPage, string | null>>(
    { queryKey: leadKeys.lists() },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, items: update(page.items) })),
      },
  );
}

/** Shows the server's copy of a lead in every loaded list at once, before the lists refetch. */
export function replaceLeadInLists(queryClient: QueryClient, lead: LeadListItem): void {
  mapListItems(queryClient, (items) => items.map((item) => (item.id === lead.id ? lead : item)));
}

export function removeLeadFromLists(queryClient: QueryClient, id: string): void {
  mapListItems(queryClient, (items) => items.filter((item) => item.id !== id));
}

/**
 * Puts a new lead at the top of every loaded newest-first list it belongs in, so it shows
 * before the lists have refetched. Searches and other sorts wait for the refetch: where the lead
 * goes in them is the server's to say.
 */
export function prependLeadToLists(queryClient: QueryClient, lead: LeadListItem): void {
  const lists = queryClient.getQueriesData<InfiniteData<LeadPage, string | null>>({
    queryKey: leadKeys.lists(),
  });
  for (const [queryKey, data] of lists) {
    const filters = queryKey[2] as LeadFilters | undefined;
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first || !filters || filters.sort !== 'latest' || filters.q !== '') continue;
    if (filters.status !== 'all' && filters.status !== lead.status) continue;
    if (data.pages.some((page) => page.items.some((item) => item.id === lead.id))) continue;
    queryClient.setQueryData(queryKey, {
      ...data,
      pages: [{ ...first, items: [lead, ...first.items] }, ...rest],
    });
  }
}
