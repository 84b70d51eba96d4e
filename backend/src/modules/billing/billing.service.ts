import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CHECKOUT_CANCEL_PATH,
  CHECKOUT_SUCCESS_PATH,
  type CancelSubscriptionResponse,
  type CancellationStatusResponse,
  type ChangeSubscriptionInput,
  type ChangeSubscriptionResponse,
  type CheckoutResponse,
  type MonthlyLeadCountResponse,
  planChangeDirection,
  planChangePath,
  type PlanChangePreview,
  type PlanChangeTiming,
  planChangeTimings,
  type RefundResponse,
  type SubscriptionView,
} from '@rafter/domain/billing';
import {
  BILLING_TERMS,
  isSubscriptionActive,
  planLevel,
  PLANS,
  type PlanId,
  refundEligibility,
  type RefundEligibility,
} from '@rafter/domain/plans';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { type AuthenticatedUser } from '../auth/current-user.decorator';
import { OwnerLeadsService } from '../leads/owner-leads.service';
import { BillingException } from './billing.exception';
import { BillingRepository, type StoredSubscription } from './billing.repository';
import { STRIPE_CLIENT } from './stripe.provider';
import { type StripeCopy, SubscriptionSyncService } from './subscription-sync.service';

/** Subscriptions whose price can be switched in place; others are cancelled before checkout. */
const SWITCHABLE: readonly string[] = ['active', 'trialing'];

/**
 * How long a preview's amounts hold: a change confirmed later is refused and previewed again,
 * so nobody is charged for a proration time long past (Stripe itself accepts any time in the
 * period).
 */
export const PRORATION_QUOTE_MAX_AGE_SECONDS = 30 * 60;

const nowSeconds = () => Math.floor(Date.now() / 1000);

const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** What a preview invoice says a change costs, split into today's charge and the renewal. */
interface PreviewAmounts {
  amountDueToday: number;
  credit: number;
  nextRenewalAmount: number;
}

/**
 * Reads Stripe's preview of a change. Prorations (the lines Stripe marks `proration`, never
 * discounted) are what always_invoice bills at once, with the customer's balance applied; the
 * rest of the total is the next period. Credit left over after today is taken off the renewal.
 */
export function previewAmounts(invoice: Stripe.Invoice, timing: PlanChangeTiming): PreviewAmounts {
  const prorations = invoice.lines.data
    .filter((line) => line.parent?.subscription_item_details?.proration === true)
    .reduce((sum, line) => sum + line.amount, 0);
  const renewal = invoice.total - prorations;
  const balance = invoice.starting_balance;
  if (timing === 'period_end') {
    return { amountDueToday: 0, credit: 0, nextRenewalAmount: Math.max(0, renewal + balance) };
  }
  const today = prorations + balance;
  return {
    amountDueToday: Math.max(0, today),
    credit: Math.max(0, -prorations),
    nextRenewalAmount: Math.max(0, renewal + Math.min(0, today)),
  };
}

/** A row with Stripe ids: one that came from Stripe, as opposed to a seeded one. */
type LinkedSubscription = StoredSubscription & {
  providerSubscriptionId: string;
  providerCustomerId: string | null;
};

function isLinked(record: StoredSubscription | null): record is LinkedSubscription {
  return record?.providerSubscriptionId !== null && record?.providerSubscriptionId !== undefined;
}

/**
 * The spec's billing endpoints. Identity comes from the session: a body userId is only checked
 * against it. Stripe stays the source of truth: every change is made there first, and the row is
 * written from what Stripe answers (webhooks then confirm the same state).
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger(BillingService.name);

  constructor(
    private readonly repository: BillingRepository,
    private readonly sync: SubscriptionSyncService,
    private readonly ownerLeads: OwnerLeadsService,
    @Inject(STRIPE_CLIENT) private readonly stripeClient: Stripe | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The spec's payloads carry a userId; one that is not the caller's is refused. */
  assertOwnUser(user: AuthenticatedUser, userId: string | undefined): void {
    if (userId !== undefined && userId !== user.id) throw new BillingException('forbidden');
  }

  async view(user: AuthenticatedUser, now = new Date()): Promise<SubscriptionView> {
    const record = await this.repository.findSubscription(user.id);
    const monthlyLeadCount = await this.countMonthlyLeads(user.id, now);
    const refund = await this.refundEligibility(record, now);
    return {
      plan: record?.plan ?? null,
      status: record?.status ?? null,
      active: record ? isSubscriptionActive(record, now) : false,
      level: record ? planLevel(record, now) : 0,
      currentPeriodEnd: record?.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: record?.cancelAtPeriodEnd ?? false,
      monthlyLeadCount,
      monthlyLeadLimit: record ? PLANS[record.plan].monthlyLeadLimit : 0,
      refund: {
        eligible: refund.eligible,
        reason: refund.reason,
        message: refund.message,
        deadline: refund.windowEndsAt?.toISOString() ?? null,
      },
      pendingChange:
        record?.pendingPlan && record.pendingPlanAt && isSubscriptionActive(record, now)
          ? { plan: record.pendingPlan, effectiveAt: record.pendingPlanAt.toISOString() }
          : null,
      testMode: this.config.billingTestMode,
    };
  }

  async checkout(user: AuthenticatedUser, plan: PlanId): Promise<CheckoutResponse> {
    const stripe = this.requireStripe();
    const successUrl = `${this.config.PUBLIC_URL}${CHECKOUT_SUCCESS_PATH}`;
    const record = await this.repository.findSubscription(user.id);
    if (record && isSubscriptionActive(record, new Date())) {
      if (record.plan === plan) return { url: successUrl };
      // Paying again would leave two live subscriptions, and switching here would charge without
      // a confirmation: a subscriber confirms the change, with its price, on the subscription tab.
      if (isLinked(record)) return { url: `${this.config.PUBLIC_URL}${planChangePath(plan)}` };
    }
    const metadata = { userId: user.id, plan };
    const session = await this.callStripe(() =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: this.priceId(plan), quantity: 1 }],
        ...(record?.providerCustomerId
          ? { customer: record.providerCustomerId }
          : { customer_email: user.email }),
        client_reference_id: user.id,
        allow_promotion_codes: true,
        success_url: successUrl,
        cancel_url: `${this.config.PUBLIC_URL}${CHECKOUT_CANCEL_PATH}`,
        metadata,
        subscription_data: { metadata },
      }),
    );
    if (!session.url) throw new BillingException('payment_provider');
    this.logger.log({ userId: user.id, plan, sessionId: session.id }, 'Checkout session created');
    return { url: session.url };
  }

  /**
   * What changing to `plan` would cost, from Stripe's invoice preview: due today and at the next
   * renewal. Nothing changes. An upgrade is previewed now (prorated, at a proration time the
   * change then reuses); a downgrade at the renewal unless `timing` is now.
   */
  async previewChange(
    user: AuthenticatedUser,
    plan: PlanId,
    timing?: PlanChangeTiming,
  ): Promise<PlanChangePreview> {
    const record = await this.activeRecord(user.id, plan);
    const chosen = this.checkTiming(record.plan, plan, timing);
    const base = {
      plan,
      currentPlan: record.plan,
      direction: planChangeDirection(record.plan, plan),
      timings: planChangeTimings(record.plan, plan),
    };
    const stripe = this.requireStripe();
    const subscription = isLinked(record)
      ? await this.callStripe(() => stripe.subscriptions.retrieve(record.providerSubscriptionId))
      : null;
    const item = subscription?.items.data[0];
    if (!subscription || !item || !SWITCHABLE.includes(subscription.status)) {
      // Stripe has no subscription it can change: the new plan is bought through checkout.
      const start = new Date();
      const renewal = new Date(start);
      renewal.setUTCMonth(renewal.getUTCMonth() + 1);
      return {
        ...base,
        timing: 'now',
        timings: ['now'],
        via: 'checkout',
        amountDueToday: PLANS[plan].priceCents,
        credit: 0,
        prorationDate: null,
        nextRenewal: { date: renewal.toISOString(), amount: PLANS[plan].priceCents },
        withdrawsCancellation: record.cancelAtPeriodEnd,
      };
    }
    const prorationDate =
      chosen === 'now'
        ? Math.min(Math.max(nowSeconds(), item.current_period_start), item.current_period_end)
        : null;
    const amounts = await this.previewAmounts(
      stripe,
      subscription,
      item.id,
      plan,
      chosen,
      prorationDate,
    );
    return {
      ...base,
      timing: chosen,
      via: 'in_place',
      amountDueToday: amounts.amountDueToday,
      credit: amounts.credit,
      prorationDate,
      nextRenewal: {
        date: new Date(item.current_period_end * 1000).toISOString(),
        amount: amounts.nextRenewalAmount,
      },
      withdrawsCancellation: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    };
  }

  /**
   * Changes the live subscription to `plan`. Now: prorated and charged at once to the card on
   * file, at the preview's proration time, and only if the amount is still the one shown. At the
   * renewal: a Stripe subscription schedule moves it then (docs/decisions). Either way a pending
   * cancellation is taken back. A subscription Stripe cannot change is cancelled (canceledCount
   * 1) so checkout can start anew; without one there is nothing to change (0).
   */
  async changeSubscription(
    user: AuthenticatedUser,
    input: Omit<ChangeSubscriptionInput, 'userId'>,
  ): Promise<ChangeSubscriptionResponse> {
    const plan = input.newProductId;
    const stripe = this.requireStripe();
    const record = await this.repository.findSubscription(user.id);
    const unchanged = { canceledCount: 0, scheduledFor: null };
    if (
      !isLinked(record) ||
      record.status === 'canceled' ||
      record.status === 'incomplete_expired'
    ) {
      return unchanged;
    }
    const read = await this.subscriptionCall(() =>
      stripe.subscriptions.retrieve(record.providerSubscriptionId),
    );
    const { subscription } = read;
    if (!SWITCHABLE.includes(subscription.status)) {
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
        await this.sync.applyCurrent(user.id, read);
        return unchanged;
      }
      const canceled = await this.subscriptionCall(() =>
        stripe.subscriptions.cancel(subscription.id),
      );
      await this.sync.applyCurrent(user.id, canceled);
      this.logger.log(
        { userId: user.id, subscriptionId: subscription.id },
        'Unswitchable subscription canceled',
      );
      return { canceledCount: 1, scheduledFor: null };
    }
    const item = subscription.items.data[0];
    if (!item) throw new BillingException('payment_provider');
    const current = this.sync.planForPrice(item.price.id);
    if (current === plan) {
      // The plan held: choosing it again keeps it, taking back a scheduled change or a cancellation.
      const kept = await this.keepCurrentPlan(stripe, subscription);
      if (kept) await this.sync.applyCurrent(user.id, kept);
      return unchanged;
    }
    const timing = this.checkTiming(current ?? record.plan, plan, input.timing);
    if (timing === 'period_end') {
      return this.scheduleChange(stripe, user.id, subscription, item, plan);
    }

    const prorationDate = input.prorationDate ?? nowSeconds();
    const now = nowSeconds();
    if (
      prorationDate < item.current_period_start ||
      prorationDate > item.current_period_end ||
      prorationDate < now - PRORATION_QUOTE_MAX_AGE_SECONDS ||
      prorationDate > now + 60
    ) {
      throw new BillingException('quote_expired');
    }
    if (input.expectedAmountDue !== undefined) {
      const { amountDueToday } = await this.previewAmounts(
        stripe,
        subscription,
        item.id,
        plan,
        'now',
        prorationDate,
      );
      if (amountDueToday !== input.expectedAmountDue) {
        throw new BillingException(
          'quote_changed',
          `The amount due today is now ${money(amountDueToday)}, not ${money(input.expectedAmountDue)}. Please review the change again.`,
        );
      }
    }
    if (subscription.schedule) await this.releaseSchedule(stripe, idOf(subscription.schedule));
    const updated = await this.subscriptionCall(() =>
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: item.id, price: this.priceId(plan) }],
        proration_behavior: 'always_invoice',
        proration_date: prorationDate,
        // A declined card leaves the plan as it was instead of changing it unpaid.
        payment_behavior: 'error_if_incomplete',
        cancel_at_period_end: false,
        metadata: { userId: user.id, plan },
      }),
    );
    await this.sync.applyCurrent(user.id, updated);
    this.logger.log({ userId: user.id, plan }, 'Subscription plan changed');
    return unchanged;
  }

  /** Takes back a plan change waiting for the renewal; the current plan simply renews. */
  async cancelPendingChange(user: AuthenticatedUser): Promise<void> {
    const record = await this.repository.findSubscription(user.id);
    if (!isLinked(record) || !record.pendingPlan) throw new BillingException('no_pending_change');
    const stripe = this.requireStripe();
    const read = await this.subscriptionCall(() =>
      stripe.subscriptions.retrieve(record.providerSubscriptionId),
    );
    const { subscription } = read;
    if (!subscription.schedule) {
      await this.sync.applyCurrent(user.id, read);
      throw new BillingException('no_pending_change');
    }
    await this.releaseSchedule(stripe, idOf(subscription.schedule));
    const current = await this.subscriptionCall(() =>
      stripe.subscriptions.retrieve(subscription.id),
    );
    await this.sync.applyCurrent(user.id, current);
    this.logger.log({ userId: user.id }, 'Scheduled plan change taken back');
  }

  async cancel(user: AuthenticatedUser): Promise<CancelSubscriptionResponse> {
    const stripe = this.requireStripe();
    const record = await this.repository.findSubscription(user.id);
    if (!record || !isSubscriptionActive(record, new Date())) {
      throw new BillingException('no_subscription');
    }
    if (!isLinked(record)) {
      // A row Stripe never saw (the seeded demo contractor): there is nothing to cancel there.
      await this.repository.setCancelAtPeriodEnd(user.id);
      return { success: true, currentPeriodEnd: record.currentPeriodEnd?.toISOString() ?? null };
    }
    // Stripe refuses a cancellation on a scheduled subscription; cancelling drops the change.
    const live = await this.callStripe(() =>
      stripe.subscriptions.retrieve(record.providerSubscriptionId),
    );
    if (live.schedule) await this.releaseSchedule(stripe, idOf(live.schedule));
    const updated = await this.subscriptionCall(() =>
      stripe.subscriptions.update(record.providerSubscriptionId, { cancel_at_period_end: true }),
    );
    await this.sync.applyCurrent(user.id, updated);
    const { subscription } = updated;
    const item = subscription.items.data[0];
    const end = item ? new Date(item.current_period_end * 1000) : record.currentPeriodEnd;
    this.logger.log({ userId: user.id }, 'Subscription set to cancel at period end');
    return { success: true, currentPeriodEnd: end?.toISOString() ?? null };
  }

  async cancellationStatus(user: AuthenticatedUser): Promise<CancellationStatusResponse> {
    const record = await this.repository.findSubscription(user.id);
    return {
      isCanceling:
        record !== null && record.cancelAtPeriodEnd && isSubscriptionActive(record, new Date()),
    };
  }

  async monthlyLeadCount(user: AuthenticatedUser): Promise<MonthlyLeadCountResponse> {
    return { count: await this.countMonthlyLeads(user.id, new Date()) };
  }

  /**
   * Money-back guarantee: refunds every paid invoice of the subscription through Stripe, then
   * cancels it at once. Refunds carry an idempotency key per invoice, so a retried request never
   * pays back twice.
   */
  async refund(user: AuthenticatedUser, now = new Date()): Promise<RefundResponse> {
    const stripe = this.requireStripe();
    const record = await this.repository.findSubscription(user.id);
    const eligibility = await this.refundEligibility(record, now);
    if (!eligibility.eligible || !isLinked(record)) {
      throw new BillingException('refund_unavailable', eligibility.message);
    }
    const subscriptionId = record.providerSubscriptionId;
    const invoices = await this.callStripe(() =>
      stripe.invoices.list({
        subscription: subscriptionId,
        status: 'paid',
        limit: 100,
        expand: ['data.payments'],
      }),
    );
    for (const invoice of invoices.data) {
      if (invoice.amount_paid <= 0) continue;
      for (const payment of invoice.payments?.data ?? []) {
        if (payment.status !== 'paid') continue;
        const target = payment.payment.payment_intent
          ? { payment_intent: idOf(payment.payment.payment_intent) }
          : payment.payment.charge
            ? { charge: idOf(payment.payment.charge) }
            : null;
        if (!target) continue;
        await this.callStripe(() =>
          stripe.refunds.create(
            { ...target, reason: 'requested_by_customer', metadata: { userId: user.id } },
            { idempotencyKey: `refund-${payment.id}` },
          ),
        );
      }
    }
    const canceled = await this.subscriptionCall(() => stripe.subscriptions.cancel(subscriptionId));
    await this.sync.applyCurrent(user.id, canceled);
    await this.repository.setRefundedAt(user.id, now);
    const canceledAt = canceled.subscription.canceled_at
      ? new Date(canceled.subscription.canceled_at * 1000)
      : now;
    this.logger.log({ userId: user.id, subscriptionId }, 'Refunded and canceled');
    return { refunded: true, canceledAt: canceledAt.toISOString() };
  }

  private async refundEligibility(
    record: StoredSubscription | null,
    now: Date,
  ): Promise<RefundEligibility> {
    const active = record !== null && isSubscriptionActive(record, now);
    if (record?.refundedAt) {
      // The money-back guarantee is given once per account, not once per subscription.
      return {
        eligible: false,
        reason: active ? 'window_closed' : 'no_plan',
        message: active
          ? 'The money-back refund was already used on an earlier payment.'
          : `Your payment was refunded. Refunds are processed in ${BILLING_TERMS.refundProcessingText}.`,
        windowEndsAt: null,
      };
    }
    const periodStart = record?.currentPeriodStart ?? record?.firstPaidAt ?? null;
    const leadsThisPeriod =
      active && periodStart
        ? await this.ownerLeads.countReceivedSince(record.userId, periodStart)
        : 0;
    return refundEligibility(
      {
        plan: active ? record.plan : null,
        firstPaidAt: record?.firstPaidAt ?? null,
        leadsThisPeriod,
      },
      now,
    );
  }

  /** The caller's active subscription, for a change to another plan. */
  private async activeRecord(userId: string, plan: PlanId): Promise<StoredSubscription> {
    const record = await this.repository.findSubscription(userId);
    if (!record || !isSubscriptionActive(record, new Date())) {
      throw new BillingException('no_subscription');
    }
    if (record.plan === plan) throw new BillingException('same_plan');
    return record;
  }

  private checkTiming(from: PlanId, to: PlanId, timing?: PlanChangeTiming): PlanChangeTiming {
    const allowed = planChangeTimings(from, to);
    if (timing === undefined) return allowed[0]!;
    if (!allowed.includes(timing)) throw new BillingException('timing_not_allowed');
    return timing;
  }

  /**
   * Stripe's preview of the change: with `now`, the prorations at `prorationDate` and the next
   * period; at the renewal, the next period at the new price alone.
   */
  private async previewAmounts(
    stripe: Stripe,
    subscription: Stripe.Subscription,
    itemId: string,
    plan: PlanId,
    timing: PlanChangeTiming,
    prorationDate: number | null,
  ): Promise<PreviewAmounts> {
    const invoice = await this.callStripe(() =>
      stripe.invoices.createPreview({
        customer: idOf(subscription.customer),
        subscription: subscription.id,
        subscription_details: {
          items: [{ id: itemId, price: this.priceId(plan) }],
          proration_behavior: timing === 'now' ? 'create_prorations' : 'none',
          ...(prorationDate === null ? {} : { proration_date: prorationDate }),
        },
      }),
    );
    return previewAmounts(invoice, timing);
  }

  /**
   * A downgrade at the renewal, as a Stripe subscription schedule: this period stays on the
   * current price, the next one starts on the new one, then the schedule lets go. Stripe makes
   * the change and bills the renewal at the new price even if our webhooks are down.
   */
  private async scheduleChange(
    stripe: Stripe,
    userId: string,
    subscription: Stripe.Subscription,
    item: Stripe.SubscriptionItem,
    plan: PlanId,
  ): Promise<ChangeSubscriptionResponse> {
    if (subscription.cancel_at_period_end || subscription.cancel_at !== null) {
      await this.callStripe(() =>
        stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }),
      );
    }
    const schedule = subscription.schedule
      ? await this.callStripe(() =>
          stripe.subscriptionSchedules.retrieve(idOf(subscription.schedule!)),
        )
      : await this.callStripe(() =>
          stripe.subscriptionSchedules.create({ from_subscription: subscription.id }),
        );
    const currentPhase = schedule.current_phase;
    if (!currentPhase) throw new BillingException('payment_provider');
    await this.callStripe(() =>
      stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        proration_behavior: 'none',
        metadata: { userId, plan },
        phases: [
          {
            items: [{ price: item.price.id, quantity: 1 }],
            start_date: currentPhase.start_date,
            end_date: item.current_period_end,
          },
          {
            items: [{ price: this.priceId(plan), quantity: 1 }],
            duration: { interval: 'month', interval_count: 1 },
          },
        ],
      }),
    );
    const current = await this.subscriptionCall(() =>
      stripe.subscriptions.retrieve(subscription.id),
    );
    await this.sync.applyCurrent(userId, current);
    const scheduledFor = new Date(item.current_period_end * 1000).toISOString();
    this.logger.log({ userId, plan, scheduledFor }, 'Plan change scheduled for the renewal');
    return { canceledCount: 0, scheduledFor };
  }

  /** Drops a scheduled change and a pending cancellation; null when there was neither. */
  private async keepCurrentPlan(
    stripe: Stripe,
    subscription: Stripe.Subscription,
  ): Promise<StripeCopy | null> {
    if (subscription.schedule) await this.releaseSchedule(stripe, idOf(subscription.schedule));
    if (subscription.cancel_at_period_end || subscription.cancel_at !== null) {
      return this.subscriptionCall(() =>
        stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }),
      );
    }
    return subscription.schedule
      ? this.subscriptionCall(() => stripe.subscriptions.retrieve(subscription.id))
      : null;
  }

  private async releaseSchedule(stripe: Stripe, scheduleId: string): Promise<void> {
    await this.callStripe(() => stripe.subscriptionSchedules.release(scheduleId));
  }

  /** The month's usage: the count that decides whether the next lead is locked. */
  private countMonthlyLeads(userId: string, now: Date): Promise<number> {
    return this.ownerLeads.monthUsage(userId, now);
  }

  private priceId(plan: PlanId): string {
    const price = {
      starter: this.config.STRIPE_PRICE_STARTER,
      smart: this.config.STRIPE_PRICE_SMART,
      instant: this.config.STRIPE_PRICE_INSTANT,
    }[plan];
    if (!price) throw new BillingException('billing_disabled');
    return price;
  }

  private requireStripe(): Stripe {
    if (!this.stripeClient) throw new BillingException('billing_disabled');
    return this.stripeClient;
  }

  /** Stripe failures become a 502 with a retry hint; the cause is logged, not shown. */
  /** A Stripe call that returns the subscription, stamped with when it was sent. */
  private async subscriptionCall(call: () => Promise<Stripe.Subscription>): Promise<StripeCopy> {
    const requestedAt = new Date();
    return { subscription: await this.callStripe(call), requestedAt };
  }

  private async callStripe<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        this.logger.warn({ code: error.code, requestId: error.requestId }, 'Card declined');
        throw new BillingException('payment_declined');
      }
      if (error instanceof Stripe.errors.StripeError) {
        this.logger.error(
          { type: error.type, code: error.code, requestId: error.requestId },
          `Stripe request failed: ${error.message}`,
        );
        throw new BillingException('payment_provider');
      }
      throw error;
    }
  }
}

function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}
