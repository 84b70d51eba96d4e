import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AppConfig } from '../../config/config';
import { type PaidCallBudget } from '../../core/rate-limit/paid-call-budget.service';
import {
  GoogleSolarService,
  roofFromBuildingInsights,
  SQ_FT_PER_SQ_M,
} from './google-solar.service';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(join(__dirname, '../../../test/fixtures/solar', name), 'utf8'));

const segment = (areaMeters2: number, pitchDegrees?: number) => ({
  pitchDegrees,
  azimuthDegrees: 180,
  stats: { areaMeters2, groundAreaMeters2: areaMeters2 * 0.9 },
});

const insights = (
  solarPotential: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  imageryQuality: 'HIGH',
  imageryDate: { year: 2022, month: 7, day: 19 },
  solarPotential,
  ...extra,
});

describe('roofFromBuildingInsights', () => {
  it('reads a recorded-shape HIGH answer: scaled area, weighted pitch, imagery', () => {
    // 166.2 m² of segments × (157.54 / 150.04 building-to-segment ground) × 10.7639
    expect(roofFromBuildingInsights(fixture('building-insights-high.json'))).toEqual({
      areaSqFt: 1878,
      pitchDegrees: 25.4,
      imageryQuality: 'HIGH',
      imageryDate: '2023-04-11',
    });
  });

  it('reads a MEDIUM answer whose segments cover the whole building', () => {
    expect(roofFromBuildingInsights(fixture('building-insights-medium.json'))).toEqual({
      areaSqFt: 1518, // 141 m² × 10.7639
      pitchDegrees: 18.4,
      imageryQuality: 'MEDIUM',
      imageryDate: '2021-11-03',
    });
  });

  it.each<[string, Record<string, unknown>, number]>([
    ['sums the segments', { roofSegmentStats: [segment(100), segment(50)] }, 150],
    [
      'scales by building over assigned ground area',
      {
        roofSegmentStats: [segment(100)],
        wholeRoofStats: { areaMeters2: 100, groundAreaMeters2: 90 },
        buildingStats: { areaMeters2: 130, groundAreaMeters2: 117 },
      },
      130,
    ],
    [
      'never scales down',
      {
        roofSegmentStats: [segment(100)],
        wholeRoofStats: { areaMeters2: 100, groundAreaMeters2: 90 },
        buildingStats: { areaMeters2: 80, groundAreaMeters2: 72 },
      },
      100,
    ],
    [
      'does not scale without the building ground area',
      {
        roofSegmentStats: [segment(100)],
        wholeRoofStats: { areaMeters2: 100, groundAreaMeters2: 90 },
      },
      100,
    ],
    ['ignores empty segments', { roofSegmentStats: [segment(100), segment(0)] }, 100],
  ])('%s', (_case, solarPotential, squareMeters) => {
    expect(roofFromBuildingInsights(insights(solarPotential))?.areaSqFt).toBe(
      Math.round(squareMeters * SQ_FT_PER_SQ_M),
    );
  });

  it.each<[string, unknown[], number | null]>([
    ['weights pitch by area', [segment(30, 20), segment(10, 40)], 25],
    ['rounds to a tenth of a degree', [segment(1, 10), segment(2, 20)], 16.7],
    ['skips segments without a pitch', [segment(30, 20), segment(10)], 20],
    ['has no pitch when no segment has one', [segment(30), segment(10)], null],
  ])('%s', (_case, roofSegmentStats, pitch) => {
    expect(roofFromBuildingInsights(insights({ roofSegmentStats }))?.pitchDegrees).toBe(pitch);
  });

  it('pads the imagery date and tolerates missing imagery fields', () => {
    const roof = roofFromBuildingInsights({
      imageryDate: { year: 2021, month: 1, day: 5 },
      solarPotential: { roofSegmentStats: [segment(100, 20)] },
    });
    expect(roof).toMatchObject({ imageryDate: '2021-01-05', imageryQuality: null });
    expect(
      roofFromBuildingInsights({ solarPotential: { roofSegmentStats: [segment(100)] } }),
    ).toMatchObject({ imageryDate: null });
  });

  it.each<[string, unknown]>([
    ['no segments', insights({ roofSegmentStats: [] })],
    ['only empty segments', insights({ roofSegmentStats: [segment(0)] })],
    ['no segment list', insights({ wholeRoofStats: { areaMeters2: 100 } })],
    ['no solar potential', { imageryQuality: 'HIGH' }],
    ['a negative area', insights({ roofSegmentStats: [segment(-5)] })],
    ['an error body', fixture('not-found.json')],
    ['not an object', 'buildings/x'],
    ['null', null],
  ])('describes no roof for %s', (_case, body) => {
    expect(roofFromBuildingInsights(body)).toBeNull();
  });
});

describe('GoogleSolarService without a key', () => {
  it('is disabled and never calls the network', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const paidCalls = { spend: jest.fn() };
    const service = new GoogleSolarService(
      { SOLAR_API_URL: 'https://solar.googleapis.com' } as AppConfig,
      paidCalls as unknown as PaidCallBudget,
    );
    expect(service.enabled).toBe(false);
    await expect(service.findRoof(30.26, -97.74)).resolves.toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(paidCalls.spend).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
