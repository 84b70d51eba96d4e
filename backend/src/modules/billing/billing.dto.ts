import {
  changeSubscriptionSchema,
  checkoutSchema,
  SUBSCRIPTION_STATUSES,
  userIdOnlySchema,
} from '@rafter/domain/billing';
import { PLAN_IDS } from '@rafter/domain/plans';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class CheckoutDto extends createZodDto(checkoutSchema) {}

export class ChangeSubscriptionDto extends createZodDto(changeSubscriptionSchema) {}

export class UserIdOnlyDto extends createZodDto(userIdOnlySchema) {}

export class SubscriptionViewDto extends createZodDto(
  z.object({
    plan: z.enum(PLAN_IDS).nullable(),
    status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
    active: z.boolean(),
    level: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    currentPeriodEnd: z.iso.datetime().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    monthlyLeadCount: z.number().int(),
    monthlyLeadLimit: z.number().int().nullable(),
    refund: z.object({
      eligible: z.boolean(),
      reason: z.enum(['eligible', 'no_plan', 'no_payment', 'window_closed', 'too_many_leads']),
      message: z.string(),
      deadline: z.iso.datetime().nullable(),
    }),
    testMode: z.boolean(),
  }),
) {}

export class CheckoutResponseDto extends createZodDto(z.object({ url: z.url() })) {}

export class ChangeSubscriptionResponseDto extends createZodDto(
  z.object({ canceledCount: z.number().int() }),
) {}

export class CancelSubscriptionResponseDto extends createZodDto(
  z.object({ success: z.literal(true), currentPeriodEnd: z.iso.datetime().nullable() }),
) {}

export class CancellationStatusDto extends createZodDto(z.object({ isCanceling: z.boolean() })) {}

export class MonthlyLeadCountDto extends createZodDto(z.object({ count: z.number().int() })) {}

export class RefundResponseDto extends createZodDto(
  z.object({ refunded: z.literal(true), canceledAt: z.iso.datetime() }),
) {}

export class WebhookReceivedDto extends createZodDto(z.object({ received: z.literal(true) })) {}
