import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPhotonProvider, formatPhotonAddress, photonSuggestions } from './photon-provider';

function feature(
  properties: Record<string, unknown>,
  coordinates: [number, number] = [-97.74, 30.27],
) {
  return { geometry: { coordinates }, properties };
}

const AUSTIN_HOUSE = feature({
  osm_type: 'N',
  osm_id: 42,
  housenumber: '1100',
  street: 'Congress Avenue',
  city: 'Austin',
  state: 'Texas',
  postcode: '78701',
  country: 'United States',
  countrycode: 'US',
});

describe('photon geocoder', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    [AUSTIN_HOUSE, '1100 Congress Avenue, Austin, TX 78701, USA'],
    [
      feature({ housenumber: '5', street: 'Elm St', county: 'Kane', state: 'Utah' }),
      '5 Elm St, Kane, UT, USA',
    ],
    [
      feature({
        name: 'White House',
        city: 'Washington',
        state: 'District of Columbia',
        postcode: '20500',
      }),
      'White House, Washington, DC 20500, USA',
    ],
    [feature({ city: 'Austin', state: 'Texas' }), null],
  ])('formats %j as %j', (input, expected) => {
    expect(formatPhotonAddress(input)).toBe(expected);
  });

  it('keeps US results only, without duplicates, at most 5, with their location', () => {
    const canadian = feature({
      housenumber: '1',
      street: 'Main St',
      city: 'Toronto',
      countrycode: 'CA',
    });
    const many = Array.from({ length: 8 }, (_, index) =>
      feature({
        housenumber: String(index + 1),
        street: 'Oak St',
        city: 'Austin',
        state: 'Texas',
        countrycode: 'us',
      }),
    );
    const suggestions = photonSuggestions({
      features: [canadian, AUSTIN_HOUSE, AUSTIN_HOUSE, ...many],
    });

    expect(suggestions).toHaveLength(5);
    expect(suggestions[0]).toEqual({
      id: 'osm:N42',
      label: '1100 Congress Avenue, Austin, TX 78701, USA',
      selection: {
        formattedAddress: '1100 Congress Avenue, Austin, TX 78701, USA',
        location: { lat: 30.27, lng: -97.74 },
        placeId: 'osm:N42',
      },
    });
    expect(suggestions.map((s) => s.label)).not.toContain(expect.stringContaining('Toronto'));
  });

  it('asks the configured geocoder for 5 English results in the US house layer', async () => {
    const fetchMock = vi.fn(async () => Response.json({ features: [AUSTIN_HOUSE] }));
    vi.stubGlobal('fetch', fetchMock);

    const provider = createPhotonProvider('https://geo.test/');
    const suggestions = await provider.suggest('1100 Congress');

    const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]));
    expect(url.origin + url.pathname).toBe('https://geo.test/api');
    expect(url.searchParams.get('q')).toBe('1100 Congress');
    expect(url.searchParams.get('limit')).toBe('5');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.getAll('layer')).toEqual(['house']);
    expect(url.searchParams.get('bbox')).toBeTruthy();
    expect(suggestions).toHaveLength(1);
    await expect(provider.search('1100 Congress')).resolves.toMatchObject({
      formattedAddress: '1100 Congress Avenue, Austin, TX 78701, USA',
    });
  });

  it('locates a zip code by a US result with that postcode, else gives none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          features: [
            feature({ postcode: '78701', countrycode: 'MX' }, [-99, 19]),
            feature({ postcode: '78701', countrycode: 'US' }, [-97.7, 30.3]),
          ],
        }),
      ),
    );
    const provider = createPhotonProvider('https://geo.test');

    await expect(provider.locateZipCode('78701')).resolves.toEqual({ lat: 30.3, lng: -97.7 });
    await expect(provider.locateZipCode('10001')).resolves.toBeNull();
  });

  it('rejects when the geocoder answers an error, so callers show no suggestions', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('busy', { status: 503 })),
    );

    await expect(createPhotonProvider('https://geo.test').suggest('123 Main')).rejects.toThrow();
  });
});
