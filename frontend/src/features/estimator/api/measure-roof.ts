import type { RoofMeasurement, RoofMeasurementRequest } from '@rafter/domain/roof-measurement';
import { api } from '../../../lib/api-client';

/** POST /api/roof-measurement: the measured (solar) or simulated one-story roof area. */
export function measureRoof(
  request: RoofMeasurementRequest,
  signal?: AbortSignal,
): Promise<RoofMeasurement> {
  return api.post<RoofMeasurement>('/api/roof-measurement', request, { signal });
}
