import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsFunnelResponse, AnalyticsQuery } from '@rafter/domain/analytics';
import { api } from '../../../lib/api-client';

export const analyticsKeys = {
  all: ['analytics'] as const,
  funnel: (query: AnalyticsQuery) => ['analytics', 'funnel', query.from, query.to] as const,
};

/** GET /api/analytics/funnel: the funnel, daily figures and breakdowns for a range of days. */
export function getAnalyticsFunnel(
  query: AnalyticsQuery,
  signal?: AbortSignal,
): Promise<AnalyticsFunnelResponse> {
  const search = new URLSearchParams({ from: query.from, to: query.to });
  return api.get<AnalyticsFunnelResponse>(`/api/analytics/funnel?${search.toString()}`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function analyticsFunnelQueryOptions(query: AnalyticsQuery) {
  return queryOptions({
    queryKey: analyticsKeys.funnel(query),
    queryFn: ({ signal }) => getAnalyticsFunnel(query, signal),
    // The rollup runs every minute; a range switch keeps the old figures on screen meanwhile.
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The funnel for `query`; nothing is asked while `query` is null (an invalid custom range). */
export function useAnalyticsFunnel(query: AnalyticsQuery | null) {
  return useQuery({
    ...analyticsFunnelQueryOptions(query ?? { from: '', to: '' }),
    enabled: query !== null,
  });
}
