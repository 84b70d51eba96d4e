import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsQuery } from '@rafter/domain/analytics';
import type { EstimateAccuracy } from '@rafter/domain/estimate-accuracy';
import type { Material, MaterialPricing, PriceRange } from '@rafter/domain/materials';
import type { MaterialPricingView } from '@rafter/domain/settings';
import { api } from '../../../lib/api-client';

export const estimateAccuracyKeys = {
  all: ['analytics', 'estimate-accuracy'] as const,
  range: (query: AnalyticsQuery) => [...estimateAccuracyKeys.all, query.from, query.to] as const,
};

/**
 * The Calculator tab's price query root (its settings-keys.ts): applying a suggestion refreshes
 * what that tab shows. Named here because features do not import each other.
 */
const CALCULATOR_SETTINGS_KEY = ['calculator-settings'] as const;

/** GET /api/analytics/estimate-accuracy: estimate vs sold price of won leads in the range. */
export function getEstimateAccuracy(
  query: AnalyticsQuery,
  signal?: AbortSignal,
): Promise<EstimateAccuracy> {
  const search = new URLSearchParams({ from: query.from, to: query.to });
  return api.get<EstimateAccuracy>(`/api/analytics/estimate-accuracy?${search.toString()}`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function estimateAccuracyQueryOptions(query: AnalyticsQuery) {
  return queryOptions({
    queryKey: estimateAccuracyKeys.range(query),
    queryFn: ({ signal }) => getEstimateAccuracy(query, signal),
  });
}

export function useEstimateAccuracy(query: AnalyticsQuery) {
  return useQuery(estimateAccuracyQueryOptions(query));
}

/**
 * Sets one material's price range through the Calculator tab's endpoint (PUT
 * /api/material-pricing), which takes the whole table: the saved prices are read first so the
 * other materials keep theirs.
 */
export async function applyMaterialPrice(
  material: Material,
  range: PriceRange,
): Promise<MaterialPricingView> {
  const current = await api.get<MaterialPricingView>('/api/material-pricing', { auth: true });
  const pricing: MaterialPricing = { ...current.pricing, [material]: range };
  return api.put<MaterialPricingView>('/api/material-pricing', { pricing }, { auth: true });
}

export function useApplyMaterialPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ material, range }: { material: Material; range: PriceRange }) =>
      applyMaterialPrice(material, range),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALCULATOR_SETTINGS_KEY }),
  });
}
