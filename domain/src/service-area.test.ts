import { describe, expect, it } from 'vitest';
import { matchesServiceArea } from './service-area';

const googleAustin = { zipCode: '78701', address: '123 Main St, Austin, TX 78701, USA' };
const geocoderAustin = {
  zipCode: '78701',
  address: '123, Congress Avenue, Austin, Travis County, Texas, 78701, United States',
};
const dallasOnAustinStreet = { zipCode: '75201', address: '500 Austin St, Dallas, TX 75201, USA' };
const nyc = { zipCode: '10001', address: '350 5th Ave, New York, NY 10001, USA' };

describe('matchesServiceArea', () => {
  it.each([
    ['zip equal to the lead zip', ['78701'], googleAustin, true],
    ['zip among several', ['75201', ' 78701 '], googleAustin, true],
    ['other zip', ['78702'], googleAustin, false],
    ['zip only in the address', ['78701'], { zipCode: '', address: googleAustin.address }, true],
    [
      'house number is not a zip',
      ['12345'],
      { zipCode: '78701', address: '12345 Oak St, Austin, TX 78701' },
      false,
    ],
    ['city', ['Austin'], googleAustin, true],
    ['city in any case and spacing', ['  AUSTIN '], googleAustin, true],
    ['other city', ['Dallas'], googleAustin, false],
    ['street named like the city', ['Austin'], dallasOnAustinStreet, false],
    ['state code', ['TX'], googleAustin, true],
    ['state name against a code', ['Texas'], googleAustin, true],
    ['state code against a name', ['tx'], geocoderAustin, true],
    ['other state', ['Oklahoma'], googleAustin, false],
    ['county from a geocoder address', ['Travis County'], geocoderAustin, true],
    ['city with state', ['Austin TX'], googleAustin, true],
    ['city with state name', ['Austin Texas'], geocoderAustin, true],
    ['city with the wrong state', ['Austin OK'], googleAustin, false],
    ['two-word state', ['New York'], nyc, true],
    ['city named like its state, with the state', ['new york ny'], nyc, true],
    ['no areas', [], googleAustin, false],
    ['blank areas', ['', '   '], googleAustin, false],
    ['partial city name', ['Aus'], googleAustin, false],
  ])('%s: %j → %s', (_case, areas, location, expected) => {
    expect(matchesServiceArea(areas, location)).toBe(expected);
  });
});
