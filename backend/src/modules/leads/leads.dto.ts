import {
  addLeadNoteSchema,
  type DashboardMetrics,
  LEAD_EVENT_TYPES,
  LEAD_SOURCES,
  leadCountsQuerySchema,
  leadExportQuerySchema,
  leadListQuerySchema,
  markLeadSpamSchema,
  type LeadCounts,
  type LeadDetail,
  type LeadListItem,
  type LeadPage,
  type LeadTimelineEntry,
} from '@rafter/domain/crm';
import { LEAD_STATUSES, updateLeadStatusSchema } from '@rafter/domain/lead';
import { MATERIALS } from '@rafter/domain/materials';
import { leadSoldPriceSchema } from '@rafter/domain/sold-price';
import { OWNERSHIP_VALUES, STORIES_VALUES } from '@rafter/domain/property';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class LeadListQueryDto extends createZodDto(leadListQuerySchema) {}

export class LeadCountsQueryDto extends createZodDto(leadCountsQuerySchema) {}

export class LeadExportQueryDto extends createZodDto(leadExportQuerySchema) {}

export class UpdateLeadStatusDto extends createZodDto(updateLeadStatusSchema) {}

export class AddLeadNoteDto extends createZodDto(addLeadNoteSchema) {}

export class MarkLeadSpamDto extends createZodDto(markLeadSpamSchema) {}

export class LeadSoldPriceDto extends createZodDto(leadSoldPriceSchema) {}

// Response shapes for the OpenAPI document, checked against the domain types they describe.

const status = z.enum(LEAD_STATUSES);

const leadListItemSchema = z.object({
  id: z.uuid(),
  name: z.string().describe("'Locked lead' when locked"),
  email: z.string().nullable().describe('null when locked'),
  phone: z.string().nullable().describe('10 digits; null when locked'),
  address: z.string().nullable().describe('null when locked'),
  zipCode: z.string(),
  latitude: z.number().nullable().describe('null when locked'),
  longitude: z.number().nullable().describe('null when locked'),
  ownership: z.enum(OWNERSHIP_VALUES),
  material: z.enum(MATERIALS),
  stories: z.enum(STORIES_VALUES),
  roofArea: z.number().int().describe('Square feet'),
  estimateLow: z.number().int().describe('Whole dollars'),
  estimateMid: z.number().int(),
  estimateHigh: z.number().int(),
  score: z.number().int().describe('0-100'),
  status,
  source: z.enum(LEAD_SOURCES),
  locked: z.boolean(),
  lockedReason: z.enum(['monthly_limit', 'no_active_plan']).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}) satisfies z.ZodType<LeadListItem>;

const timelineEntrySchema = z.object({
  id: z.uuid(),
  type: z.enum(LEAD_EVENT_TYPES),
  at: z.iso.datetime(),
  fromStatus: status.nullable(),
  toStatus: status.nullable(),
  note: z.string().nullable(),
  detail: z
    .string()
    .nullable()
    .describe('What a follow-up entry says: the step sent (and its subject), or why it was not'),
}) satisfies z.ZodType<LeadTimelineEntry>;

const changeSchema = z
  .number()
  .nullable()
  .describe('Percent vs the previous 30 days; null without data');

export class LeadListItemDto extends createZodDto(leadListItemSchema) {}

export class LeadPageDto extends createZodDto(
  z.object({
    items: z.array(leadListItemSchema),
    nextCursor: z.string().nullable().describe('Pass as cursor for the next page'),
  }) satisfies z.ZodType<LeadPage>,
) {}

const count = z.number().int();

export class LeadCountsDto extends createZodDto(
  z.object({
    all: count,
    new: count,
    contacted: count,
    qualified: count,
    converted: count,
    lost: count,
  }) satisfies z.ZodType<LeadCounts>,
) {}

export class LeadTimelineEntryDto extends createZodDto(timelineEntrySchema) {}

export class LeadDetailDto extends createZodDto(
  leadListItemSchema.extend({
    spam: z.boolean().describe('Flagged as spam: left out of lists, figures and export'),
    scoreReasons: z
      .array(z.object({ reason: z.string(), points: z.number().int() }))
      .nullable()
      .describe('null below the Smart plan'),
    soldPrice: z
      .number()
      .int()
      .nullable()
      .describe('What the job sold for, whole dollars; null when not entered'),
    timeline: z.array(timelineEntrySchema).describe('Oldest first'),
  }) satisfies z.ZodType<LeadDetail>,
) {}

export class DashboardMetricsDto extends createZodDto(
  z.object({
    totalLeads: z.number().int(),
    qualifiedLeads: z.number().int(),
    averageRoofValue: z.number().int(),
    conversionRate: z.number().int(),
    changes: z.object({
      totalLeads: changeSchema,
      qualifiedLeads: changeSchema,
      averageRoofValue: changeSchema,
      conversionRate: changeSchema,
    }),
    recentLeads: z.array(leadListItemSchema),
    leadsOverTime: z.array(z.object({ date: z.iso.date(), count: z.number().int() })),
    pipeline: z.array(z.object({ status, count: z.number().int() })),
  }) satisfies z.ZodType<DashboardMetrics>,
) {}
