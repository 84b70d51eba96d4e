import { describe, expect, it } from 'vitest';
import {
  estimateAccuracy,
  percentile,
  roofSizeBand,
  type Sale,
  suggestedPriceRange,
} from './estimate-accuracy';
import { computeEstimate } from './estimate';
import { DEFAULT_MATERIAL_PRICING, type Material } from './materials';

function sale(material: Material, roofArea: number, soldPrice: number): Sale {
  const estimate = computeEstimate(roofArea, DEFAULT_MATERIAL_PRICING[material]);
  return {
    material,
    roofArea,
    estimateLow: estimate.low,
    estimateMid: estimate.mid,
    estimateHigh: estimate.high,
    soldPrice,
  };
}

// Asphalt at the default $3.40-$5.95: 1,000 sq ft is 3,400 / 4,675 / 5,950.
const SALES = [
  sale('asphalt', 1000, 5000), // inside the range, 6.5% under; $5.00 per sq ft
  sale('asphalt', 2000, 12000), // above it (high 11,900), 22.1% under; $6.00
  sale('asphalt', 3000, 21000), // above it (high 17,850), 33.2% under; $7.00
  sale('metal', 1800, 30000), // 10,800 / 27,450 / 44,100: inside, 8.5% under
];

describe('percentile', () => {
  it.each<[number[], number, number]>([
    [[5], 0.25, 5],
    [[5, 6, 7], 0.25, 5.5],
    [[5, 6, 7], 0.5, 6],
    [[5, 6, 7], 0.75, 6.5],
    [[1, 2, 3, 4], 0.5, 2.5],
    [[1, 2, 3, 4], 0.25, 1.75],
  ])('%j at %d is %d', (values, p, expected) => {
    expect(percentile(values, p)).toBeCloseTo(expected, 10);
  });
});

describe('roofSizeBand', () => {
  it.each<[number, string]>([
    [680, 'small'],
    [1499, 'small'],
    [1500, 'medium'],
    [2499, 'medium'],
    [2500, 'large'],
    [20000, 'large'],
  ])('%d sq ft is %s', (area, band) => {
    expect(roofSizeBand(area)).toBe(band);
  });
});

describe('suggestedPriceRange', () => {
  it.each<[string, Sale[], { min: number; max: number } | null]>([
    ['none without sales', [], null],
    ['none with 2 sales', SALES.slice(0, 2), null],
    // $5, $6, $7 per sq ft: median 6, quartiles 5.5 and 6.5
    ['the median ± half the interquartile range with 3', SALES.slice(0, 3), { min: 5.5, max: 6.5 }],
    [
      'rounded to cents',
      [sale('tile', 1500, 10000), sale('tile', 1500, 11000), sale('tile', 1500, 13000)],
      // 6.667, 7.333, 8.667: median 7.333, quartiles 7 and 8 → 6.83 .. 7.83
      { min: 6.83, max: 7.83 },
    ],
    [
      'within the prices the Calculator tab accepts',
      [sale('slate', 300, 40000), sale('slate', 300, 50000), sale('slate', 300, 60000)],
      { min: 100, max: 100 },
    ],
  ])('%s', (_name, sales, expected) => {
    expect(suggestedPriceRange(sales)).toEqual(expected);
  });

  it("makes the widget's average equal the median sale at the median's roof", () => {
    const range = suggestedPriceRange(SALES.slice(0, 3))!;
    expect(computeEstimate(2000, range).mid).toBe(12000);
  });
});

describe('estimateAccuracy', () => {
  it('has no figures without sales', () => {
    expect(estimateAccuracy('2026-01-01', '2026-01-31', [])).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      overall: null,
      byMaterial: [],
      bySize: [],
    });
  });

  it('gives medians, error and share inside the range per material and roof size', () => {
    expect(estimateAccuracy('2026-01-01', '2026-12-31', SALES)).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
      overall: {
        count: 4,
        medianEstimate: 11688, // (9,350 + 14,025) / 2
        medianSold: 16500,
        medianErrorPercent: -15.3, // (-22.08 + -8.5) / 2
        withinRangePercent: 50,
      },
      byMaterial: [
        {
          material: 'asphalt',
          count: 3,
          medianEstimate: 9350,
          medianSold: 12000,
          medianErrorPercent: -22.1,
          withinRangePercent: 33.3,
          suggestion: { min: 5.5, max: 6.5 },
        },
        {
          material: 'metal',
          count: 1,
          medianEstimate: 27450,
          medianSold: 30000,
          medianErrorPercent: -8.5,
          withinRangePercent: 100,
          suggestion: null,
        },
      ],
      bySize: [
        {
          band: 'small',
          count: 1,
          medianEstimate: 4675,
          medianSold: 5000,
          medianErrorPercent: -6.5,
          withinRangePercent: 100,
        },
        {
          band: 'medium',
          count: 2,
          medianEstimate: 18400,
          medianSold: 21000,
          medianErrorPercent: -15.3,
          withinRangePercent: 50,
        },
        {
          band: 'large',
          count: 1,
          medianEstimate: 14025,
          medianSold: 21000,
          medianErrorPercent: -33.2,
          withinRangePercent: 0,
        },
      ],
    });
  });

  it.each<[string, Partial<Sale>]>([
    ['an unmeasured roof', { roofArea: 0 }],
    ['no sold price', { soldPrice: 0 }],
  ])('leaves out a sale with %s', (_name, change) => {
    const result = estimateAccuracy('2026-01-01', '2026-01-31', [{ ...SALES[0]!, ...change }]);
    expect(result.overall).toBeNull();
  });

  it('counts a sale at either end of the range as inside it', () => {
    const [low, high] = [
      { ...SALES[0]!, soldPrice: 3400 },
      { ...SALES[0]!, soldPrice: 5950 },
    ];
    expect(
      estimateAccuracy('2026-01-01', '2026-01-31', [low, high]).overall?.withinRangePercent,
    ).toBe(100);
  });
});
