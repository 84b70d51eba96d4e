import {
  MAX_SUGGESTIONS,
  type AddressProvider,
  type AddressSelection,
  type AddressSuggestion,
  type LatLng,
} from './address-provider';
import { usStateAbbreviation } from './us-states';

/** The part of a Photon GeoJSON feature the widget reads. */
export interface PhotonFeature {
  geometry?: { coordinates?: [number, number] };
  properties?: {
    osm_type?: string;
    osm_id?: number;
    name?: string;
    housenumber?: string;
    street?: string;
    city?: string;
    district?: string;
    county?: string;
    state?: string;
    postcode?: string;
    country?: string;
    countrycode?: string;
  };
}

interface PhotonResponse {
  features?: PhotonFeature[];
}

/** Covers the 50 states and Puerto Rico; results outside the US are dropped after it. */
const US_BOUNDING_BOX = '-180,17.5,-64.5,71.5';

function isInUs(feature: PhotonFeature): boolean {
  const properties = feature.properties ?? {};
  return (
    properties.countrycode?.toUpperCase() === 'US' ||
    (properties.countrycode === undefined && properties.country === 'United States')
  );
}

/** '1600 Pennsylvania Avenue Northwest, Washington, DC 20500, USA', from Photon's parts. */
export function formatPhotonAddress(feature: PhotonFeature): string | null {
  const p = feature.properties ?? {};
  const streetLine =
    p.housenumber && p.street ? `${p.housenumber} ${p.street}` : (p.street ?? p.name);
  if (!streetLine) return null;
  const locality = p.city ?? p.district ?? p.county;
  const stateAndZip = [p.state ? usStateAbbreviation(p.state) : undefined, p.postcode]
    .filter(Boolean)
    .join(' ');
  return [streetLine, locality, stateAndZip, 'USA'].filter(Boolean).join(', ');
}

function toSelection(feature: PhotonFeature): AddressSelection | null {
  const formattedAddress = formatPhotonAddress(feature);
  if (formattedAddress === null) return null;
  const [lng, lat] = feature.geometry?.coordinates ?? [];
  const location = Number.isFinite(lat) && Number.isFinite(lng) ? { lat: lat!, lng: lng! } : null;
  const { osm_type: osmType, osm_id: osmId } = feature.properties ?? {};
  return {
    formattedAddress,
    location,
    placeId: osmType && osmId !== undefined ? `osm:${osmType}${osmId}` : null,
  };
}

/**
 * US street addresses from a Photon geocoder (`/api?q=&limit=5&lang=en`, house layer), in
 * the order Photon ranks them, without duplicates.
 */
export function photonSuggestions(response: PhotonResponse): AddressSuggestion[] {
  const seen = new Set<string>();
  const suggestions: AddressSuggestion[] = [];
  for (const feature of response.features ?? []) {
    if (!isInUs(feature)) continue;
    const selection = toSelection(feature);
    if (selection === null || seen.has(selection.formattedAddress)) continue;
    seen.add(selection.formattedAddress);
    suggestions.push({
      id: selection.placeId ?? selection.formattedAddress,
      label: selection.formattedAddress,
      selection,
    });
  }
  return suggestions.slice(0, MAX_SUGGESTIONS);
}

export function createPhotonProvider(geocoderUrl: string): AddressProvider {
  const base = geocoderUrl.replace(/\/+$/, '');

  async function query(
    q: string,
    layers: readonly string[],
    signal?: AbortSignal,
  ): Promise<PhotonResponse> {
    const params = new URLSearchParams({
      q,
      limit: String(MAX_SUGGESTIONS),
      lang: 'en',
      bbox: US_BOUNDING_BOX,
    });
    for (const layer of layers) params.append('layer', layer);
    const response = await fetch(`${base}/api?${params.toString()}`, {
      signal,
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
    return (await response.json()) as PhotonResponse;
  }

  return {
    id: `photon:${base}`,
    async suggest(text, signal) {
      return photonSuggestions(await query(text, ['house'], signal));
    },
    async resolve(suggestion) {
      if (!suggestion.selection) throw new Error('Unknown suggestion');
      return suggestion.selection;
    },
    async search(text) {
      return photonSuggestions(await query(text, ['house'])).at(0)?.selection ?? null;
    },
    async locateZipCode(zipCode): Promise<LatLng | null> {
      const response = await query(zipCode, []);
      const area = (response.features ?? []).find(
        (feature) => isInUs(feature) && feature.properties?.postcode === zipCode,
      );
      const [lng, lat] = area?.geometry?.coordinates ?? [];
      return Number.isFinite(lat) && Number.isFinite(lng) ? { lat: lat!, lng: lng! } : null;
    },
  };
}
