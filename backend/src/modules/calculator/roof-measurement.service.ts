import { Inject, Injectable, Logger } from '@nestjs/common';
import { isPlausibleRoofArea, simulateRoofArea } from '@rafter/domain/estimate';
import { type RoofMeasurement, type RoofMeasurementRequest } from '@rafter/domain/roof-measurement';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';
import { CalculatorException } from './calculator.exception';
import { GoogleSolarService } from './google-solar.service';
import { checkRoofLocation } from './roof-location';
import {
  RoofMeasurementRepository,
  type StoredRoofMeasurement,
} from './roof-measurement.repository';

const TEN_MINUTES_MS = 10 * 60_000;
const DAY_MS = 24 * 3600_000;

/** Where a lead's homeowner put the marker, as capture receives it. */
export type MarkedPlace = Pick<RoofMeasurementRequest, 'zipCode' | 'latitude' | 'longitude'>;

function toMeasurement(stored: StoredRoofMeasurement): RoofMeasurement {
  return {
    areaSqFt: stored.areaSqFt,
    source: stored.source,
    pitchDegrees: stored.pitchDegrees,
    imageryQuality: stored.imageryQuality,
    imageryDate: stored.imageryDate,
  };
}

/**
 * Roof area at the marker: a Solar measurement stored for that location (rounded, see
 * roof-location.ts) and younger than ROOF_MEASUREMENT_TTL_DAYS, else the Google Solar API asked
 * about that rounded point (when configured and today's cap allows), else the spec's simulation
 * for one story and no material (the widget asks for both later).
 *
 * What is stored is Google's answer about a place, so it is the same whoever asks, and any
 * contractor's lead at that place may use it. Nothing derived from what a visitor typed (the
 * address, a simulation) is stored or shared, and a marker far from the zip code the homeowner
 * gave is refused rather than measured.
 */
@Injectable()
export class RoofMeasurementService {
  private readonly logger = new Logger(RoofMeasurementService.name);

  constructor(
    private readonly repository: RoofMeasurementRepository,
    private readonly solar: GoogleSolarService,
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async measure(
    request: RoofMeasurementRequest,
    clientIp: string,
    now = new Date(),
  ): Promise<RoofMeasurement> {
    await this.rateLimit.consumeForClient(
      {
        name: 'measure-ip',
        limit: this.config.RATE_LIMIT_MEASURE_PER_IP,
        windowMs: TEN_MINUTES_MS,
      },
      clientIp,
    );
    const place = checkRoofLocation(request);
    if (place.kind === 'far_from_zip') {
      this.logger.log({ km: Math.round(place.km) }, 'Roof marker far from its zip code refused');
      throw new CalculatorException('marker_far_from_zip');
    }
    if (place.kind !== 'located') return this.simulate(request);
    const { location } = place;

    const cached = await this.repository.findFresh(location.key, this.freshSince(now));
    if (cached) return toMeasurement(cached);

    const roof = await this.solar.findRoof(location.latitude, location.longitude);
    if (!roof) return this.simulate(request);
    if (!isPlausibleRoofArea(roof.areaSqFt)) {
      this.logger.warn(
        { areaSqFt: roof.areaSqFt },
        'Solar API area is implausible; using the simulation',
      );
      return this.simulate(request);
    }
    const measurement: StoredRoofMeasurement = {
      locationKey: location.key,
      zipCode: request.zipCode,
      latitude: location.latitude,
      longitude: location.longitude,
      source: 'solar',
      ...roof,
      measuredAt: now,
    };
    await this.repository.save(measurement);
    return toMeasurement(measurement);
  }

  /**
   * The location key a lead's stored measurement is looked up by, or null when the lead has no
   * marker or its marker is not where its zip code is (the lead then uses the simulation).
   */
  locationKey(place: MarkedPlace): string | null {
    const checked = checkRoofLocation(place);
    return checked.kind === 'located' ? checked.location.key : null;
  }

  /** Measurements taken before this are too old to reuse. */
  freshSince(now = new Date()): Date {
    return new Date(now.getTime() - this.config.ROOF_MEASUREMENT_TTL_DAYS * DAY_MS);
  }

  /** The stored, still fresh Solar measurement at a lead's marker, if any. */
  async findMeasured(place: MarkedPlace, now = new Date()): Promise<RoofMeasurement | null> {
    const key = this.locationKey(place);
    const cached = key ? await this.repository.findFresh(key, this.freshSince(now)) : null;
    return cached ? toMeasurement(cached) : null;
  }

  private simulate(request: RoofMeasurementRequest): RoofMeasurement {
    return {
      areaSqFt: simulateRoofArea({ address: request.address, zipCode: request.zipCode }),
      source: 'simulation',
      pitchDegrees: null,
      imageryQuality: null,
      imageryDate: null,
    };
  }
}
