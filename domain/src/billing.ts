import { z } from 'zod';
import { PLAN_IDS, type PlanId, type PlanLevel, type RefundReason } from './plans';

/** Stripe's subscription statuses, verbatim (the subscriptions table stores them as they come). */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** GET /api/billing/subscription: everything the subscription tab shows. */
export interface SubscriptionView {
  /** null: never subscribed. */
  plan: PlanId | null;
  status: SubscriptionStatus | null;
  /** isSubscriptionActive: status active and the period end missing or in the future. */
  active: boolean;
  level: PlanLevel;
  /** ISO date-time. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  monthlyLeadCount: number;
  /** null is unlimited. */
  monthlyLeadLimit: number | null;
  refund: { eligible: boolean; reason: RefundReason; message: string; deadline: string | null };
  /** Payments run against Stripe's test mode or the local fake: the UI says so. */
  testMode: boolean;
}

const PRODUCT_ID_ERROR = `Product id must be one of ${PLAN_IDS.join(', ')}`;

function productIdSchema(label: string) {
  return z.enum(PLAN_IDS, {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? `${label} is required` : PRODUCT_ID_ERROR,
  });
}

/**
 * The spec's payloads carry a userId; identity comes from the session, so it is optional and,
 * when present, must be the caller's own (checked by the API, 403 otherwise).
 */
const userIdField = z.string({ error: 'User id must be text' }).trim().min(1).max(100).optional();

export const checkoutSchema = z.object({
  userId: userIdField,
  productId: productIdSchema('Product id'),
  /** The subscription tab sends it; the account's own address is used for Stripe. */
  email: z.string({ error: 'Email must be text' }).max(254).optional(),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;

export const changeSubscriptionSchema = z.object({
  userId: userIdField,
  newProductId: productIdSchema('New product id'),
});
export type ChangeSubscriptionInput = z.infer<typeof changeSubscriptionSchema>;

export const userIdOnlySchema = z.object({ userId: userIdField });
export type UserIdOnlyInput = z.infer<typeof userIdOnlySchema>;

export interface CheckoutResponse {
  url: string;
}
export interface ChangeSubscriptionResponse {
  canceledCount: number;
}
export interface CancelSubscriptionResponse {
  success: true;
  /** ISO date-time the access ends. */
  currentPeriodEnd: string | null;
}
export interface CancellationStatusResponse {
  isCanceling: boolean;
}
export interface MonthlyLeadCountResponse {
  count: number;
}
export interface RefundResponse {
  refunded: true;
  canceledAt: string;
}

/** Where Stripe Checkout returns to: the dashboard's subscription tab. */
export const CHECKOUT_SUCCESS_PATH = '/dashboard?tab=subscription&checkout=success';
export const CHECKOUT_CANCEL_PATH = '/dashboard?tab=subscription&checkout=canceled';

/** The wall-clock time in `timeZone` at `instant`, as epoch ms read as if it were UTC. */
export function wallClockUtc(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
}

/**
 * First instant of the calendar month `now` falls in, in the contractor's time zone (an IANA
 * name from the business profile), else in UTC: the monthly lead count starts there.
 */
export function startOfMonth(now: Date, timeZone: string | null): Date {
  const utcStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  if (!timeZone) return utcStart;
  try {
    const local = new Date(wallClockUtc(now.getTime(), timeZone));
    const guess = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
    // The zone's offset at the guess, then again at the corrected instant (DST changes).
    const first = guess - (wallClockUtc(guess, timeZone) - guess);
    return new Date(guess - (wallClockUtc(first, timeZone) - first));
  } catch {
    // An unknown zone name: count by UTC rather than fail the request.
    return utcStart;
  }
}
