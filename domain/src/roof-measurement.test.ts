import { describe, expect, it } from 'vitest';
import { simulateRoofArea } from './estimate';
import { leadRoofArea, roofMeasurementRequestSchema } from './roof-measurement';

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
