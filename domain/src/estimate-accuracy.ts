import { z } from 'zod';
import {
  MATERIAL_PRICE_MAX,
  MATERIAL_PRICE_MIN,
  MATERIALS,
  type Material,
  type PriceRange,
} from './materials';

/**
 * Estimate accuracy (issue 25): how the estimates of the leads a contractor won compare with
 * what those jobs sold for, and the per-material prices that would have matched them.
 *
 * - **Sales**: Converted leads with a sold price and a measured roof (area above 0).
 * - **Per material and per roof-size band**: the number of sales, the median estimate (the
 *   estimate's average, estimate_mid) and the median sold price, the median error (estimate
 *   average minus sold price, as a percentage of the sold price: positive means the estimate was
 *   above the sale), and the share of sales inside the estimate's low-high range (ends included).
 * - **Suggested price range** of a material with at least SUGGESTION_MIN_SALES sales: from the
 *   sold prices per sq ft, min and max are the median minus and plus half the interquartile range
 *   (25th to 75th percentile, linear interpolation). The widget's average (area × the midpoint of
 *   min and max) then equals the median sale per sq ft, and low to high is as wide as the middle
 *   half of the sales. Rounded to cents and kept within the prices the Calculator tab accepts.
 */

/** A material needs this many sales before a price range is suggested for it. */
export const SUGGESTION_MIN_SALES = 3;

/** Roof-size bands in sq ft, lower bound included, upper excluded (single homes, 680-2,640 simulated). */
export const ROOF_SIZE_BANDS = [
  { id: 'small', label: 'Under 1,500 sq ft', min: 0, max: 1500 },
  { id: 'medium', label: '1,500-2,499 sq ft', min: 1500, max: 2500 },
  { id: 'large', label: '2,500 sq ft and over', min: 2500, max: Number.POSITIVE_INFINITY },
] as const;
export type RoofSizeBand = (typeof ROOF_SIZE_BANDS)[number]['id'];
export const ROOF_SIZE_BAND_IDS = ROOF_SIZE_BANDS.map((band) => band.id) as [
  RoofSizeBand,
  ...RoofSizeBand[],
];

export function roofSizeBand(areaSqFt: number): RoofSizeBand {
  const band = ROOF_SIZE_BANDS.find((b) => areaSqFt >= b.min && areaSqFt < b.max);
  return (band ?? ROOF_SIZE_BANDS[0]).id;
}

/** One won job: the lead's material, roof and stored estimate, and what it sold for. */
export interface Sale {
  material: Material;
  roofArea: number;
  estimateLow: number;
  estimateMid: number;
  estimateHigh: number;
  soldPrice: number;
}

const figures = {
  count: z.number().int(),
  /** Whole dollars. */
  medianEstimate: z.number(),
  medianSold: z.number(),
  /** Percent with one decimal; positive: the estimate was above the sale. */
  medianErrorPercent: z.number(),
  /** Percent with one decimal of sales inside the estimate's low-high range. */
  withinRangePercent: z.number(),
};

const priceRange = z.object({ min: z.number(), max: z.number() });

export const estimateAccuracyResponseSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** Every sale in the range; null figures when there are none. */
  overall: z.object(figures).nullable(),
  /** Materials with sales, in MATERIALS order. */
  byMaterial: z.array(
    z.object({
      material: z.enum(MATERIALS),
      ...figures,
      /** Dollars per sq ft; null below SUGGESTION_MIN_SALES sales. */
      suggestion: priceRange.nullable(),
    }),
  ),
  /** Bands with sales, smallest first. */
  bySize: z.array(z.object({ band: z.enum(ROOF_SIZE_BAND_IDS), ...figures })),
});
export type EstimateAccuracy = z.infer<typeof estimateAccuracyResponseSchema>;
export type AccuracyFigures = NonNullable<EstimateAccuracy['overall']>;

/** The `p`th percentile (0-1) of sorted values, interpolating linearly between neighbours. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('No values');
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below]!;
  const high = sorted[above]!;
  return low + (high - low) * (position - below);
}

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const cents = (value: number) => Math.round(value * 100) / 100;

export function accuracyFigures(sales: readonly Sale[]): AccuracyFigures {
  const within = sales.filter(
    (sale) => sale.soldPrice >= sale.estimateLow && sale.soldPrice <= sale.estimateHigh,
  ).length;
  return {
    count: sales.length,
    medianEstimate: Math.round(median(sales.map((sale) => sale.estimateMid))),
    medianSold: Math.round(median(sales.map((sale) => sale.soldPrice))),
    medianErrorPercent: oneDecimal(
      median(sales.map((sale) => ((sale.estimateMid - sale.soldPrice) / sale.soldPrice) * 100)),
    ),
    withinRangePercent: oneDecimal((within / sales.length) * 100),
  };
}

/** The price range whose estimates would have matched these sales; null with too few. */
export function suggestedPriceRange(sales: readonly Sale[]): PriceRange | null {
  if (sales.length < SUGGESTION_MIN_SALES) return null;
  const perSqFt = sales.map((sale) => sale.soldPrice / sale.roofArea).sort((a, b) => a - b);
  const middle = percentile(perSqFt, 0.5);
  const halfSpread = (percentile(perSqFt, 0.75) - percentile(perSqFt, 0.25)) / 2;
  const clamp = (value: number) =>
    Math.min(MATERIAL_PRICE_MAX, Math.max(MATERIAL_PRICE_MIN, cents(value)));
  return { min: clamp(middle - halfSpread), max: clamp(middle + halfSpread) };
}

/** The accuracy of these sales for the range [from, to] (the caller picked the sales). */
export function estimateAccuracy(
  from: string,
  to: string,
  allSales: readonly Sale[],
): EstimateAccuracy {
  const sales = allSales.filter((sale) => sale.roofArea > 0 && sale.soldPrice > 0);
  return {
    from,
    to,
    overall: sales.length ? accuracyFigures(sales) : null,
    byMaterial: MATERIALS.flatMap((material) => {
      const group = sales.filter((sale) => sale.material === material);
      return group.length
        ? [{ material, ...accuracyFigures(group), suggestion: suggestedPriceRange(group) }]
        : [];
    }),
    bySize: ROOF_SIZE_BANDS.flatMap(({ id }) => {
      const group = sales.filter((sale) => roofSizeBand(sale.roofArea) === id);
      return group.length ? [{ band: id, ...accuracyFigures(group) }] : [];
    }),
  };
}
