import { type StoredMaterialPrice } from '@rafter/domain/materials';

/** Prisma `select` for an owner's price rows; the leads module reads them with the owner too. */
export const MATERIAL_PRICE_SELECT = {
  select: { material: true, minPrice: true, maxPrice: true },
} as const;

interface DecimalLike {
  toNumber(): number;
}

/** Decimal columns as the plain numbers the domain's pricing rules take. */
export function toStoredPrices(
  rows: { material: string; minPrice: DecimalLike; maxPrice: DecimalLike }[],
): StoredMaterialPrice[] {
  return rows.map((row) => ({
    material: row.material,
    min: row.minPrice.toNumber(),
    max: row.maxPrice.toNumber(),
  }));
}
