import type { EstimateAccuracy } from '@rafter/domain/estimate-accuracy';
import type { MaterialPricingView } from '@rafter/domain/settings';
import { DEFAULT_MATERIAL_PRICING, type MaterialPricing } from '@rafter/domain/materials';

/** Four sales: three asphalt jobs (a suggestion) and one metal (too few for one). */
export function testEstimateAccuracy(overrides: Partial<EstimateAccuracy> = {}): EstimateAccuracy {
  return {
    from: '2026-03-01',
    to: '2026-03-31',
    overall: {
      count: 4,
      medianEstimate: 11688,
      medianSold: 16500,
      medianErrorPercent: -15.3,
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
    ],
    ...overrides,
  };
}

/** The Calculator tab's saved prices as GET /api/material-pricing answers them. */
export function testMaterialPricing(): MaterialPricingView {
  const pricing = Object.fromEntries(
    Object.entries(DEFAULT_MATERIAL_PRICING).map(([material, range]) => [material, { ...range }]),
  ) as MaterialPricing;
  return { pricing, custom: false };
}
