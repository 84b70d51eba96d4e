import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardMetrics } from '@rafter/domain/crm';
import { api } from '../../../lib/api-client';

/**
 * Under the ['leads'] root the lead queries share, so a status change or a realtime lead event,
 * which invalidate that root, refresh the metrics as well.
 */
export const dashboardMetricsKey = ['leads', 'metrics'] as const;

export function getDashboardMetrics(signal?: AbortSignal): Promise<DashboardMetrics> {
  return api.get<DashboardMetrics>('/api/leads/metrics', {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function dashboardMetricsQueryOptions() {
  return queryOptions({
    queryKey: dashboardMetricsKey,
    queryFn: ({ signal }) => getDashboardMetrics(signal),
  });
}

/** Totals, changes against the previous 30 days, recent leads and chart series. */
export function useDashboardMetrics() {
  return useQuery(dashboardMetricsQueryOptions());
}
