import { z } from 'zod';
import { type ApiKeyScope } from './api-keys';
import { leadListQuerySchema } from './crm';
import { estimateDetailsSchema, quoteFormSchema } from './lead';
import { type PlanId } from './plans';

/**
 * The public API (/api/v1, docs/api.md): payloads beyond the dashboard's own. Leads are listed,
 * read and changed with the dashboard's schemas (crm.ts, lead.ts).
 */

/** GET /api/v1/leads: the dashboard's filters, sorts and cursor, plus `updated_since`. */
export const v1LeadListQuerySchema = leadListQuerySchema.extend({
  updated_since: z.iso
    .datetime({ offset: true, error: 'updated_since must be an ISO 8601 date-time' })
    .transform((value) => new Date(value))
    .optional(),
});

export type V1LeadListQuery = z.infer<typeof v1LeadListQuerySchema>;

/**
 * POST /api/v1/leads: a lead from another source (a phone call, a walk-in). The contact details
 * and property answers of a quote request; the server computes the estimate and score from the
 * contractor's prices, as for a homeowner's request.
 */
export const v1CreateLeadSchema = z.object(
  {
    ...quoteFormSchema.shape,
    ...estimateDetailsSchema.omit({ estimateLow: true, estimateMid: true, estimateHigh: true })
      .shape,
  },
  { error: 'Request body must be a JSON object' },
);

export type V1CreateLead = z.infer<typeof v1CreateLeadSchema>;

/** GET /api/v1/account. */
export interface V1Account {
  id: string;
  email: string;
  fullName: string | null;
  apiKey: { id: string; scopes: ApiKeyScope[] };
  plan: { id: PlanId | null; name: string | null; active: boolean };
  usage: { leadsThisMonth: number; monthlyLeadLimit: number | null };
}
