import { describe, expect, it } from 'vitest';
import {
  describeServiceArea,
  matchesServiceArea,
  parseServiceArea,
  readServiceAreas,
  type ServiceArea,
  serviceAreaKey,
  toServiceAreas,
} from './service-area';

const googleAustin = { zipCode: '78701', address: '123 Main St, Austin, TX 78701, USA' };
const geocoderAustin = {
  zipCode: '78701',
  address: '123, Congress Avenue, Austin, Travis County, Texas, 78701, United States',
};
const dallas = { zipCode: '75201', address: '500 Main St, Dallas, TX 75201, USA' };
const dallasOnAustinStreet = { zipCode: '75201', address: '500 Austin St, Dallas, TX 75201, USA' };
const austinMinnesota = { zipCode: '55912', address: '201 4th Ave NE, Austin, MN 55912, USA' };
const nyc = { zipCode: '10001', address: '350 5th Ave, New York, NY 10001, USA' };

describe('parseServiceArea', () => {
  it.each<[string, ServiceArea]>([
    ['78701', { kind: 'zip', label: '78701', zip: '78701' }],
    [' 78701-1234 ', { kind: 'zip', label: '78701-1234', zip: '78701' }],
    ['TX', { kind: 'state', label: 'TX', state: 'TX' }],
    ['texas', { kind: 'state', label: 'texas', state: 'TX' }],
    ['New  York', { kind: 'state', label: 'New York', state: 'NY' }],
    ['Austin, TX', { kind: 'city', label: 'Austin, TX', city: 'Austin', state: 'TX' }],
    ['austin tx', { kind: 'city', label: 'austin tx', city: 'austin', state: 'TX' }],
    ['Austin Texas', { kind: 'city', label: 'Austin Texas', city: 'Austin', state: 'TX' }],
    [
      'New York New York',
      { kind: 'city', label: 'New York New York', city: 'New York', state: 'NY' },
    ],
    [
      'Winston-Salem, North Carolina',
      {
        kind: 'city',
        label: 'Winston-Salem, North Carolina',
        city: 'Winston-Salem',
        state: 'NC',
      },
    ],
    [
      "Coeur d'Alene, ID",
      { kind: 'city', label: "Coeur d'Alene, ID", city: "Coeur d'Alene", state: 'ID' },
    ],
    [
      'Travis County, TX',
      { kind: 'county', label: 'Travis County, TX', county: 'Travis County', state: 'TX' },
    ],
    [
      'Orleans Parish LA',
      { kind: 'county', label: 'Orleans Parish LA', county: 'Orleans Parish', state: 'LA' },
    ],
  ])('reads %j', (text, area) => {
    expect(parseServiceArea(text)).toEqual({ area });
  });

  it.each([
    ['Austin', '"Austin" needs a state, like "Austin, TX".'],
    ['Round Rock', '"Round Rock" needs a state, like "Round Rock, TX".'],
    ['Austin, Texass', '"Texass" in "Austin, Texass" is not a US state.'],
    [', TX', '", TX" needs a city or county before the state.'],
    ['7870', '"7870" is not a zip code: use 5 digits, like 78701.'],
    ['787011', '"787011" is not a zip code: use 5 digits, like 78701.'],
    ['Austin #1, TX', '"Austin #1" is not a city or county name.'],
    ['   ', 'Enter a zip code, a city and state, a county and state, or a state.'],
    ['x'.repeat(101), `"${'x'.repeat(20)}…" is longer than 100 characters.`],
  ])('refuses %j: %s', (text, error) => {
    expect(parseServiceArea(text)).toEqual({ error });
  });

  it('gives one key to one area however it is typed', () => {
    const keys = toServiceAreas(['Austin, TX', 'austin  texas', 'AUSTIN TX']).map(serviceAreaKey);
    expect(new Set(keys).size).toBe(1);
    expect(serviceAreaKey(toServiceAreas(['Austin, MN'])[0]!)).not.toBe(keys[0]);
  });
});

describe('matchesServiceArea', () => {
  it.each<[string, string[], { zipCode: string; address: string }, boolean]>([
    ['zip equal to the lead zip', ['78701'], googleAustin, true],
    ['zip among several', ['75201', '78701'], googleAustin, true],
    ['other zip', ['78702'], googleAustin, false],
    ['zip only in the address', ['78701'], { zipCode: '', address: googleAustin.address }, true],
    [
      'house number is not a zip',
      ['12345'],
      { zipCode: '78701', address: '12345 Oak St, Austin, TX 78701' },
      false,
    ],
    ['city and state', ['Austin, TX'], googleAustin, true],
    ['city and state name against a geocoder address', ['austin texas'], geocoderAustin, true],
    // The bug this replaces: 'Austin, TX' split in two made TX an area of its own.
    ['city and state does not cover the rest of the state', ['Austin, TX'], dallas, false],
    ['city of that name in another state', ['Austin, TX'], austinMinnesota, false],
    ['other city', ['Dallas, TX'], googleAustin, false],
    ['street named like the city', ['Austin, TX'], dallasOnAustinStreet, false],
    ['state code', ['TX'], dallas, true],
    ['state name against a code', ['Texas'], googleAustin, true],
    ['state code against a name', ['tx'], geocoderAustin, true],
    ['other state', ['Oklahoma'], googleAustin, false],
    ['county from a geocoder address', ['Travis County, TX'], geocoderAustin, true],
    ['county in another state', ['Travis County, OK'], geocoderAustin, false],
    ['two-word state', ['New York'], nyc, true],
    ['city named like its state, with the state', ['New York, NY'], nyc, true],
    ['no areas', [], googleAustin, false],
  ])('%s: %j → %s', (_case, entries, location, expected) => {
    expect(matchesServiceArea(toServiceAreas(entries), location)).toBe(expected);
  });

  it('matches a migrated place without a state by name, in any state, as before', () => {
    const migrated: ServiceArea[] = [{ kind: 'place', label: 'Austin', place: 'Austin' }];
    expect(matchesServiceArea(migrated, googleAustin)).toBe(true);
    expect(matchesServiceArea(migrated, austinMinnesota)).toBe(true);
    expect(matchesServiceArea(migrated, dallas)).toBe(false);
  });
});

describe('describeServiceArea', () => {
  it.each([
    ['78701', 'Zip code 78701'],
    ['austin tx', 'austin, Texas'],
    ['Travis County, TX', 'Travis County, Texas'],
    ['Washington', 'All of Washington'],
    ['Washington, DC', 'Washington, District of Columbia'],
    ['new hampshire', 'All of New Hampshire'],
  ])('%j covers %j', (entry, words) => {
    expect(describeServiceArea(toServiceAreas([entry])[0]!)).toBe(words);
  });
});

describe('readServiceAreas', () => {
  it('keeps well-formed stored areas and leaves out anything else', () => {
    const good = toServiceAreas(['78701', 'Austin, TX', 'Travis County, TX', 'TX']);
    expect(
      readServiceAreas([
        ...good,
        { kind: 'city', label: 'Nowhere', city: 'Nowhere', state: 'ZZ' },
        { kind: 'zip', label: '1', zip: '1' },
        'Austin',
        null,
      ]),
    ).toEqual(good);
    expect(readServiceAreas(null)).toEqual([]);
    expect(readServiceAreas('78701')).toEqual([]);
  });
});
