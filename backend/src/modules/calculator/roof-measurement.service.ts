import { Inject, Injectable, Logger } from '@nestjs/common';
import { isPlausibleRoofArea, normalizeAddress, simulateRoofArea } from '@rafter/domain/estimate';
import { type RoofMeasurement, type RoofMeasurementRequest } from '@rafter/domain/roof-measurement';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';
import { GoogleSolarService } from './google-solar.service';
import {
  RoofMeasurementRepository,
  type StoredRoofMeasurement,
} from './roof-measurement.repository';

const TEN_MINUTES_MS = 10 * 60_000;

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
 * Roof area for an address: a measurement cached for that address, else the Google Solar API
 * (when configured and the marker's coordinates are known), else the spec's simulation for one
 * story and no material (the widget asks for both later). Only real measurements are stored: a
 * simulation is recomputed identically, and keeping it would hide a later real measurement.
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

  async measure(request: RoofMeasurementRequest, clientIp: string): Promise<RoofMeasurement> {
    await this.rateLimit.consume(
      {
        name: 'measure-ip',
        limit: this.config.RATE_LIMIT_MEASURE_PER_IP,
        windowMs: TEN_MINUTES_MS,
      },
      clientIp,
    );
    const addressKey = normalizeAddress(request.address);
    const cached = await this.repository.findByAddressKey(addressKey);
    if (cached) return toMeasurement(cached);

    const { latitude, longitude } = request;
    if (
      latitude === null ||
      latitude === undefined ||
      longitude === null ||
      longitude === undefined
    ) {
      return this.simulate(request);
    }
    const roof = await this.solar.findRoof(latitude, longitude);
    if (!roof) return this.simulate(request);
    if (!isPlausibleRoofArea(roof.areaSqFt)) {
      this.logger.warn(
        { areaSqFt: roof.areaSqFt },
        'Solar API area is implausible; using the simulation',
      );
      return this.simulate(request);
    }
    const measurement: StoredRoofMeasurement = {
      addressKey,
      zipCode: request.zipCode,
      latitude,
      longitude,
      source: 'solar',
      ...roof,
    };
    await this.repository.save(measurement);
    return toMeasurement(measurement);
  }

  /** The stored real measurement of an address, if any (what a captured lead's area starts from). */
  async findMeasured(address: string): Promise<RoofMeasurement | null> {
    const cached = await this.repository.findByAddressKey(normalizeAddress(address));
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
