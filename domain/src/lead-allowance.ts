import { startOfMonth } from './billing';
import { type LeadLockReason } from './crm';
import { leadAllowance, NO_PLAN_LEVEL, planLevel, type SubscriptionState } from './plans';

/**
 * The monthly lead allowance: one rule for every place that counts a contractor's month (a quote
 * request, a marketplace lead, the Subscription tab's usage, the unlocks after a plan change, a
 * spam flag or a new month). docs/decisions/0020.
 *
 * - **The month** is the calendar month in the contractor's time zone (the business profile's
 *   IANA name), in UTC when the profile has none or an unknown one.
 * - **A lead counts** toward the month when the contractor can see it (not locked), it is not
 *   flagged as spam, and it was received in the month, or received earlier and unlocked in the
 *   month (carried over: it takes a new lead's place instead of adding to the allowance).
 * - **A new lead** is stored locked when the month's count has reached the plan's allowance
 *   ('monthly_limit'), or when there is no active plan ('no_active_plan'); an unlimited plan
 *   never locks.
 * - **Unlocking** (oldest first) fills the room left: the allowance minus the month's count.
 *
 * Locked leads do not count, so the usage a contractor sees is exactly the number that decides
 * whether the next lead is locked.
 */
export interface OwnerMonth {
  /** The contractor's plan. */
  subscription: SubscriptionState;
  /** The business profile's time zone, or null. */
  timeZone: string | null;
}

/** The first instant of the contractor's counting month at `now`. */
export function allowanceMonthStart(timeZone: string | null, now: Date): Date {
  return startOfMonth(now, timeZone);
}

/**
 * Lock reasons for `arriving` new leads of one contractor, in the order they are stored, after
 * `counted` leads this month: the first ones up to the allowance are visible, the rest locked.
 * The capture statement (leads' batched insert) applies the same rule in SQL.
 */
export function newLeadLocks(
  subscription: SubscriptionState,
  counted: number,
  arriving: number,
  now: Date,
): (LeadLockReason | null)[] {
  const allowance = leadAllowance(subscription, now);
  const locked: LeadLockReason =
    planLevel(subscription, now) === NO_PLAN_LEVEL ? 'no_active_plan' : 'monthly_limit';
  return Array.from({ length: arriving }, (_, index) =>
    allowance === null || counted + index < allowance ? null : locked,
  );
}

/** Why one new lead is stored locked after `counted` leads this month, or null. */
export function newLeadLock(
  subscription: SubscriptionState,
  counted: number,
  now: Date,
): LeadLockReason | null {
  return newLeadLocks(subscription, counted, 1, now)[0] ?? null;
}

/**
 * How many locked leads may be unlocked after `counted` leads this month: null for all of them
 * (unlimited plan), 0 without an active plan or with the allowance reached.
 */
export function unlockRoom(
  subscription: SubscriptionState,
  counted: number,
  now: Date,
): number | null {
  const allowance = leadAllowance(subscription, now);
  if (allowance === null) return null;
  return Math.max(0, allowance - counted);
}

/**
 * Whether capturing for this plan needs the month's count at all: only a finite, non-zero
 * allowance does (no plan locks every lead, an unlimited plan none).
 */
export function needsMonthCount(subscription: SubscriptionState, now: Date): boolean {
  const allowance = leadAllowance(subscription, now);
  return allowance !== null && allowance > 0;
}
