import { z } from 'zod';
import { PLAN_IDS, PLANS, type PlanId, type PlanLevel, type RefundReason } from './plans';

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
  /** A plan change waiting for the renewal (a downgrade), or null. */
  pendingChange: PendingPlanChange | null;
  /** Payments run against Stripe's test mode or the local fake: the UI says so. */
  testMode: boolean;
}

export interface PendingPlanChange {
  plan: PlanId;
  /** ISO date-time: the end of the current period. */
  effectiveAt: string;
}

/** When a plan change takes effect: at once (prorated) or at the renewal. */
export const PLAN_CHANGE_TIMINGS = ['now', 'period_end'] as const;
export type PlanChangeTiming = (typeof PLAN_CHANGE_TIMINGS)[number];

export type PlanChangeDirection = 'upgrade' | 'downgrade';

export function planChangeDirection(from: PlanId, to: PlanId): PlanChangeDirection {
  return PLANS[to].level > PLANS[from].level ? 'upgrade' : 'downgrade';
}

/**
 * The timings a contractor may choose, the default first. An upgrade starts at once (the
 * contractor wants the bigger plan now and pays the prorated difference); a downgrade waits for
 * the renewal, so nothing already paid for is lost, unless the contractor chooses now, when the
 * unused time is credited toward the next invoices.
 */
export function planChangeTimings(from: PlanId, to: PlanId): readonly PlanChangeTiming[] {
  return planChangeDirection(from, to) === 'upgrade' ? ['now'] : ['period_end', 'now'];
}

/** POST /api/billing/plan-change-preview: what a change would cost, before it is made. */
export interface PlanChangePreview {
  plan: PlanId;
  currentPlan: PlanId;
  direction: PlanChangeDirection;
  timing: PlanChangeTiming;
  /** What the contractor may choose; the first is the default. */
  timings: readonly PlanChangeTiming[];
  /**
   * 'in_place': the subscription is changed and charged to the card on file. 'checkout': a
   * subscription Stripe cannot change (none there yet, as for the seeded demo contractor) goes
   * through a new checkout for the new plan.
   */
  via: 'in_place' | 'checkout';
  /** Cents charged when the change is confirmed. */
  amountDueToday: number;
  /** Cents of unused time credited toward the next invoices (a downgrade made now). */
  credit: number;
  /**
   * Stripe's proration time (Unix seconds) the amounts were computed for; sent back with the
   * change so the charge equals this preview. Null when nothing is prorated.
   */
  prorationDate: number | null;
  /** The first renewal after the change: ISO date-time and cents due then. */
  nextRenewal: { date: string; amount: number };
  /** The subscription was set to cancel: the change takes that back. */
  withdrawsCancellation: boolean;
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

const timingSchema = z.enum(PLAN_CHANGE_TIMINGS, {
  error: `Timing must be one of ${PLAN_CHANGE_TIMINGS.join(', ')}`,
});

export const planChangePreviewSchema = z.object({
  newProductId: productIdSchema('New product id'),
  timing: timingSchema.optional(),
});
export type PlanChangePreviewInput = z.infer<typeof planChangePreviewSchema>;

/**
 * The spec's payload plus what the confirmation showed: without a timing an upgrade starts now
 * and a downgrade at the renewal; `prorationDate` and `expectedAmountDue` come from the preview,
 * so the charge is the one the contractor saw (or the change is refused).
 */
export const changeSubscriptionSchema = z.object({
  userId: userIdField,
  newProductId: productIdSchema('New product id'),
  timing: timingSchema.optional(),
  prorationDate: z
    .number({ error: 'Proration date must be a Unix time in seconds' })
    .int('Proration date must be a Unix time in seconds')
    .positive('Proration date must be a Unix time in seconds')
    .optional(),
  expectedAmountDue: z
    .number({ error: 'Expected amount due must be a whole number of cents' })
    .int('Expected amount due must be a whole number of cents')
    .min(0, 'Expected amount due must not be negative')
    .optional(),
});
export type ChangeSubscriptionInput = z.infer<typeof changeSubscriptionSchema>;

export const userIdOnlySchema = z.object({ userId: userIdField });
export type UserIdOnlyInput = z.infer<typeof userIdOnlySchema>;

export interface CheckoutResponse {
  url: string;
}
export interface ChangeSubscriptionResponse {
  /** 1 when the old subscription could not be changed and was cancelled: checkout follows. */
  canceledCount: number;
  /** ISO date-time a scheduled change takes effect; null when it took effect now (or none). */
  scheduledFor: string | null;
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

/** Where a subscriber choosing another plan confirms the change (never a second checkout). */
export function planChangePath(plan: PlanId): string {
  return `/dashboard?tab=subscription&change=${plan}`;
}

/** One formatter per zone: building one costs far more than using it. */
const WALL_CLOCKS = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = WALL_CLOCKS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    WALL_CLOCKS.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time in `timeZone` at `instant`, as epoch ms read as if it were UTC. */
export function wallClockUtc(instant: number, timeZone: string): number {
  const parts = wallClockFormat(timeZone).formatToParts(new Date(instant));
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
