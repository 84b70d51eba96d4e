import { useState } from 'react';
import { analyticsQuerySchema, type AnalyticsQuery } from '@rafter/domain/analytics';
import {
  DEFAULT_RANGE_PRESET,
  localToday,
  presetRange,
  type RangePreset,
} from '../utils/date-range';

export interface AnalyticsRange {
  preset: RangePreset;
  setPreset: (preset: RangePreset) => void;
  /** The custom range's ends as typed (YYYY-MM-DD, '' while empty). */
  custom: { from: string; to: string };
  setCustom: (custom: { from: string; to: string }) => void;
  /** What to ask the API for; null while a custom range is incomplete or invalid. */
  query: AnalyticsQuery | null;
  /** Why the custom range is not asked for, by field. */
  errors: Partial<Record<'from' | 'to', string>>;
}

/** The Analytics tab's date range: a preset, or a custom one checked by the API's own schema. */
export function useAnalyticsRange(): AnalyticsRange {
  const today = localToday();
  const [preset, setPresetState] = useState<RangePreset>(DEFAULT_RANGE_PRESET);
  const [custom, setCustom] = useState(() => presetRange(DEFAULT_RANGE_PRESET, today));

  const setPreset = (next: RangePreset) => {
    // A custom range starts from the one on screen, so switching to it changes nothing at once.
    if (next === 'custom' && preset !== 'custom') setCustom(presetRange(preset, today));
    setPresetState(next);
  };

  if (preset !== 'custom') {
    return { preset, setPreset, custom, setCustom, query: presetRange(preset, today), errors: {} };
  }
  const parsed = analyticsQuerySchema.safeParse(custom);
  const errors: AnalyticsRange['errors'] = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'to' ? 'to' : 'from';
      errors[field] ??= issue.message;
    }
  }
  return {
    preset,
    setPreset,
    custom,
    setCustom,
    query: parsed.success ? parsed.data : null,
    errors,
  };
}
