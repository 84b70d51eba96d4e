import { type Material, type PriceRange } from './materials';
import { type Stories } from './property';

export interface Estimate {
  low: number;
  mid: number;
  high: number;
}

/**
 * Replacement cost in whole dollars: low = area × min price, mid = area × midpoint price,
 * high = area × max price, each rounded (spec section 9).
 */
export function computeEstimate(roofAreaSqFt: number, price: PriceRange): Estimate {
  if (!Number.isFinite(roofAreaSqFt) || roofAreaSqFt < 0) {
    throw new RangeError(`Roof area must be a non-negative number, got ${roofAreaSqFt}`);
  }
  if (!Number.isFinite(price.min) || !Number.isFinite(price.max)) {
    throw new RangeError('Material prices must be finite numbers');
  }
  return {
    low: Math.round(roofAreaSqFt * price.min),
    mid: Math.round((roofAreaSqFt * (price.min + price.max)) / 2),
    high: Math.round(roofAreaSqFt * price.max),
  };
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** Whole-dollar amount with thousands separators, e.g. 11900 → '$11,900'. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** The estimate modal's range, e.g. '$6,800 - $11,900'. */
export function formatEstimateRange(estimate: Pick<Estimate, 'low' | 'high'>): string {
  return `${formatUsd(estimate.low)} - ${formatUsd(estimate.high)}`;
}

/**
 * A measured roof area outside these bounds is refused by the server: the smallest simulated
 * roof is about 680 sq ft and the largest about 2,640, and real single homes fall well inside.
 */
export const ROOF_AREA_MIN_SQFT = 300;
export const ROOF_AREA_MAX_SQFT = 20_000;

export function isPlausibleRoofArea(areaSqFt: number): boolean {
  return (
    Number.isFinite(areaSqFt) && areaSqFt >= ROOF_AREA_MIN_SQFT && areaSqFt <= ROOF_AREA_MAX_SQFT
  );
}

/** The simulation's answer when there is no address to measure. */
export const FALLBACK_ROOF_AREA_SQFT = 2000;

/** Living area attributed to a house before scaling, in sq ft (inclusive). */
export const SIMULATED_BASE_AREA_SQFT = { min: 1200, max: 2000 } as const;

/** Roof pitch multiplier range; the hash picks one in steps of 0.01 (inclusive). */
export const SIMULATED_PITCH_FACTOR = { min: 1.12, max: 1.28 } as const;

/** Footprint share of the living area per number of stories (spec section 9). */
export const STORY_AREA_FACTORS: Readonly<Record<Stories, number>> = {
  one: 1,
  two: 0.65 * 1.08,
  three: 0.45 * 1.12,
};

/** Extra roof area for materials that need more overlap and trim (spec section 9). */
export const MATERIAL_AREA_BONUS: Readonly<Record<Material, number>> = {
  asphalt: 0,
  wood: 0,
  metal: 0.02,
  tile: 0.03,
  slate: 0.03,
};

export interface RoofAreaInput {
  address?: string | null;
  zipCode?: string | null;
  /** Unknown while measuring (the widget asks after step 2): scaled as one story. */
  stories?: Stories | null;
  /** Unknown while measuring: no material bonus. */
  material?: Material | null;
}

/** Lower-cased, trimmed, single-spaced: the same place typed differently measures the same. */
export function normalizeAddress(address: string): string {
  return address.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** 32-bit FNV-1a over UTF-16 code units: identical in every JavaScript engine. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Simulated roof area in whole sq ft, used when no measurement service answers (spec section 9).
 *
 * Interpretation of the spec: with no address the result is the flat 2000 sq ft fallback, without
 * scaling. Otherwise a hash of the normalised address and zip picks a living area between 1200 and
 * 2000 sq ft; the roof covers the footprint, which shrinks with each story (one: ×1, two:
 * ×0.65×1.08, three: ×0.45×1.12); a second hash picks a pitch factor between 1.12 and 1.28; metal
 * adds 2%, tile and slate 3%. Pure arithmetic, so the browser and the server agree to the foot.
 */
export function simulateRoofArea(input: RoofAreaInput): number {
  const address = normalizeAddress(input.address ?? '');
  if (address === '') {
    return FALLBACK_ROOF_AREA_SQFT;
  }
  const key = `${address}|${(input.zipCode ?? '').trim()}`;
  const baseSpan = SIMULATED_BASE_AREA_SQFT.max - SIMULATED_BASE_AREA_SQFT.min + 1;
  const baseArea = SIMULATED_BASE_AREA_SQFT.min + (fnv1a(key) % baseSpan);
  const pitchSteps = Math.round((SIMULATED_PITCH_FACTOR.max - SIMULATED_PITCH_FACTOR.min) * 100);
  const pitchFactor = SIMULATED_PITCH_FACTOR.min + (fnv1a(`${key}|pitch`) % (pitchSteps + 1)) / 100;
  const storyFactor = STORY_AREA_FACTORS[input.stories ?? 'one'];
  const materialFactor = 1 + (input.material ? MATERIAL_AREA_BONUS[input.material] : 0);
  return Math.round(baseArea * storyFactor * pitchFactor * materialFactor);
}
