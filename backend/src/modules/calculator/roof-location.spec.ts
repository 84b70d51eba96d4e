import { checkRoofLocation, distanceKm, MAX_KM_FROM_ZIP } from './roof-location';

describe('checkRoofLocation', () => {
  it('keys a marker near its zip code by its position rounded to 5 decimals', () => {
    expect(
      checkRoofLocation({ zipCode: '78704', latitude: 30.2646459, longitude: -97.7482211 }),
    ).toEqual({
      kind: 'located',
      location: { key: '30.26465,-97.74822', latitude: 30.26465, longitude: -97.74822 },
    });
  });

  it.each([
    ['no marker', { zipCode: '78704' }, 'no_marker'],
    ['half a marker', { zipCode: '78704', latitude: 30.26, longitude: null }, 'no_marker'],
    [
      'a zip code with no Census area',
      { zipCode: '00001', latitude: 30.26, longitude: -97.74 },
      'unknown_zip',
    ],
    [
      'Dallas for an Austin zip code',
      { zipCode: '78704', latitude: 32.7767, longitude: -96.797 },
      'far_from_zip',
    ],
    [
      'Austin for a New York zip code',
      { zipCode: '10001', latitude: 30.26, longitude: -97.74 },
      'far_from_zip',
    ],
    [
      'Round Rock for an Austin zip code',
      { zipCode: '78704', latitude: 30.5083, longitude: -97.6789 },
      'located',
    ],
  ])('answers %s with %s', (_case, place, kind) => {
    expect(checkRoofLocation(place).kind).toBe(kind);
  });

  it('measures distances on the sphere', () => {
    // Austin to Dallas, about 293 km.
    const km = distanceKm(
      { latitude: 30.2672, longitude: -97.7431 },
      { latitude: 32.7767, longitude: -96.797 },
    );
    expect(km).toBeGreaterThan(285);
    expect(km).toBeLessThan(300);
    expect(MAX_KM_FROM_ZIP).toBeLessThan(km);
  });
});
