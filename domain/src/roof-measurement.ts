import { z } from 'zod';
import { simulateRoofArea, type RoofAreaInput } from './estimate';
import { estimateDetailsSchema } from './lead';

export const ROOF_MEASUREMENT_SOURCES = ['solar', 'simulation'] as const;

export type RoofMeasurementSource = (typeof ROOF_MEASUREMENT_SOURCES)[number];

/** POST /api/roof-measurement: the address the homeowner chose, with the marker's position. */
export const roofMeasurementRequestSchema = z.object(
  {
    address: estimateDetailsSchema.shape.address,
    zipCode: estimateDetailsSchema.shape.zipCode,
    latitude: estimateDetailsSchema.shape.latitude,
    longitude: estimateDetailsSchema.shape.longitude,
  },
  { error: 'Request body must be a JSON object' },
);

export type RoofMeasurementRequest = z.infer<typeof roofMeasurementRequestSchema>;

/** The measuring step's answer. */
export interface RoofMeasurement {
  /** A measured roof (solar), or the simulation for one story and no material (simulation). */
  areaSqFt: number;
  source: RoofMeasurementSource;
  pitchDegrees: number | null;
  imageryQuality: string | null;
  /** YYYY-MM-DD. */
  imageryDate: string | null;
}

/**
 * The roof area an estimate and a stored lead use, once stories and material are known. A
 * measured roof is the real area, whatever the stories; a simulated one is simulated again with
 * the chosen stories and material. The browser and the server both call this, so they agree.
 */
export function leadRoofArea(
  measurement: Pick<RoofMeasurement, 'areaSqFt' | 'source'> | null,
  input: RoofAreaInput,
): number {
  if (measurement?.source === 'solar') {
    return measurement.areaSqFt;
  }
  return simulateRoofArea(input);
}
