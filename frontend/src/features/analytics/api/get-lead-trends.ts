import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsQuery } from '@rafter/domain/analytics';
import type { LeadTrends } from '@rafter/domain/lead-trends';
import { api } from '../../../lib/api-client';

export const leadTrendsKeys = {
  all: ['analytics', 'leads'] as const,
  range: (query: AnalyticsQuery) => [...leadTrendsKeys.all, query.from, query.to] as const,
};

/** GET /api/analytics/leads: leads, pipeline value and won jobs per day of a range. */
export function getLeadTrends(query: AnalyticsQuery, signal?: AbortSignal): Promise<LeadTrends> {
  const search = new URLSearchParams({ from: query.from, to: query.to });
  return api.get<LeadTrends>(`/api/analytics/leads?${search.toString()}`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function leadTrendsQueryOptions(query: AnalyticsQuery) {
  return queryOptions({
    queryKey: leadTrendsKeys.range(query),
    queryFn: ({ signal }) => getLeadTrends(query, signal),
    // As the funnel: a range switch keeps the old figures on screen while the new ones load.
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useLeadTrends(query: AnalyticsQuery) {
  return useQuery(leadTrendsQueryOptions(query));
}
