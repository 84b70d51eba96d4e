import { z } from 'zod';
import {
  ANALYTICS_SOURCES,
  DEVICE_CLASSES,
  FUNNEL_ROWS,
  FUNNEL_STEPS,
  ORIGIN,
  UTM_KEYS,
  UTM_MAX_LENGTH,
  type FunnelStep,
  type UtmKey,
} from './funnel';
import { MATERIALS } from './materials';

/**
 * Advanced analytics (docs/analytics.md): the estimator's funnel as the widget, the embed and the
 * share page report it, without cookies or personal data, and the Analytics tab's figures.
 *
 * A visit is one load of the estimator. Its id is a UUID version 7 made in the browser for that
 * load only (never stored there); the time in it places the visit, so the server needs no clock
 * of the browser's and a step reported twice lands on the same row. Each report carries every
 * step the visit has reached so far, so a lost beacon costs nothing and the server can tell a
 * real visit (steps in order, none missing) from an implausible one.
 */

const utmValue = z
  .string({ error: 'UTM values must be text' })
  .transform((value) => value.trim().slice(0, UTM_MAX_LENGTH))
  .pipe(z.string().min(1, { error: 'UTM values must not be blank' }));

export const utmSchema = z.object(
  Object.fromEntries(UTM_KEYS.map((key) => [key, utmValue.optional()])) as Record<
    UtmKey,
    z.ZodOptional<typeof utmValue>
  >,
  { error: 'UTM parameters must be an object' },
);

/** POST /api/analytics/events: one visit's steps so far, sent with navigator.sendBeacon. */
export const analyticsBatchSchema = z.object(
  {
    visitId: z.uuid({ version: 'v7', error: 'Visit id must be a UUID version 7' }),
    ownerId: z.uuid({ error: 'Owner id must be a valid id' }),
    source: z.enum(ANALYTICS_SOURCES, {
      error: `Source must be one of ${ANALYTICS_SOURCES.join(', ')}`,
    }),
    /** The host page's origin for the embed ('https://example.com'); none elsewhere. */
    origin: z
      .url({ protocol: /^https?$/, error: 'Origin must be an http(s) origin' })
      .max(200, { error: 'Origin must be at most 200 characters' })
      .regex(ORIGIN, { error: 'Origin must be an origin only (scheme, host and port)' })
      .nullish(),
    utm: utmSchema.optional(),
    device: z.enum(DEVICE_CLASSES, { error: `Device must be one of ${DEVICE_CLASSES.join(', ')}` }),
    steps: z
      .array(z.enum(FUNNEL_STEPS, { error: 'Unknown funnel step' }), {
        error: 'Steps must be a list',
      })
      .min(1, { error: 'Steps must not be empty' })
      .max(FUNNEL_STEPS.length, { error: `At most ${FUNNEL_STEPS.length} steps` }),
    /** The roof material chosen, once it is (MATERIALS). */
    material: z
      .enum(MATERIALS, { error: `Material must be one of ${MATERIALS.join(', ')}` })
      .optional(),
    /** The measured address's 5-digit ZIP code, once measured; never the street. */
    zipCode: z
      .string({ error: 'Zip code must be 5 digits' })
      .regex(/^\d{5}$/, { error: 'Zip code must be 5 digits' })
      .optional(),
  },
  { error: 'The body must be a JSON object' },
);
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/**
 * Whether a visit's reported steps could come from a person: each step once, and every step
 * before the furthest one present (a visit cannot reach the estimate without the address).
 */
export function plausibleSteps(steps: readonly FunnelStep[]): boolean {
  const reached = new Set(steps);
  if (reached.size !== steps.length) return false;
  return FUNNEL_STEPS.slice(0, steps.length).every((step) => reached.has(step));
}

/** How far a visit's time may lie from the server's: a visit reports within the day it began. */
export const VISIT_MAX_AGE_MS = 24 * 60 * 60_000;
export const VISIT_MAX_AHEAD_MS = 5 * 60_000;

/** The time a UUID version 7 carries (its first 48 bits, Unix milliseconds). */
export function visitTime(visitId: string): Date {
  return new Date(parseInt(visitId.replace(/-/g, '').slice(0, 12), 16));
}

/** A visit whose id says it began within the last day (and not in the future) is plausible. */
export function plausibleVisitTime(visitId: string, now: Date): boolean {
  const age = now.getTime() - visitTime(visitId).getTime();
  return age <= VISIT_MAX_AGE_MS && age >= -VISIT_MAX_AHEAD_MS;
}

/** The longest date range the Analytics tab asks for, in days. */
export const ANALYTICS_MAX_RANGE_DAYS = 366;

const isoDate = z.iso.date({ error: 'Dates must be YYYY-MM-DD' });

/** GET /api/analytics/funnel: days in the contractor's time zone, both ends included. */
export const analyticsQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine(({ from, to }) => from <= to, { error: 'From must not be after to', path: ['from'] })
  .refine(
    ({ from, to }) =>
      (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 <
      ANALYTICS_MAX_RANGE_DAYS,
    { error: `The range must be at most ${ANALYTICS_MAX_RANGE_DAYS} days`, path: ['to'] },
  );
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** The dimensions a breakdown is made by (Smart and Instant). */
export const BREAKDOWN_DIMENSIONS = ['source', 'campaign', 'device', 'material', 'zip'] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

/**
 * One row of a breakdown: visits that reached each step, for one source, campaign, device,
 * material or ZIP code.
 */
export const breakdownRowSchema = z.object({
  /**
   * The source ('embed', 'share_page', 'widget'), the campaign (utm_campaign; '' for none), the
   * device class, the material (MATERIALS) or the 5-digit ZIP code.
   */
  key: z.string(),
  /** For the embed, the host site's origin ('' when not known). */
  origin: z.string().optional(),
  views: z.number().int(),
  starts: z.number().int(),
  estimates: z.number().int(),
  quotes: z.number().int(),
  booked: z.number().int(),
  /**
   * Leads received in the range that are Converted now, under the key of the visit that asked
   * for them (leads without one, with GPC or from before, are in the funnel's won only).
   */
  won: z.number().int(),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const analyticsFunnelResponseSchema = z.object({
  from: isoDate,
  to: isoDate,
  /** The period just before, as long as this one, that the figures are compared with. */
  previousFrom: isoDate,
  previousTo: isoDate,
  timeZone: z.string(),
  /** Visits that reached each step (won: leads created in the range now Converted). */
  funnel: z.array(
    z.object({ step: z.enum(FUNNEL_ROWS), count: z.number().int(), previous: z.number().int() }),
  ),
  /** Per day of the range: visits opened, quotes requested. */
  daily: z.array(z.object({ day: isoDate, views: z.number().int(), quotes: z.number().int() })),
  /**
   * By source, campaign, device, material and ZIP code, each by views (most first); material and
   * zip count only the visits that chose one or were measured (docs/analytics.md). Null when the
   * plan has only the totals.
   */
  breakdowns: z
    .object({
      source: z.array(breakdownRowSchema),
      campaign: z.array(breakdownRowSchema),
      device: z.array(breakdownRowSchema),
      material: z.array(breakdownRowSchema),
      zip: z.array(breakdownRowSchema),
    })
    .nullable(),
  /** When the figures were last rolled up from the raw visits (null before the first time). */
  updatedAt: z.iso.datetime().nullable(),
});
export type AnalyticsFunnelResponse = z.infer<typeof analyticsFunnelResponseSchema>;

/** Share of `count` in `of` as a percentage with one decimal; null when `of` is 0. */
export function conversionRate(count: number, of: number): number | null {
  if (of <= 0) return null;
  return Math.round((count / of) * 1000) / 10;
}

/**
 * The period before [from, to] of the same length, as YYYY-MM-DD (calendar days, so a range
 * across a daylight-saving change still has the same number of days).
 */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const day = 86_400_000;
  const start = Date.parse(`${from}T00:00:00Z`);
  const length = (Date.parse(`${to}T00:00:00Z`) - start) / day + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(start - length * day), to: iso(start - day) };
}
