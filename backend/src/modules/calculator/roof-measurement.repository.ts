import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/database/prisma.service';
import { type RoofMeasurementSource } from '../../generated/prisma/client';

export interface StoredRoofMeasurement {
  locationKey: string;
  zipCode: string;
  latitude: number;
  longitude: number;
  areaSqFt: number;
  source: RoofMeasurementSource;
  pitchDegrees: number | null;
  imageryQuality: string | null;
  imageryDate: string | null;
  measuredAt: Date;
}

const columns = {
  locationKey: true,
  zipCode: true,
  latitude: true,
  longitude: true,
  areaSqFt: true,
  source: true,
  pitchDegrees: true,
  imageryQuality: true,
  imageryDate: true,
  measuredAt: true,
} as const;

@Injectable()
export class RoofMeasurementRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The measurement stored for a location, when it was taken at or after `since`. */
  findFresh(locationKey: string, since: Date): Promise<StoredRoofMeasurement | null> {
    return this.prisma.roofMeasurement.findFirst({
      where: { locationKey, measuredAt: { gte: since } },
      select: columns,
    });
  }

  /** Insert or replace an expired one; two requests measuring one location at once both succeed. */
  async save(measurement: StoredRoofMeasurement): Promise<void> {
    const { locationKey, ...data } = measurement;
    await this.prisma.roofMeasurement.upsert({
      where: { locationKey },
      create: measurement,
      update: data,
      select: { id: true },
    });
  }
}
