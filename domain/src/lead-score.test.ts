import { describe, expect, it } from 'vitest';
import {
  SCORE_RULES,
  scoreBand,
  scoreMainSiteLead,
  scoreOwnerLead,
  type MainSiteScoreInput,
  type OwnerFitProfile,
  type OwnerScoreInput,
  type ScoreBand,
} from './lead-score';
import { toServiceAreas } from './service-area';

describe('scoreMainSiteLead', () => {
  it.each<[MainSiteScoreInput, number, string[]]>([
    [{ ownership: 'other', material: 'asphalt', roofArea: 1000 }, 50, ['base']],
    [{ ownership: 'considering', material: 'wood', roofArea: 1500 }, 50, ['base']],
    [{ ownership: 'owner', material: 'asphalt', roofArea: 1500 }, 80, ['base', 'homeowner']],
    [{ ownership: 'other', material: 'metal', roofArea: 1200 }, 70, ['base', 'premium_material']],
    [{ ownership: 'other', material: 'tile', roofArea: 1200 }, 70, ['base', 'premium_material']],
    [{ ownership: 'other', material: 'slate', roofArea: 1200 }, 70, ['base', 'premium_material']],
    [{ ownership: 'other', material: 'wood', roofArea: 1501 }, 60, ['base', 'medium_roof']],
    [{ ownership: 'other', material: 'wood', roofArea: 2000 }, 60, ['base', 'medium_roof']],
    [{ ownership: 'other', material: 'wood', roofArea: 2001 }, 65, ['base', 'large_roof']],
    [
      { ownership: 'owner', material: 'asphalt', roofArea: 1800 },
      90,
      ['base', 'homeowner', 'medium_roof'],
    ],
    [
      { ownership: 'owner', material: 'metal', roofArea: 1600 },
      100, // 50 + 30 + 20 + 10 = 110, clamped
      ['base', 'homeowner', 'premium_material', 'medium_roof'],
    ],
    [
      { ownership: 'owner', material: 'slate', roofArea: 3000 },
      100, // 50 + 30 + 20 + 15 = 115, clamped
      ['base', 'homeowner', 'premium_material', 'large_roof'],
    ],
  ])('%j scores %d', (input, score, codes) => {
    const result = scoreMainSiteLead(input);
    expect(result.score).toBe(score);
    expect(result.reasons.map((reason) => reason.code)).toEqual(codes);
  });

  it('explains every point with a label', () => {
    const { reasons } = scoreMainSiteLead({
      ownership: 'owner',
      material: 'asphalt',
      roofArea: 2500,
    });
    expect(reasons).toEqual([
      { code: 'base', label: 'Starting score', points: 50 },
      { code: 'homeowner', label: 'Owns the home', points: 30 },
      { code: 'large_roof', label: 'Roof over 2,000 sq ft', points: 15 },
    ]);
  });
});

describe('scoreOwnerLead', () => {
  const lead: OwnerScoreInput = {
    ownership: 'other',
    material: 'asphalt',
    roofArea: 1200,
    estimateMid: 9000,
    zipCode: '78701',
    address: '123 Main St, Austin, TX 78701, USA',
  };
  const noPreferences: OwnerFitProfile = { idealCustomerValue: null, areasOfService: [] };

  it.each<[string, Partial<OwnerScoreInput>, OwnerFitProfile, number, string[]]>([
    ['no preferences: the main-site score', {}, noPreferences, 50, ['base']],
    [
      'estimate meets the minimum deal value',
      {},
      { idealCustomerValue: 9000, areasOfService: [] },
      60,
      ['base', 'meets_deal_value'],
    ],
    [
      'estimate below the minimum deal value',
      {},
      { idealCustomerValue: 9001, areasOfService: [] },
      35,
      ['base', 'below_deal_value'],
    ],
    [
      'a zero minimum is always met',
      { estimateMid: 0 },
      { idealCustomerValue: 0, areasOfService: [] },
      60,
      ['base', 'meets_deal_value'],
    ],
    [
      'zip in the service area',
      {},
      { idealCustomerValue: null, areasOfService: toServiceAreas(['78702', '78701']) },
      60,
      ['base', 'in_service_area'],
    ],
    [
      'city in the service area',
      {},
      { idealCustomerValue: null, areasOfService: toServiceAreas(['Austin, TX']) },
      60,
      ['base', 'in_service_area'],
    ],
    [
      'outside the service area',
      {},
      { idealCustomerValue: null, areasOfService: toServiceAreas(['Dallas, TX', '75201']) },
      25,
      ['base', 'outside_service_area'],
    ],
    [
      'worst fit',
      {},
      { idealCustomerValue: 20000, areasOfService: toServiceAreas(['Dallas, TX']) },
      10,
      ['base', 'below_deal_value', 'outside_service_area'],
    ],
    [
      'best fit clamps at 100',
      { ownership: 'owner', material: 'slate', roofArea: 2500, estimateMid: 60000 },
      { idealCustomerValue: 20000, areasOfService: toServiceAreas(['TX']) },
      100, // 50 + 30 + 20 + 15 + 10 + 10 = 135
      [
        'base',
        'homeowner',
        'premium_material',
        'large_roof',
        'meets_deal_value',
        'in_service_area',
      ],
    ],
  ])('%s', (_case, change, contractor, score, codes) => {
    const result = scoreOwnerLead({ ...lead, ...change }, contractor);
    expect(result.score).toBe(score);
    expect(result.reasons.map((reason) => reason.code)).toEqual(codes);
  });

  it('never leaves 0-100 whatever the rules add up to', () => {
    for (const ownership of ['owner', 'considering', 'other'] as const) {
      for (const material of ['asphalt', 'slate'] as const) {
        for (const roofArea of [400, 1600, 5000]) {
          for (const contractor of [
            noPreferences,
            { idealCustomerValue: 1e9, areasOfService: toServiceAreas(['Nowhere, NV']) },
            { idealCustomerValue: 0, areasOfService: toServiceAreas(['78701']) },
          ]) {
            const { score } = scoreOwnerLead(
              { ...lead, ownership, material, roofArea },
              contractor,
            );
            expect(score).toBeGreaterThanOrEqual(0);
            expect(score).toBeLessThanOrEqual(100);
          }
        }
      }
    }
  });

  it('keeps penalties negative and bonuses positive', () => {
    expect(SCORE_RULES.below_deal_value.points).toBeLessThan(0);
    expect(SCORE_RULES.outside_service_area.points).toBeLessThan(0);
    expect(SCORE_RULES.meets_deal_value.points).toBeGreaterThan(0);
    expect(SCORE_RULES.in_service_area.points).toBeGreaterThan(0);
  });
});

describe('scoreBand', () => {
  it.each<[number, ScoreBand]>([
    [100, 'green'],
    [80, 'green'],
    [79, 'yellow'],
    [60, 'yellow'],
    [59, 'orange'],
    [40, 'orange'],
    [39, 'red'],
    [0, 'red'],
  ])('%d is %s', (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });
});
