import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadCounts } from '@rafter/domain/crm';
import { api } from '../../../lib/api-client';
import { filterParams } from './get-leads';
import { leadKeys } from './lead-keys';

export function getLeadCounts(q: string, signal?: AbortSignal): Promise<LeadCounts> {
  const params = filterParams({ q, status: 'all' });
  const query = params.size > 0 ? `?${params}` : '';
  return api.get<LeadCounts>(`/api/leads/counts${query}`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function leadCountsQueryOptions(q: string) {
  return queryOptions({
    queryKey: leadKeys.counts(q.trim()),
    queryFn: ({ signal }) => getLeadCounts(q, signal),
  });
}

/** Leads per status tab for the current search. */
export function useLeadCounts(q: string) {
  return useQuery({ ...leadCountsQueryOptions(q), placeholderData: keepPreviousData });
}
