import { describe, expect, it } from 'vitest';
import { simulateRoofArea } from './estimate';
import { leadRoofArea, roofAreaAdjustment, roofMeasurementRequestSchema } from './roof-measurement';

const address = '123 Main St, Austin, TX 78701, USA';
const zipCode = '78701';

describe('leadRoofArea', () => {
  it.each([
    ['one', 'asphalt'],
    ['two', 'metal'],
    ['three', 'slate'],
  ] as const)(
    'keeps a measured roof whatever the stories (%s) and material (%s)',
    (stories, material) => {
      expect(
        leadRoofArea({ source: 'solar', areaSqFt: 2870 }, { address, zipCode, stories, material }),
      ).toBe(2870);
    },
  );

  it.each([
    ['one', 'asphalt'],
    ['two', 'metal'],
    ['three', 'tile'],
  ] as const)(
    'simulates again with the chosen stories (%s) and material (%s)',
    (stories, material) => {
      const input = { address, zipCode, stories, material };
      const measured = {
        source: 'simulation' as const,
        areaSqFt: simulateRoofArea({ address, zipCode }),
      };
      expect(leadRoofArea(measured, input)).toBe(simulateRoofArea(input));
      expect(leadRoofArea(null, input)).toBe(simulateRoofArea(input));
    },
  );
});

describe('roofAreaAdjustment', () => {
  const simulated = {
    source: 'simulation' as const,
    areaSqFt: simulateRoofArea({ address, zipCode }),
  };

  it.each([
    ['two', 'asphalt', 'two', 0],
    ['three', 'wood', 'three', 0],
    ['one', 'metal', null, 0.02],
    ['one', 'tile', null, 0.03],
    ['two', 'slate', 'two', 0.03],
  ] as const)(
    'explains a simulated roof scaled for %s stories and %s',
    (stories, material, adjustedStories, materialBonus) => {
      const input = { address, zipCode, stories, material };
      expect(roofAreaAdjustment(simulated, input)).toEqual({
        measuredSqFt: simulated.areaSqFt,
        areaSqFt: leadRoofArea(simulated, input),
        stories: adjustedStories,
        materialBonus,
      });
    },
  );

  it('has nothing to explain for one story of asphalt or wood, the measurement as simulated', () => {
    expect(
      roofAreaAdjustment(simulated, { address, zipCode, stories: 'one', material: 'asphalt' }),
    ).toBeNull();
    expect(
      roofAreaAdjustment(simulated, { address, zipCode, stories: 'one', material: 'wood' }),
    ).toBeNull();
  });

  it.each(['one', 'two', 'three'] as const)(
    'never adjusts a measured (solar) roof, whatever the stories (%s)',
    (stories) => {
      expect(
        roofAreaAdjustment(
          { source: 'solar', areaSqFt: 2870 },
          { address, zipCode, stories, material: 'slate' },
        ),
      ).toBeNull();
    },
  );

  it('a smaller roof for more stories: two stories drop by about 30 %', () => {
    const two = roofAreaAdjustment(simulated, { address, zipCode, stories: 'two' })!;
    expect(two.areaSqFt / two.measuredSqFt).toBeCloseTo(0.65 * 1.08, 2);
  });
});

describe('roofMeasurementRequestSchema', () => {
  it('accepts an address with or without coordinates', () => {
    expect(
      roofMeasurementRequestSchema.parse({ address, zipCode, latitude: 30.27, longitude: -97.74 }),
    ).toEqual({ address, zipCode, latitude: 30.27, longitude: -97.74 });
    expect(roofMeasurementRequestSchema.parse({ address: ` ${address} `, zipCode })).toEqual({
      address,
      zipCode,
    });
  });

  it.each([
    [{ zipCode }, ['address'], 'Address is required'],
    [{ address, zipCode: '787' }, ['zipCode'], 'Zip code must be 5 digits'],
    [{ address, zipCode, latitude: 91 }, ['latitude'], 'Latitude must be between -90 and 90'],
    [{ address, zipCode, longitude: 'x' }, ['longitude'], 'Longitude must be a number'],
  ])('names the bad field in %j', (body, path, message) => {
    const result = roofMeasurementRequestSchema.safeParse(body);
    expect(result.error?.issues[0]).toMatchObject({ path, message });
  });
});
