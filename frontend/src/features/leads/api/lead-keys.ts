import type { LeadSort } from '@rafter/domain/crm';
import type { LeadStatus } from '@rafter/domain/lead';

/** What the Leads tab asks the server for: search text, status tab and sort. */
export interface LeadFilters {
  q: string;
  status: LeadStatus | 'all';
  sort: LeadSort;
}

/**
 * Every lead query lives under ['leads'] (the dashboard's metrics too), so one invalidation of
 * that root after a change or a realtime event refreshes lists, counts, details and metrics.
 */
export const leadKeys = {
  all: ['leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (filters: LeadFilters) => [...leadKeys.lists(), filters] as const,
  counts: (q: string) => [...leadKeys.all, 'counts', q] as const,
  detail: (id: string) => [...leadKeys.all, 'detail', id] as const,
};
