import { z } from 'zod';

export const MATERIALS = ['asphalt', 'wood', 'metal', 'tile', 'slate'] as const;

export type Material = (typeof MATERIALS)[number];

export const MATERIAL_LABELS: Readonly<Record<Material, string>> = {
  asphalt: 'Asphalt shingles',
  wood: 'Wood shake/composite',
  metal: 'Metal',
  tile: 'Tile',
  slate: 'Slate',
};

/** Price of a material in dollars per square foot of roof. */
export interface PriceRange {
  min: number;
  max: number;
}

export type MaterialPricing = Record<Material, PriceRange>;

/** One stored price row, as the owner saved it (table material_pricing). */
export interface StoredMaterialPrice {
  material: string;
  min: number;
  max: number;
}

export const DEFAULT_MATERIAL_PRICING: Readonly<Record<Material, Readonly<PriceRange>>> = {
  asphalt: { min: 3.4, max: 5.95 },
  wood: { min: 6, max: 9.15 },
  metal: { min: 6, max: 24.5 },
  tile: { min: 6.3, max: 12.3 },
  slate: { min: 23.49, max: 31.77 },
};

/**
 * Bounds enforced when prices are saved. The dashboard's inputs go from 1 to 100 (spec section 5)
 * but turn a non-numeric entry into 0, so 0 is accepted rather than failing the autosave.
 */
export const MATERIAL_PRICE_MIN = 0;
export const MATERIAL_PRICE_MAX = 100;

export function isMaterial(value: unknown): value is Material {
  return typeof value === 'string' && (MATERIALS as readonly string[]).includes(value);
}

/** Display label of a stored material value; unknown values are shown as stored. */
export function materialLabel(material: string): string {
  return isMaterial(material) ? MATERIAL_LABELS[material] : material;
}

/**
 * The owner's stored prices laid over the defaults. Rows for unknown materials, and rows whose
 * numbers are not finite and non-negative, are ignored so one bad row cannot turn an estimate
 * into NaN; the default then stands for that material.
 */
export function mergeMaterialPricing(stored: readonly StoredMaterialPrice[] = []): MaterialPricing {
  const pricing = Object.fromEntries(
    MATERIALS.map((material) => [material, { ...DEFAULT_MATERIAL_PRICING[material] }]),
  ) as MaterialPricing;
  for (const row of stored) {
    if (isMaterial(row.material) && isPrice(row.min) && isPrice(row.max)) {
      pricing[row.material] = { min: row.min, max: row.max };
    }
  }
  return pricing;
}

function isPrice(value: number): boolean {
  return Number.isFinite(value) && value >= 0;
}

/** Dollar amount with cents, e.g. 3.4 → '$3.40'. */
function formatDollarsAndCents(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** The widget's material caption, e.g. '$3.40 - $5.95 per sq ft'. */
export function formatPricePerSqFt(range: PriceRange): string {
  return `${formatDollarsAndCents(range.min)} - ${formatDollarsAndCents(range.max)} per sq ft`;
}

function priceSchema(label: string, bound: 'minimum' | 'maximum') {
  const name = `${label} ${bound} price`;
  return z
    .number({ error: `${name} must be a number` })
    .min(MATERIAL_PRICE_MIN, `${name} must be at least $${MATERIAL_PRICE_MIN}`)
    .max(MATERIAL_PRICE_MAX, `${name} must be at most $${MATERIAL_PRICE_MAX}`);
}

function priceRangeSchema(material: Material) {
  const label = MATERIAL_LABELS[material];
  return z
    .object(
      { min: priceSchema(label, 'minimum'), max: priceSchema(label, 'maximum') },
      { error: `${label} price range is required` },
    )
    .refine((range) => range.min <= range.max, {
      error: `${label} minimum price must not be above the maximum price`,
      path: ['max'],
    });
}

/** The owner's price table as saved from the Calculator tab: every material, min and max. */
export const materialPricingSchema = z.object({
  asphalt: priceRangeSchema('asphalt'),
  wood: priceRangeSchema('wood'),
  metal: priceRangeSchema('metal'),
  tile: priceRangeSchema('tile'),
  slate: priceRangeSchema('slate'),
});

export type MaterialPricingInput = z.infer<typeof materialPricingSchema>;
