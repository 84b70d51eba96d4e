import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadDetail } from '@rafter/domain/crm';
import { api } from '../../../lib/api-client';
import { leadKeys } from './lead-keys';

export function getLead(id: string, signal?: AbortSignal): Promise<LeadDetail> {
  return api.get<LeadDetail>(`/api/leads/${encodeURIComponent(id)}`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function leadQueryOptions(id: string) {
  return queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => getLead(id, signal),
  });
}

/** One lead with its score reasons and timeline, loaded when its details are opened. */
export function useLead(id: string) {
  return useQuery(leadQueryOptions(id));
}
