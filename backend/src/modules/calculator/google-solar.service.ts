import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { PaidCallBudget } from '../../core/rate-limit/paid-call-budget.service';

export const SQ_FT_PER_SQ_M = 10.7639;
/** The whole lookup, retry included, fits in the widget's 5-second measuring sequence. */
export const SOLAR_TIMEOUT_MS = 4000;

/** What the Solar API tells us about one roof. */
export interface SolarRoof {
  areaSqFt: number;
  pitchDegrees: number | null;
  imageryQuality: string | null;
  imageryDate: string | null;
}

const sizeStats = z.object({
  areaMeters2: z.number().nonnegative(),
  groundAreaMeters2: z.number().nonnegative().optional(),
});

/** The parts of a buildingInsights response we read; everything else is ignored. */
const buildingInsightsSchema = z.object({
  imageryQuality: z.string().optional(),
  imageryDate: z
    .object({ year: z.number().int(), month: z.number().int(), day: z.number().int() })
    .optional(),
  solarPotential: z.object({
    roofSegmentStats: z
      .array(z.object({ pitchDegrees: z.number().optional(), stats: sizeStats }))
      .optional(),
    wholeRoofStats: sizeStats.optional(),
    buildingStats: sizeStats.optional(),
  }),
});

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A roof from a buildingInsights response, or null when it describes none. The area is the sum of
 * the roof segments' sloped areas; those cover only the parts of the roof assigned to a segment,
 * so it is scaled by the building's ground area over the segments' ground area (Google's own
 * advice for a whole-roof area). The pitch is the segments' mean, weighted by area.
 */
export function roofFromBuildingInsights(body: unknown): SolarRoof | null {
  const parsed = buildingInsightsSchema.safeParse(body);
  if (!parsed.success) return null;
  const { solarPotential, imageryQuality, imageryDate } = parsed.data;
  const segments = (solarPotential.roofSegmentStats ?? []).filter(
    (segment) => segment.stats.areaMeters2 > 0,
  );
  const segmentArea = segments.reduce((sum, segment) => sum + segment.stats.areaMeters2, 0);
  if (segmentArea === 0) return null;

  const assignedGround = solarPotential.wholeRoofStats?.groundAreaMeters2 ?? 0;
  const buildingGround = solarPotential.buildingStats?.groundAreaMeters2 ?? 0;
  const coverage =
    assignedGround > 0 && buildingGround > assignedGround ? buildingGround / assignedGround : 1;

  const pitched = segments.filter((segment) => segment.pitchDegrees !== undefined);
  const pitchedArea = pitched.reduce((sum, segment) => sum + segment.stats.areaMeters2, 0);
  const pitch =
    pitchedArea > 0
      ? pitched.reduce((sum, s) => sum + (s.pitchDegrees ?? 0) * s.stats.areaMeters2, 0) /
        pitchedArea
      : null;

  return {
    areaSqFt: Math.round(segmentArea * coverage * SQ_FT_PER_SQ_M),
    pitchDegrees: pitch === null ? null : Math.round(pitch * 10) / 10,
    imageryQuality: imageryQuality ?? null,
    imageryDate: imageryDate
      ? `${imageryDate.year}-${pad(imageryDate.month)}-${pad(imageryDate.day)}`
      : null,
  };
}

type Lookup = { kind: 'found'; body: unknown } | { kind: 'not_found' } | { kind: 'capped' };

/**
 * Google Solar API adapter: `buildingInsights:findClosest` at HIGH quality, then MEDIUM when no
 * HIGH-quality building is near. Any failure (no building, error status, timeout, unreadable
 * answer, today's cap on paid calls spent) is null, so the caller falls back to the simulation.
 * Each request counts against the daily cap (DAILY_CAP_SOLAR_CALLS). The key stays out of logs.
 */
@Injectable()
export class GoogleSolarService {
  private readonly logger = new Logger(GoogleSolarService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly paidCalls: PaidCallBudget,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.GOOGLE_SOLAR_API_KEY);
  }

  async findRoof(latitude: number, longitude: number): Promise<SolarRoof | null> {
    if (!this.enabled) return null;
    const started = performance.now();
    const signal = AbortSignal.timeout(SOLAR_TIMEOUT_MS);
    try {
      let lookup = await this.findClosest(latitude, longitude, 'HIGH', signal);
      if (lookup.kind === 'not_found') {
        lookup = await this.findClosest(latitude, longitude, 'MEDIUM', signal);
      }
      const ms = Math.round(performance.now() - started);
      if (lookup.kind === 'capped') {
        this.logger.warn({ ms }, 'Solar API calls are capped for today; using the simulation');
        return null;
      }
      if (lookup.kind === 'not_found') {
        this.logger.log({ ms }, 'Solar API has no building near the location');
        return null;
      }
      const roof = roofFromBuildingInsights(lookup.body);
      if (!roof) this.logger.warn({ ms }, 'Solar API answer describes no roof');
      else this.logger.log({ ms, quality: roof.imageryQuality }, 'Roof measured by the Solar API');
      return roof;
    } catch (error) {
      this.logger.warn(
        { ms: Math.round(performance.now() - started), err: describeFailure(error) },
        'Solar API lookup failed; using the simulation',
      );
      return null;
    }
  }

  private async findClosest(
    latitude: number,
    longitude: number,
    quality: 'HIGH' | 'MEDIUM',
    signal: AbortSignal,
  ): Promise<Lookup> {
    if (!(await this.paidCalls.spend('solar'))) return { kind: 'capped' };
    const url = new URL(`${this.config.SOLAR_API_URL}/v1/buildingInsights:findClosest`);
    url.searchParams.set('location.latitude', String(latitude));
    url.searchParams.set('location.longitude', String(longitude));
    url.searchParams.set('requiredQuality', quality);
    url.searchParams.set('key', this.config.GOOGLE_SOLAR_API_KEY ?? '');
    const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
    if (response.status === 404) {
      await response.body?.cancel();
      return { kind: 'not_found' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new SolarApiError(`status ${response.status}`);
    }
    return { kind: 'found', body: await response.json() };
  }
}

class SolarApiError extends Error {}

/** A failure's kind without the request URL, which carries the API key. */
function describeFailure(error: unknown): string {
  if (error instanceof SolarApiError) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${SOLAR_TIMEOUT_MS} ms`;
  }
  if (error instanceof SyntaxError) return 'invalid JSON';
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : 'request failed';
}
