import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What the browser needs to draw the map and look up addresses (GET /api/public-config). */
export interface PublicConfig {
  /** Google Maps browser key; null means the keyless map (Leaflet) and geocoder are used. */
  googleMapsApiKey: string | null;
  /** Satellite tile URL template with {z}, {x} and {y}. */
  mapTileUrl: string;
  mapAttribution: string;
  /** Street map tile URL template; null offers satellite imagery only. */
  mapStreetsTileUrl: string | null;
  mapStreetsAttribution: string;
  /** Photon-compatible geocoder base URL; null turns address suggestions off. */
  geocoderUrl: string | null;
  demoMode: boolean;
}

export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.get<PublicConfig>('/api/public-config', { signal });
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => getPublicConfig(signal),
    // Set once per deployment.
    staleTime: Infinity,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
