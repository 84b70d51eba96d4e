import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  mergeMaterialPricing,
  type MaterialPricing,
  type PriceRange,
} from '@rafter/domain/materials';
import { api } from '../../../lib/api-client';

/** The answer of GET /api/get-material-pricing and the share link's materialPricing. */
export type MaterialPricingResponse = Partial<Record<string, PriceRange>>;

/** Every material priced: the answer laid over the defaults (domain rule). */
export function toMaterialPricing(response: MaterialPricingResponse): MaterialPricing {
  return mergeMaterialPricing(
    Object.entries(response).flatMap(([material, range]) =>
      range ? [{ material, min: Number(range.min), max: Number(range.max) }] : [],
    ),
  );
}

export async function getMaterialPricing(
  ownerId: string,
  signal?: AbortSignal,
): Promise<MaterialPricing> {
  const response = await api.get<MaterialPricingResponse>(
    `/api/get-material-pricing?ownerId=${encodeURIComponent(ownerId)}`,
    { signal },
  );
  return toMaterialPricing(response);
}

export const materialPricingQueryOptions = (ownerId: string) =>
  queryOptions({
    queryKey: ['material-pricing', ownerId],
    queryFn: ({ signal }) => getMaterialPricing(ownerId, signal),
  });

const DEFAULT_PRICING: MaterialPricing = mergeMaterialPricing();

/**
 * The prices the widget shows: the owner's (fetched unless the page already has them), or the
 * defaults in the main-site flow. While the owner's prices load, `pricing` is undefined; if they
 * cannot be loaded the defaults stand in, since the server prices the lead itself anyway.
 */
export function useMaterialPricing(
  ownerId: string | null,
  known?: MaterialPricing,
): { pricing: MaterialPricing | undefined } {
  const query = useQuery({
    ...materialPricingQueryOptions(ownerId ?? ''),
    enabled: ownerId !== null && known === undefined,
  });
  if (known) return { pricing: known };
  if (ownerId === null) return { pricing: DEFAULT_PRICING };
  if (query.isError) return { pricing: DEFAULT_PRICING };
  return { pricing: query.data };
}
