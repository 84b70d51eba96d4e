import { Logger } from '@nestjs/common';
import { simulateRoofArea } from '@rafter/domain/estimate';
import { PrismaService } from '../src/core/database/prisma.service';
import {
  SOLAR_FIXTURE_KEY,
  SOLAR_PLACES,
  startSolarFixtureServer,
  type SolarFixtureServer,
} from './fixtures/solar/solar-fixture-server';
import { createTestApp, type TestApp } from './utils/create-app';

const ZIP = '78704';

describe('POST /api/roof-measurement with the Google Solar API configured', () => {
  let solar: SolarFixtureServer;
  let t: TestApp;
  let prisma: PrismaService;

  beforeAll(async () => {
    solar = await startSolarFixtureServer();
    t = await createTestApp({
      GOOGLE_SOLAR_API_KEY: SOLAR_FIXTURE_KEY,
      SOLAR_API_URL: solar.url,
      RATE_LIMIT_MEASURE_PER_IP: '0',
    });
    prisma = t.app.get(PrismaService);
  });

  afterAll(async () => {
    await t.close();
    await solar.close();
  });

  beforeEach(() => {
    solar.requests.length = 0;
  });

  const measure = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/roof-measurement', payload: payload as object });

  const simulation = (address: string) => ({
    areaSqFt: simulateRoofArea({ address, zipCode: ZIP }),
    source: 'simulation',
    pitchDegrees: null,
    imageryQuality: null,
    imageryDate: null,
  });

  it('measures the roof with the Solar API and caches it for the address', async () => {
    const address = '1201 Barton Springs Rd, Austin, TX 78704, USA';
    const response = await measure({ address, zipCode: ZIP, ...SOLAR_PLACES.measured });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      areaSqFt: 1878,
      source: 'solar',
      pitchDegrees: 25.4,
      imageryQuality: 'HIGH',
      imageryDate: '2023-04-11',
    });
    expect(solar.requests).toEqual([
      {
        path: '/v1/buildingInsights:findClosest',
        latitude: String(SOLAR_PLACES.measured.latitude),
        longitude: String(SOLAR_PLACES.measured.longitude),
        requiredQuality: 'HIGH',
        key: SOLAR_FIXTURE_KEY,
      },
    ]);
    expect(response.body).not.toContain(SOLAR_FIXTURE_KEY);

    const stored = await prisma.roofMeasurement.findUniqueOrThrow({
      where: { addressKey: '1201 barton springs rd, austin, tx 78704, usa' },
    });
    expect(stored).toMatchObject({ areaSqFt: 1878, source: 'solar', zipCode: ZIP });
  });

  it('answers a cached address without calling Google again, however it is typed', async () => {
    const address = '77 Rosewood Ave, Austin, TX 78702, USA';
    const first = await measure({ address, zipCode: ZIP, ...SOLAR_PLACES.measured });
    const again = await measure({
      address: `  ${address.toUpperCase().replace(/ /g, '  ')} `,
      zipCode: ZIP,
      latitude: 1,
      longitude: 1,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(solar.requests).toHaveLength(1);
  });

  it('retries at MEDIUM quality when no HIGH-quality building is near', async () => {
    const response = await measure({
      address: '9 Medium Way, Austin, TX 78758, USA',
      zipCode: ZIP,
      ...SOLAR_PLACES.mediumOnly,
    });
    expect(response.json()).toEqual({
      areaSqFt: 1518,
      source: 'solar',
      pitchDegrees: 18.4,
      imageryQuality: 'MEDIUM',
      imageryDate: '2021-11-03',
    });
    expect(solar.requests.map((request) => request.requiredQuality)).toEqual(['HIGH', 'MEDIUM']);
  });

  it.each([
    ['no building (404 at both qualities)', SOLAR_PLACES.noBuilding, 2],
    ['a server error (500)', SOLAR_PLACES.serverError, 1],
    ['an implausibly small roof', SOLAR_PLACES.shed, 1],
  ])('falls back to the simulation on %s and stores nothing', async (_case, place, calls) => {
    const address = `${place.latitude} Fallback Ln, Austin, TX 78704, USA`;
    const response = await measure({ address, zipCode: ZIP, ...place });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(simulation(address));
    expect(solar.requests).toHaveLength(calls);
    expect(
      await prisma.roofMeasurement.count({ where: { addressKey: address.toLowerCase() } }),
    ).toBe(0);
  });

  it('falls back to the simulation when Google does not answer within 4 s', async () => {
    const address = '1 Slow St, Austin, TX 78704, USA';
    const started = Date.now();
    const response = await measure({ address, zipCode: ZIP, ...SOLAR_PLACES.hangs });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(simulation(address));
    expect(Date.now() - started).toBeGreaterThanOrEqual(3900);
    expect(Date.now() - started).toBeLessThan(6000);
  }, 15_000);

  it.each([
    ['no coordinates', {}],
    ['null coordinates (typed address, no map)', { latitude: null, longitude: null }],
    ['only a latitude', { latitude: 30.26 }],
  ])('simulates without calling Google when there are %s', async (_case, coordinates) => {
    const address = '5 Typed Rd, Austin, TX 78704, USA';
    const response = await measure({ address, zipCode: ZIP, ...coordinates });
    expect(response.json()).toEqual(simulation(address));
    expect(solar.requests).toHaveLength(0);
  });

  it('never writes the API key to a log line', async () => {
    const lines: unknown[][] = [];
    const spies = (['log', 'warn', 'error', 'debug'] as const).map((level) =>
      jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => {
        lines.push(args);
      }),
    );
    try {
      for (const place of [
        SOLAR_PLACES.mediumOnly,
        SOLAR_PLACES.serverError,
        SOLAR_PLACES.noBuilding,
      ]) {
        await measure({ address: `${place.latitude} Log Ln`, zipCode: ZIP, ...place });
      }
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(lines)).not.toContain(SOLAR_FIXTURE_KEY);
  });

  it.each<[string, unknown, string]>([
    ['a missing address', { zipCode: ZIP }, 'address: Address is required'],
    ['a blank address', { address: '  ', zipCode: ZIP }, 'address: Address is required'],
    ['a short zip', { address: '1 A St', zipCode: '787' }, 'zipCode: Zip code must be 5 digits'],
    [
      'a latitude out of range',
      { address: '1 A St', zipCode: ZIP, latitude: 95, longitude: 0 },
      'latitude: Latitude must be between -90 and 90',
    ],
    [
      'a text longitude',
      { address: '1 A St', zipCode: ZIP, latitude: 30, longitude: '-97' },
      'longitude: Longitude must be a number',
    ],
    ['an array body', [], 'Request body must be a JSON object'],
  ])('answers 400 naming the field for %s', async (_case, payload, error) => {
    const response = await measure(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(error);
    expect(solar.requests).toHaveLength(0);
  });
});

describe('POST /api/roof-measurement without a Solar API key', () => {
  let solar: SolarFixtureServer;
  let t: TestApp;

  beforeAll(async () => {
    solar = await startSolarFixtureServer();
    t = await createTestApp({ SOLAR_API_URL: solar.url });
  });

  afterAll(async () => {
    await t.close();
    await solar.close();
  });

  it('simulates one story with no material and makes no request', async () => {
    const address = '1201 Barton Springs Rd, Austin, TX 78704, USA';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/roof-measurement',
      payload: { address, zipCode: ZIP, ...SOLAR_PLACES.measured },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      areaSqFt: simulateRoofArea({ address, zipCode: ZIP, stories: 'one', material: null }),
      source: 'simulation',
      pitchDegrees: null,
      imageryQuality: null,
      imageryDate: null,
    });
    expect(solar.requests).toHaveLength(0);
  });
});
