import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaterialPricing } from '@rafter/domain/materials';
import type { MaterialPricingView } from '@rafter/domain/settings';
import { api } from '../../../lib/api-client';
import { calculatorSettingsKeys } from './settings-keys';

export function getMaterialPricing(signal?: AbortSignal): Promise<MaterialPricingView> {
  return api.get<MaterialPricingView>('/api/material-pricing', {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function putMaterialPricing(pricing: MaterialPricing): Promise<MaterialPricingView> {
  return api.put<MaterialPricingView>('/api/material-pricing', { pricing }, { auth: true });
}

export const materialPricingQueryOptions = queryOptions({
  queryKey: calculatorSettingsKeys.pricing(),
  queryFn: ({ signal }) => getMaterialPricing(signal),
});

export function useMaterialPricing() {
  return useQuery(materialPricingQueryOptions);
}
