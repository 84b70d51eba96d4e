import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../core/database/prisma.service';
import { type RoofMeasurementSource } from '../../generated/prisma/client';

export interface StoredRoofMeasurement {
  addressKey: string;
  zipCode: string;
  latitude: number | null;
  longitude: number | null;
  areaSqFt: number;
  source: RoofMeasurementSource;
  pitchDegrees: number | null;
  imageryQuality: string | null;
  imageryDate: string | null;
}

const columns = {
  addressKey: true,
  zipCode: true,
  latitude: true,
  longitude: true,
  areaSqFt: true,
  source: true,
  pitchDegrees: true,
  imageryQuality: true,
  imageryDate: true,
} as const;

@Injectable()
export class RoofMeasurementRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByAddressKey(addressKey: string): Promise<StoredRoofMeasurement | null> {
    return this.prisma.roofMeasurement.findUnique({ where: { addressKey }, select: columns });
  }

  /** Insert or refresh; two requests measuring one address at once both succeed. */
  async save(measurement: StoredRoofMeasurement): Promise<void> {
    const { addressKey, ...data } = measurement;
    await this.prisma.roofMeasurement.upsert({
      where: { addressKey },
      create: measurement,
      update: data,
      select: { id: true },
    });
  }
}
