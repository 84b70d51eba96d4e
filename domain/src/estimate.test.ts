import { describe, expect, it } from 'vitest';
import {
  FALLBACK_ROOF_AREA_SQFT,
  MATERIAL_AREA_BONUS,
  ROOF_AREA_MAX_SQFT,
  ROOF_AREA_MIN_SQFT,
  STORY_AREA_FACTORS,
  computeEstimate,
  formatEstimateRange,
  formatUsd,
  isPlausibleRoofArea,
  normalizeAddress,
  simulateRoofArea,
} from './estimate';
import { DEFAULT_MATERIAL_PRICING, MATERIALS, type Material } from './materials';
import { STORIES_VALUES, type Stories } from './property';

describe('computeEstimate', () => {
  it.each<[number, Material, number, number, number]>([
    // low = area × min, mid = area × (min + max) / 2, high = area × max, each rounded
    [2000, 'asphalt', 6800, 9350, 11900],
    [2000, 'wood', 12000, 15150, 18300],
    [2000, 'metal', 12000, 30500, 49000],
    [2000, 'tile', 12600, 18600, 24600],
    [2000, 'slate', 46980, 55260, 63540],
    [1859, 'asphalt', 6321, 8691, 11061], // 6320.6, 8690.825, 11061.05
    [1234, 'slate', 28987, 34095, 39204], // 28986.66, 34095.42, 39204.18
    [0, 'metal', 0, 0, 0],
  ])('%d sq ft of %s costs %d / %d / %d', (area, material, low, mid, high) => {
    expect(computeEstimate(area, DEFAULT_MATERIAL_PRICING[material])).toEqual({ low, mid, high });
  });

  it.each([
    [1, { min: 0.5, max: 1.5 }, { low: 1, mid: 1, high: 2 }],
    [3, { min: 1.5, max: 2.5 }, { low: 5, mid: 6, high: 8 }], // 4.5 and 7.5 round up
    [1500, { min: 10, max: 10 }, { low: 15000, mid: 15000, high: 15000 }],
  ])('%d sq ft at %j rounds half up to %j', (area, price, expected) => {
    expect(computeEstimate(area, price)).toEqual(expected);
  });

  it.each([
    [Number.NaN, { min: 1, max: 2 }],
    [-1, { min: 1, max: 2 }],
    [Number.POSITIVE_INFINITY, { min: 1, max: 2 }],
    [100, { min: Number.NaN, max: 2 }],
    [100, { min: 1, max: Number.POSITIVE_INFINITY }],
  ])('refuses area %d at %j instead of answering NaN', (area, price) => {
    expect(() => computeEstimate(area, price)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it.each([
    [0, '$0'],
    [950, '$950'],
    [6800, '$6,800'],
    [1234567, '$1,234,567'],
  ])('formatUsd(%d) is %s', (amount, text) => {
    expect(formatUsd(amount)).toBe(text);
  });

  it('formats the estimate modal range', () => {
    expect(formatEstimateRange({ low: 6800, high: 11900 })).toBe('$6,800 - $11,900');
  });
});

describe('isPlausibleRoofArea', () => {
  it.each([
    [ROOF_AREA_MIN_SQFT - 1, false],
    [ROOF_AREA_MIN_SQFT, true],
    [2000, true],
    [ROOF_AREA_MAX_SQFT, true],
    [ROOF_AREA_MAX_SQFT + 1, false],
    [0, false],
    [-500, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('%d sq ft is plausible: %s', (area, expected) => {
    expect(isPlausibleRoofArea(area)).toBe(expected);
  });
});

describe('simulateRoofArea', () => {
  const austin = '123 Main St, Austin, TX 78701, USA';

  it.each([
    ['', undefined, undefined],
    ['   ', 'three', 'slate'],
    [null, 'two', 'metal'],
    [undefined, 'one', 'tile'],
  ] as const)('falls back to 2000 sq ft for address %j (%s, %s)', (address, stories, material) => {
    expect(simulateRoofArea({ address, zipCode: '78701', stories, material })).toBe(
      FALLBACK_ROOF_AREA_SQFT,
    );
  });

  // Pinned so a change to the hash, which would make cached and fresh measurements disagree,
  // is a deliberate one.
  it.each<[Stories | undefined, Material | undefined, number]>([
    [undefined, undefined, 1859],
    ['one', 'asphalt', 1859],
    ['two', 'asphalt', 1305],
    ['three', 'asphalt', 937],
    ['one', 'metal', 1896],
    ['one', 'tile', 1915],
    ['three', 'slate', 965],
  ])('gives the pinned area for %s story, %s', (stories, material, area) => {
    expect(simulateRoofArea({ address: austin, zipCode: '78701', stories, material })).toBe(area);
  });

  it.each([
    ['  123 MAIN ST,  Austin, TX 78701, USA '],
    ['123 main st, austin, tx 78701, usa'],
    ['123 Main St,\tAustin, TX 78701, USA'],
  ])('measures %j like the canonical spelling', (address) => {
    expect(simulateRoofArea({ address, zipCode: ' 78701 ' })).toBe(
      simulateRoofArea({ address: austin, zipCode: '78701' }),
    );
  });

  it('gives the same area on every call', () => {
    const input = { address: austin, zipCode: '78701', stories: 'two', material: 'tile' } as const;
    const first = simulateRoofArea(input);
    for (let i = 0; i < 5; i += 1) {
      expect(simulateRoofArea({ ...input })).toBe(first);
    }
  });

  const addresses = Array.from(
    { length: 60 },
    (_, i) => `${100 + i * 7} ${['Oak', 'Elm', 'Pine', 'Cedar'][i % 4]} St, Austin, TX 78701, USA`,
  );

  it('gives different houses different areas', () => {
    const areas = new Set(
      addresses.map((address) => simulateRoofArea({ address, zipCode: '78701' })),
    );
    expect(areas.size).toBeGreaterThan(50);
  });

  it('lets the zip code change the area', () => {
    const zips = ['78701', '78702', '78703', '78704', '78705'];
    const areas = new Set(
      zips.map((zipCode) => simulateRoofArea({ address: '1 Elm St', zipCode })),
    );
    expect(areas.size).toBeGreaterThan(1);
  });

  const combinations = STORIES_VALUES.flatMap((stories) =>
    MATERIALS.map((material) => [stories, material] as const),
  );

  it.each(combinations)('stays within the formula bounds for %s story, %s', (stories, material) => {
    const scale = STORY_AREA_FACTORS[stories] * (1 + MATERIAL_AREA_BONUS[material]);
    const lowest = Math.round(1200 * scale * 1.12);
    const highest = Math.round(2000 * scale * 1.28);
    for (const address of addresses) {
      const area = simulateRoofArea({ address, zipCode: '78701', stories, material });
      expect(Number.isInteger(area)).toBe(true);
      expect(area).toBeGreaterThanOrEqual(lowest);
      expect(area).toBeLessThanOrEqual(highest);
      expect(isPlausibleRoofArea(area)).toBe(true);
    }
  });

  it.each(addresses.slice(0, 10))('shrinks with each story for %s', (address) => {
    const [one, two, three] = STORIES_VALUES.map((stories) =>
      simulateRoofArea({ address, zipCode: '78701', stories }),
    );
    expect(one).toBeGreaterThan(two ?? Infinity);
    expect(two).toBeGreaterThan(three ?? Infinity);
  });

  it.each(addresses.slice(0, 10))('adds the material bonus for %s', (address) => {
    const area = (material: Material) =>
      simulateRoofArea({ address, zipCode: '78701', stories: 'one', material });
    expect(area('wood')).toBe(area('asphalt'));
    expect(area('tile')).toBe(area('slate'));
    expect(area('metal')).toBeGreaterThan(area('asphalt'));
    expect(area('slate')).toBeGreaterThan(area('metal'));
  });

  it.each([
    ['  12 Oak  St ', '12 oak st'],
    ['A\n\tB', 'a b'],
    ['', ''],
  ])('normalizeAddress(%j) is %j', (address, normalized) => {
    expect(normalizeAddress(address)).toBe(normalized);
  });
});
