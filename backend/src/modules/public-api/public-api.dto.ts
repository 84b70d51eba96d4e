import { API_KEY_SCOPES } from '@rafter/domain/api-keys';
import { PLAN_IDS } from '@rafter/domain/plans';
import {
  type V1Account,
  v1CreateLeadSchema,
  v1LeadListQuerySchema,
} from '@rafter/domain/public-api';
import {
  createHookSchema,
  hookSchema,
  WEBHOOK_EVENT_TYPES,
  webhookPayloadSchema,
} from '@rafter/domain/webhooks';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class V1LeadListQueryDto extends createZodDto(v1LeadListQuerySchema) {}

export class V1CreateLeadDto extends createZodDto(v1CreateLeadSchema) {}

export class V1AccountDto extends createZodDto(
  z.object({
    id: z.uuid(),
    email: z.string(),
    fullName: z.string().nullable(),
    apiKey: z.object({ id: z.uuid(), scopes: z.array(z.enum(API_KEY_SCOPES)) }),
    plan: z.object({
      id: z.enum(PLAN_IDS).nullable(),
      name: z.string().nullable(),
      active: z.boolean(),
    }),
    usage: z.object({
      leadsThisMonth: z.number().int(),
      monthlyLeadLimit: z.number().int().nullable().describe('null is unlimited'),
    }),
  }) satisfies z.ZodType<V1Account>,
) {}

export class CreateHookDto extends createZodDto(createHookSchema) {}

export class HookDto extends createZodDto(hookSchema) {}

export class HookSamplesParamsDto extends createZodDto(
  z.object({ event: z.enum(WEBHOOK_EVENT_TYPES) }),
) {}

export class WebhookPayloadDto extends createZodDto(webhookPayloadSchema) {}
