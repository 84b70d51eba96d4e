import { z } from 'zod';

/**
 * Leads and pipeline value over time (issue 25), GET /api/analytics/leads with the funnel's query
 * (`analyticsQuerySchema`): per day of the range, in the contractor's time zone, the leads
 * received and what they are worth. docs/analytics.md, 'Leads and pipeline value'.
 *
 * - **Leads**: quote requests received that day, leads flagged as spam left out. Locked leads
 *   (over the plan's monthly allowance) count: each is a real homeowner, the Leads tab lists it,
 *   and upgrading shows its contact details.
 * - **Pipeline value**: the sum of the estimate's average (estimate_mid, whole dollars) of those
 *   leads that are not Lost now (won ones included).
 * - **Won**: those leads that are Converted now, as the funnel's 'won' counts them; **won value**
 *   the sold price where the contractor entered one, else the estimate's average, and
 *   `wonWithSoldPrice` says how many of them had a sold price.
 */

const isoDate = z.iso.date();

const figures = {
  leads: z.number().int(),
  /** Whole dollars. */
  pipelineValue: z.number().int(),
  won: z.number().int(),
  /** Whole dollars: sold prices where entered, else the estimate's average. */
  wonValue: z.number().int(),
  /** How many of the won leads had a sold price (the rest count at their estimate). */
  wonWithSoldPrice: z.number().int(),
};

export const leadTrendsFiguresSchema = z.object(figures);
export type LeadTrendsFigures = z.infer<typeof leadTrendsFiguresSchema>;

export const leadTrendsDaySchema = z.object({ day: isoDate, ...figures });
export type LeadTrendsDay = z.infer<typeof leadTrendsDaySchema>;

export const leadTrendsResponseSchema = z.object({
  from: isoDate,
  to: isoDate,
  /** The period just before, as long as this one (`previousPeriod`). */
  previousFrom: isoDate,
  previousTo: isoDate,
  timeZone: z.string(),
  /** Every day of the range, oldest first, zeros included. */
  daily: z.array(leadTrendsDaySchema),
  totals: leadTrendsFiguresSchema,
  previous: leadTrendsFiguresSchema,
});
export type LeadTrends = z.infer<typeof leadTrendsResponseSchema>;

export function emptyLeadTrendsFigures(): LeadTrendsFigures {
  return { leads: 0, pipelineValue: 0, won: 0, wonValue: 0, wonWithSoldPrice: 0 };
}

/** The figures of several days added up. */
export function sumLeadTrends(days: readonly LeadTrendsFigures[]): LeadTrendsFigures {
  const total = emptyLeadTrendsFigures();
  for (const day of days) {
    total.leads += day.leads;
    total.pipelineValue += day.pipelineValue;
    total.won += day.won;
    total.wonValue += day.wonValue;
    total.wonWithSoldPrice += day.wonWithSoldPrice;
  }
  return total;
}
