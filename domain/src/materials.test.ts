import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MATERIAL_PRICING,
  MATERIALS,
  MATERIAL_LABELS,
  formatPricePerSqFt,
  isMaterial,
  materialLabel,
  materialPricingSchema,
  mergeMaterialPricing,
  type Material,
} from './materials';

describe('materials', () => {
  it('lists the five materials in widget order', () => {
    expect(MATERIALS).toEqual(['asphalt', 'wood', 'metal', 'tile', 'slate']);
  });

  it.each<[Material, string, number, number, string]>([
    ['asphalt', 'Asphalt shingles', 3.4, 5.95, '$3.40 - $5.95 per sq ft'],
    ['wood', 'Wood shake/composite', 6, 9.15, '$6.00 - $9.15 per sq ft'],
    ['metal', 'Metal', 6, 24.5, '$6.00 - $24.50 per sq ft'],
    ['tile', 'Tile', 6.3, 12.3, '$6.30 - $12.30 per sq ft'],
    ['slate', 'Slate', 23.49, 31.77, '$23.49 - $31.77 per sq ft'],
  ])('%s is labelled %s and costs %d-%d by default (%s)', (material, label, min, max, caption) => {
    expect(MATERIAL_LABELS[material]).toBe(label);
    expect(materialLabel(material)).toBe(label);
    expect(DEFAULT_MATERIAL_PRICING[material]).toEqual({ min, max });
    expect(formatPricePerSqFt(DEFAULT_MATERIAL_PRICING[material])).toBe(caption);
  });

  it.each([
    ['asphalt', true],
    ['slate', true],
    ['Asphalt', false],
    ['copper', false],
    ['', false],
    [undefined, false],
    [3, false],
  ])('isMaterial(%j) is %s', (value, expected) => {
    expect(isMaterial(value)).toBe(expected);
  });

  it('shows an unknown stored material as stored', () => {
    expect(materialLabel('copper')).toBe('copper');
  });
});

describe('mergeMaterialPricing', () => {
  it.each([
    ['no stored rows', [], DEFAULT_MATERIAL_PRICING],
    [
      'one stored row over the defaults',
      [{ material: 'metal', min: 8, max: 12 }],
      { ...DEFAULT_MATERIAL_PRICING, metal: { min: 8, max: 12 } },
    ],
    [
      'every material stored',
      MATERIALS.map((material) => ({ material, min: 1, max: 2 })),
      Object.fromEntries(MATERIALS.map((material) => [material, { min: 1, max: 2 }])),
    ],
    [
      'an unknown material ignored',
      [{ material: 'copper', min: 1, max: 2 }],
      DEFAULT_MATERIAL_PRICING,
    ],
    [
      'a row with a NaN price ignored',
      [{ material: 'tile', min: Number.NaN, max: 2 }],
      DEFAULT_MATERIAL_PRICING,
    ],
    [
      'a row with a negative price ignored',
      [{ material: 'tile', min: -1, max: 2 }],
      DEFAULT_MATERIAL_PRICING,
    ],
    [
      'a zero price kept (the inputs turn non-numbers into 0)',
      [{ material: 'wood', min: 0, max: 0 }],
      { ...DEFAULT_MATERIAL_PRICING, wood: { min: 0, max: 0 } },
    ],
  ])('%s', (_case, stored, expected) => {
    expect(mergeMaterialPricing(stored)).toEqual(expected);
  });

  it('does not hand out the shared defaults for mutation', () => {
    const pricing = mergeMaterialPricing();
    pricing.asphalt.min = 99;
    expect(DEFAULT_MATERIAL_PRICING.asphalt.min).toBe(3.4);
  });
});

describe('materialPricingSchema', () => {
  const valid = mergeMaterialPricing();

  it('accepts the defaults', () => {
    expect(materialPricingSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    [
      'a min above the max',
      { asphalt: { min: 6, max: 5 } },
      'Asphalt shingles minimum price must not be above the maximum price',
    ],
    [
      'a negative min',
      { wood: { min: -1, max: 5 } },
      'Wood shake/composite minimum price must be at least $0',
    ],
    ['a max over 100', { slate: { min: 1, max: 101 } }, 'Slate maximum price must be at most $100'],
    ['a text price', { metal: { min: '6', max: 8 } }, 'Metal minimum price must be a number'],
    ['a missing material', { tile: undefined }, 'Tile price range is required'],
  ])('rejects %s, naming the material', (_case, change, message) => {
    const result = materialPricingSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
