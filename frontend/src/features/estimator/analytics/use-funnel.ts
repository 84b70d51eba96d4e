import { useEffect, useMemo, useRef } from 'react';
import type { FunnelStep } from '@rafter/domain/funnel';
import type { Step } from '../components/estimator-state';
import {
  createFunnelCollector,
  type FunnelCollector,
  type FunnelDetails,
  type FunnelVisit,
} from './funnel-collector';

/** Global Privacy Control or Do Not Track: the visitor asked not to be counted. */
export function analyticsOptedOut(): boolean {
  const signals = navigator as Navigator & { globalPrivacyControl?: boolean };
  return signals.globalPrivacyControl === true || signals.doNotTrack === '1';
}

/** The funnel step an estimator step stands for once shown; step 6 counts when its estimate does. */
const STEP_REACHED: Readonly<Record<Step, FunnelStep>> = {
  1: 'view',
  2: 'address',
  3: 'ownership',
  4: 'material',
  5: 'stories',
  6: 'stories',
};

/**
 * The furthest funnel step the estimator's state shows: a complete zip code is the start, and
 * the measurement counts once it is done, even while the visitor is back on the address step.
 */
export function estimatorFunnelStep(
  step: Step,
  zipComplete: boolean,
  measured: boolean,
): FunnelStep {
  if (step > 2) return STEP_REACHED[step];
  if (measured) return 'measured';
  if (step === 2) return 'address';
  return zipComplete ? 'start' : 'view';
}

/** What the estimator does with its visit's analytics. */
export interface FunnelHandle {
  /** The visit reached `step`. */
  reach(step: FunnelStep): void;
  /** The visit's id while it is counted, for the quote request to carry; else undefined. */
  visitId(): string | undefined;
}

/**
 * Counts one visit of the estimator for `visit`'s contractor (null: the demo, the main-site
 * flow, an owner not known yet, which are not counted). The collector is small and without zod,
 * so it ships with the first screen and starts after it is painted (an effect); steps reached
 * before the owner was known are replayed into it, with `details` (the material chosen and the
 * measured address's ZIP code, once known). Nothing is collected or sent with GPC or Do Not
 * Track. Returns `reach(step)` and `visitId()` (undefined while nothing is collected), stable
 * across renders.
 */
export function useFunnel(visit: FunnelVisit | null, details: FunnelDetails = {}): FunnelHandle {
  const collector = useRef<FunnelCollector | null>(null);
  const reached = useRef(new Set<FunnelStep>());
  const known = useRef(details);
  const { ownerId, source, origin, utmQuery } = visit ?? {};
  const { material, zipCode } = details;

  useEffect(() => {
    known.current = { material, zipCode };
    collector.current?.describe(known.current);
  }, [material, zipCode]);

  useEffect(() => {
    if (!ownerId || !source || analyticsOptedOut()) return;
    const current = createFunnelCollector({ ownerId, source, origin, utmQuery });
    current.describe(known.current);
    reached.current.forEach(current.reach);
    collector.current = current;
    return () => {
      if (collector.current === current) collector.current = null;
      current.close();
    };
  }, [ownerId, source, origin, utmQuery]);

  return useMemo(
    () => ({
      reach: (step: FunnelStep) => {
        reached.current.add(step);
        collector.current?.reach(step);
      },
      visitId: () => collector.current?.visitId,
    }),
    [],
  );
}
