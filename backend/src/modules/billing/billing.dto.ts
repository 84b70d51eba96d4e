import {
  changeSubscriptionSchema,
  checkoutSchema,
  PLAN_CHANGE_TIMINGS,
  planChangePreviewSchema,
  SUBSCRIPTION_STATUSES,
  userIdOnlySchema,
} from '@rafter/domain/billing';
import { PLAN_IDS } from '@rafter/domain/plans';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class CheckoutDto extends createZodDto(checkoutSchema) {}

export class ChangeSubscriptionDto extends createZodDto(changeSubscriptionSchema) {}

export class UserIdOnlyDto extends createZodDto(userIdOnlySchema) {}

export class PlanChangePreviewRequestDto extends createZodDto(planChangePreviewSchema) {}

export class PlanChangePreviewDto extends createZodDto(
  z.object({
    plan: z.enum(PLAN_IDS),
    currentPlan: z.enum(PLAN_IDS),
    direction: z.enum(['upgrade', 'downgrade']),
    timing: z.enum(PLAN_CHANGE_TIMINGS),
    timings: z.array(z.enum(PLAN_CHANGE_TIMINGS)).readonly(),
    via: z.enum(['in_place', 'checkout']),
    amountDueToday: z.number().int().describe('Cents charged when the change is confirmed'),
    credit: z.number().int().describe('Cents of unused time credited toward the next invoices'),
    prorationDate: z
      .number()
      .int()
      .nullable()
      .describe('Unix seconds; send it back with the change so the charge equals this preview'),
    nextRenewal: z.object({ date: z.iso.datetime(), amount: z.number().int() }),
    withdrawsCancellation: z.boolean(),
  }),
) {}

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
    pendingChange: z
      .object({ plan: z.enum(PLAN_IDS), effectiveAt: z.iso.datetime() })
      .nullable()
      .describe('A plan change waiting for the renewal'),
    testMode: z.boolean(),
  }),
) {}

export class CheckoutResponseDto extends createZodDto(z.object({ url: z.url() })) {}

export class ChangeSubscriptionResponseDto extends createZodDto(
  z.object({
    canceledCount: z.number().int(),
    scheduledFor: z.iso
      .datetime()
      .nullable()
      .describe('When a change made for the renewal takes effect; null when it took effect now'),
  }),
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
