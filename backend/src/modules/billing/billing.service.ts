import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CHECKOUT_CANCEL_PATH,
  CHECKOUT_SUCCESS_PATH,
  type CancelSubscriptionResponse,
  type CancellationStatusResponse,
  type ChangeSubscriptionResponse,
  type CheckoutResponse,
  type MonthlyLeadCountResponse,
  type RefundResponse,
  startOfMonth,
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
import { BillingException } from './billing.exception';
import { BillingRepository, type StoredSubscription } from './billing.repository';
import { STRIPE_CLIENT } from './stripe.provider';
import { SubscriptionSyncService } from './subscription-sync.service';

/** Subscriptions whose price can be switched in place; others are cancelled before checkout. */
const SWITCHABLE: readonly string[] = ['active', 'trialing'];

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
      testMode: this.config.billingTestMode,
    };
  }

  async checkout(user: AuthenticatedUser, plan: PlanId): Promise<CheckoutResponse> {
    const stripe = this.requireStripe();
    const successUrl = `${this.config.PUBLIC_URL}${CHECKOUT_SUCCESS_PATH}`;
    const record = await this.repository.findSubscription(user.id);
    if (record && isSubscriptionActive(record, new Date())) {
      if (record.plan === plan) return { url: successUrl };
      // Paying again would leave two live subscriptions; switching keeps one and prorates.
      if (
        isLinked(record) &&
        (await this.switchPlan(stripe, user.id, record, plan)) === 'switched'
      ) {
        return { url: successUrl };
      }
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

  async changeSubscription(
    user: AuthenticatedUser,
    plan: PlanId,
  ): Promise<ChangeSubscriptionResponse> {
    const stripe = this.requireStripe();
    const record = await this.repository.findSubscription(user.id);
    if (
      !isLinked(record) ||
      record.status === 'canceled' ||
      record.status === 'incomplete_expired'
    ) {
      return { canceledCount: 0 };
    }
    const outcome = await this.switchPlan(stripe, user.id, record, plan);
    return { canceledCount: outcome === 'canceled' ? 1 : 0 };
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
    const subscription = await this.callStripe(() =>
      stripe.subscriptions.update(record.providerSubscriptionId, { cancel_at_period_end: true }),
    );
    await this.sync.applyCurrent(user.id, subscription);
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
    const canceled = await this.callStripe(() => stripe.subscriptions.cancel(subscriptionId));
    await this.sync.applyCurrent(user.id, canceled);
    await this.repository.setRefundedAt(user.id, now);
    const canceledAt = canceled.canceled_at ? new Date(canceled.canceled_at * 1000) : now;
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
      active && periodStart ? await this.repository.countLeadsSince(record.userId, periodStart) : 0;
    return refundEligibility(
      {
        plan: active ? record.plan : null,
        firstPaidAt: record?.firstPaidAt ?? null,
        leadsThisPeriod,
      },
      now,
    );
  }

  /**
   * Moves a live subscription to `plan` with proration billed now, which also takes back a
   * pending cancellation; one that cannot be switched is cancelled so checkout can start anew.
   */
  private async switchPlan(
    stripe: Stripe,
    userId: string,
    record: LinkedSubscription,
    plan: PlanId,
  ): Promise<'switched' | 'canceled' | 'unchanged'> {
    const subscription = await this.callStripe(() =>
      stripe.subscriptions.retrieve(record.providerSubscriptionId),
    );
    if (!SWITCHABLE.includes(subscription.status)) {
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
        await this.sync.applyCurrent(userId, subscription);
        return 'unchanged';
      }
      const canceled = await this.callStripe(() => stripe.subscriptions.cancel(subscription.id));
      await this.sync.applyCurrent(userId, canceled);
      this.logger.log(
        { userId, subscriptionId: subscription.id },
        'Unswitchable subscription canceled',
      );
      return 'canceled';
    }
    const item = subscription.items.data[0];
    const price = this.priceId(plan);
    if (!item) throw new BillingException('payment_provider');
    if (item.price.id === price && !subscription.cancel_at_period_end) return 'unchanged';
    const updated = await this.callStripe(() =>
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: item.id, price }],
        proration_behavior: 'always_invoice',
        cancel_at_period_end: false,
        metadata: { userId, plan },
      }),
    );
    await this.sync.applyCurrent(userId, updated);
    this.logger.log({ userId, plan }, 'Subscription plan changed');
    return 'switched';
  }

  private async countMonthlyLeads(userId: string, now: Date): Promise<number> {
    const timezone = await this.repository.findTimezone(userId);
    return this.repository.countLeadsSince(userId, startOfMonth(now, timezone));
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
  private async callStripe<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
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
