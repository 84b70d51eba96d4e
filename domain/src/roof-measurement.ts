import { z } from 'zod';
import { MATERIAL_AREA_BONUS, simulateRoofArea, type RoofAreaInput } from './estimate';
import { estimateDetailsSchema } from './lead';
import type { Stories } from './property';

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

/** How the area an estimate uses differs from the one the measuring step showed. */
export interface RoofAreaAdjustment {
  /** What the measuring step showed: the simulation for one story and no material. */
  measuredSqFt: number;
  /** What the estimate and the stored lead use (leadRoofArea). */
  areaSqFt: number;
  /** The home's stories when more than the one the measurement assumed: a smaller footprint. */
  stories: Exclude<Stories, 'one'> | null;
  /** Extra area the material needs for overlap and trim, as a fraction (0.03 is 3%); 0 if none. */
  materialBonus: number;
}

/**
 * Why the roof area changed after measuring, or null when it did not. A measured (solar) roof is
 * the real roof and never changes; a simulated one was made for one story and no material, so
 * the stories and material answered later scale it (spec section 9).
 */
export function roofAreaAdjustment(
  measurement: Pick<RoofMeasurement, 'areaSqFt' | 'source'> | null,
  input: RoofAreaInput,
): RoofAreaAdjustment | null {
  if (!measurement || measurement.source === 'solar') return null;
  const areaSqFt = leadRoofArea(measurement, input);
  if (areaSqFt === measurement.areaSqFt) return null;
  return {
    measuredSqFt: measurement.areaSqFt,
    areaSqFt,
    stories: input.stories && input.stories !== 'one' ? input.stories : null,
    materialBonus: input.material ? MATERIAL_AREA_BONUS[input.material] : 0,
  };
}
