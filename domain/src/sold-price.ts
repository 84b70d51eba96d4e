import { z } from 'zod';

/**
 * What a Converted lead sold for, in whole US dollars like the estimate it is compared with
 * (estimate_low/mid/high). The ceiling is the largest estimate the calculator can make: the
 * largest roof it accepts (ROOF_AREA_MAX_SQFT, 20,000 sq ft) at the highest price a material
 * may have (MATERIAL_PRICE_MAX, $100 per sq ft).
 */
export const SOLD_PRICE_MAX = 2_000_000;

export const soldPriceSchema = z
  .number({ error: 'Sold price must be a number of dollars' })
  .int({ error: 'Sold price must be whole dollars' })
  .positive({ error: 'Sold price must be more than $0' })
  .max(SOLD_PRICE_MAX, { error: 'Sold price must be at most $2,000,000' });

/** PUT /api/leads/:id/sold-price: the price, or null to clear it. Only a Converted lead has one. */
export const leadSoldPriceSchema = z.object(
  { soldPrice: soldPriceSchema.nullable() },
  { error: 'The body must be an object with soldPrice' },
);
export type LeadSoldPrice = z.infer<typeof leadSoldPriceSchema>;

/**
 * A dollar amount as a person types it ('12500', '$12,500', '12 500'): the number, or NaN when
 * it is not one, so soldPriceSchema names the problem. Empty text is null (no price).
 */
export function parseDollars(text: string): number | null {
  const cleaned = text.replace(/[\s$,]/g, '');
  if (cleaned === '') return null;
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
