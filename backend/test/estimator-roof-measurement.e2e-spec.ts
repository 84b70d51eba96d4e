import { Logger } from '@nestjs/common';
import { simulateRoofArea } from '@rafter/domain/estimate';
import { PrismaService } from '../src/core/database/prisma.service';
import { DAILY_CAP_REACHED } from '../src/core/rate-limit/paid-call-budget.service';
import { leadInput } from './factories/lead-payload.factory';
import { createOwner } from './factories/owner.factory';
import {
  SOLAR_FIXTURE_KEY,
  SOLAR_PLACES,
  startSolarFixtureServer,
  type SolarFixtureServer,
} from './fixtures/solar/solar-fixture-server';
import { createTestApp, type TestApp } from './utils/create-app';
import { withFormToken } from './utils/form-token';

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

  it('measures the roof with the Solar API and stores it for its location', async () => {
    const address = '1201 Barton Springs Rd, Austin, TX 78704, USA';
    // The marker as dragged: the api asks about it, and stores it, rounded to 5 decimals.
    const response = await measure({
      address,
      zipCode: ZIP,
      latitude: SOLAR_PLACES.measured.latitude + 0.000001,
      longitude: SOLAR_PLACES.measured.longitude - 0.000002,
    });
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
      where: { locationKey: '30.26465,-97.74822' },
    });
    expect(stored).toMatchObject({
      areaSqFt: 1878,
      source: 'solar',
      zipCode: ZIP,
      ...SOLAR_PLACES.measured,
    });
  });

  it('answers a stored location without calling Google again, whatever address is typed', async () => {
    const first = await measure({
      address: '77 Rosewood Ave, Austin, TX 78704, USA',
      zipCode: ZIP,
      ...SOLAR_PLACES.measured,
    });
    solar.requests.length = 0;
    const again = await measure({
      address: 'my house',
      zipCode: ZIP,
      latitude: SOLAR_PLACES.measured.latitude - 0.000003,
      longitude: SOLAR_PLACES.measured.longitude,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(solar.requests).toHaveLength(0);
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
      await prisma.roofMeasurement.count({
        where: { latitude: place.latitude, longitude: place.longitude },
      }),
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
      // Places never stored, so each one asks Google (and logs) again.
      for (const place of [SOLAR_PLACES.shed, SOLAR_PLACES.serverError, SOLAR_PLACES.noBuilding]) {
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

describe('roof areas a stranger tries to set for everyone', () => {
  let solar: SolarFixtureServer;
  let t: TestApp;
  let prisma: PrismaService;

  beforeAll(async () => {
    solar = await startSolarFixtureServer();
    t = await createTestApp({
      GOOGLE_SOLAR_API_KEY: SOLAR_FIXTURE_KEY,
      SOLAR_API_URL: solar.url,
      RATE_LIMIT_MEASURE_PER_IP: '0',
      RATE_LIMIT_CAPTURE_PER_IP: '0',
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

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload: withFormToken(t.app, payload) });
  /** A homeowner two streets away from the attacker's building. */
  const VICTIM_ADDRESS = '1201 Barton Springs Rd, Austin, TX 78704, USA';

  it("never gives a homeowner, or any contractor's lead, a roof measured somewhere else", async () => {
    // The attacker measures the victim's address with the marker on another building (the
    // MEDIUM-quality one, 1,518 sq ft) before the victim comes.
    const poisoned = await post('/api/roof-measurement', {
      address: VICTIM_ADDRESS,
      zipCode: ZIP,
      ...SOLAR_PLACES.mediumOnly,
    });
    expect(poisoned.json()).toMatchObject({ areaSqFt: 1518, source: 'solar' });

    // The homeowner's own marker is on their roof (1,878 sq ft).
    const own = await post('/api/roof-measurement', {
      address: VICTIM_ADDRESS,
      zipCode: ZIP,
      ...SOLAR_PLACES.measured,
    });
    expect(own.json()).toMatchObject({ areaSqFt: 1878, source: 'solar' });

    // Their quote requests, to a contractor and to the main site, carry their own roof.
    const { id: ownerId } = await createOwner(prisma, { plan: 'instant' });
    const lead = leadInput({ address: VICTIM_ADDRESS, zipCode: ZIP, ...SOLAR_PLACES.measured });
    const captured = await post('/api/capture-lead', { ownerId, lead });
    expect(captured.statusCode).toBe(201);
    expect(captured.json()).toMatchObject({ roofArea: 1878 });
    expect((await prisma.lead.findFirstOrThrow({ where: { ownerId } })).roofArea).toBe(1878);
    const mainSite = await post('/api/main-site-leads', { lead: { ...lead, lastName: 'Victim' } });
    expect(mainSite.json()).toMatchObject({ roofArea: 1878 });
  });

  it('refuses a marker far from the zip code, asking Google nothing and storing nothing', async () => {
    const before = await prisma.roofMeasurement.count();
    // Downtown Dallas for an Austin zip code: some 290 km away.
    const response = await post('/api/roof-measurement', {
      address: VICTIM_ADDRESS,
      zipCode: ZIP,
      latitude: 32.7767,
      longitude: -96.797,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'latitude, longitude: The marker is more than 80 km from the zip code; place it on your roof or check the zip code',
    );
    expect(solar.requests).toHaveLength(0);
    expect(await prisma.roofMeasurement.count()).toBe(before);
  });

  it('gives a lead whose marker is far from its zip code the simulation, not what is stored there', async () => {
    await prisma.roofMeasurement.create({
      data: {
        locationKey: '32.77670,-96.79700',
        zipCode: '75201',
        latitude: 32.7767,
        longitude: -96.797,
        areaSqFt: 40000,
        source: 'solar',
      },
    });
    const { id: ownerId } = await createOwner(prisma, { plan: 'instant' });
    const lead = leadInput({ zipCode: ZIP, latitude: 32.7767, longitude: -96.797 });
    const captured = await post('/api/capture-lead', { ownerId, lead });
    expect(captured.statusCode).toBe(201);
    expect(captured.json().roofArea).toBe(
      simulateRoofArea({
        address: lead.address,
        zipCode: ZIP,
        stories: 'one',
        material: 'asphalt',
      }),
    );
  });

  it('measures a roof again once its stored measurement is older than ROOF_MEASUREMENT_TTL_DAYS (90)', async () => {
    const place = { address: VICTIM_ADDRESS, zipCode: ZIP, ...SOLAR_PLACES.measured };
    await post('/api/roof-measurement', place);
    solar.requests.length = 0;
    const key = '30.26465,-97.74822';
    await prisma.roofMeasurement.update({
      where: { locationKey: key },
      data: { measuredAt: new Date(Date.now() - 89 * 24 * 3600_000) },
    });
    await post('/api/roof-measurement', place);
    expect(solar.requests).toHaveLength(0);

    await prisma.roofMeasurement.update({
      where: { locationKey: key },
      data: { measuredAt: new Date(Date.now() - 91 * 24 * 3600_000) },
    });
    // A lead meanwhile does not take the expired area either.
    const { id: ownerId } = await createOwner(prisma, { plan: 'instant' });
    await prisma.roofMeasurement.update({ where: { locationKey: key }, data: { areaSqFt: 9999 } });
    const lead = leadInput({ address: VICTIM_ADDRESS, zipCode: ZIP, ...SOLAR_PLACES.measured });
    expect((await post('/api/capture-lead', { ownerId, lead })).json().roofArea).not.toBe(9999);

    const again = await post('/api/roof-measurement', place);
    expect(again.json()).toMatchObject({ areaSqFt: 1878, source: 'solar' });
    expect(solar.requests).toHaveLength(1);
    const stored = await prisma.roofMeasurement.findUniqueOrThrow({ where: { locationKey: key } });
    expect(stored.areaSqFt).toBe(1878);
    expect(Date.now() - stored.measuredAt.getTime()).toBeLessThan(60_000);
  });

  it('simulates without calling Google for a zip code with no known area', async () => {
    const response = await post('/api/roof-measurement', {
      address: '1 Nowhere Rd',
      zipCode: '00001',
      ...SOLAR_PLACES.measured,
    });
    expect(response.json()).toMatchObject({ source: 'simulation' });
    expect(solar.requests).toHaveLength(0);
  });
});

describe('the daily cap on Solar API calls (DAILY_CAP_SOLAR_CALLS)', () => {
  let solar: SolarFixtureServer;
  let t: TestApp;

  beforeAll(async () => {
    solar = await startSolarFixtureServer();
    t = await createTestApp({
      GOOGLE_SOLAR_API_KEY: SOLAR_FIXTURE_KEY,
      SOLAR_API_URL: solar.url,
      RATE_LIMIT_MEASURE_PER_IP: '0',
      DAILY_CAP_SOLAR_CALLS: '2',
    });
  });

  afterAll(async () => {
    await t.close();
    await solar.close();
  });

  it('falls back to the simulation once the cap is spent, and alerts operators once', async () => {
    const errors: unknown[][] = [];
    const spy = jest.spyOn(Logger.prototype, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args);
    });
    const measure = (address: string, place: { latitude: number; longitude: number }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/roof-measurement',
        payload: { address, zipCode: ZIP, ...place },
      });
    try {
      expect((await measure('1 Cap St', SOLAR_PLACES.measured)).json().source).toBe('solar');
      // HIGH is the second call of the day; the MEDIUM retry would be the third.
      const capped = await measure('2 Cap St', SOLAR_PLACES.mediumOnly);
      expect(capped.statusCode).toBe(200);
      expect(capped.json()).toEqual({
        areaSqFt: simulateRoofArea({ address: '2 Cap St', zipCode: ZIP }),
        source: 'simulation',
        pitchDegrees: null,
        imageryQuality: null,
        imageryDate: null,
      });
      expect((await measure('3 Cap St', SOLAR_PLACES.shed)).json().source).toBe('simulation');
    } finally {
      spy.mockRestore();
    }
    expect(solar.requests.map((request) => request.requiredQuality)).toEqual(['HIGH', 'HIGH']);
    const alerts = errors.filter((args) => args.includes(DAILY_CAP_REACHED));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]![0]).toMatchObject({ service: 'solar', cap: 2 });
  });
});

describe('POST /api/roof-measurement with the Solar API configured and Redis down', () => {
  let solar: SolarFixtureServer;
  let t: TestApp;

  beforeAll(async () => {
    solar = await startSolarFixtureServer();
    t = await createTestApp({
      GOOGLE_SOLAR_API_KEY: SOLAR_FIXTURE_KEY,
      SOLAR_API_URL: solar.url,
      REDIS_URL: 'redis://127.0.0.1:1',
    });
  });

  afterAll(async () => {
    await t.close();
    await solar.close();
  });

  it('answers the simulation without a paid call it cannot count', async () => {
    const address = '1 Down St, Austin, TX 78704, USA';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/roof-measurement',
      payload: { address, zipCode: ZIP, ...SOLAR_PLACES.measured },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ source: 'simulation' });
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
