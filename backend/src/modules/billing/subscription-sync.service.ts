import { Inject, Injectable, Logger } from '@nestjs/common';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@rafter/domain/billing';
import { type PlanId } from '@rafter/domain/plans';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LocalEvents } from '../../core/events/local-events';
import { BillingRepository, type SubscriptionSnapshot } from './billing.repository';
import { STRIPE_CLIENT } from './stripe.provider';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Statuses of a subscription that is over; such a one never replaces the user's current one. */
const ENDED: readonly Stripe.Subscription.Status[] = ['canceled', 'incomplete_expired'];

/** Schedules carry a plan change waiting for the renewal; each event re-reads its subscription. */
const SCHEDULE_EVENTS = new Set<string>([
  'subscription_schedule.created',
  'subscription_schedule.updated',
  'subscription_schedule.released',
  'subscription_schedule.canceled',
  'subscription_schedule.completed',
  'subscription_schedule.aborted',
]);

const SUBSCRIPTION_EVENTS = new Set<string>([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

export function fromSeconds(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

function isKnownStatus(status: string): status is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

/** A subscription as Stripe returned it, and when the request that returned it was sent. */
export interface StripeCopy {
  subscription: Stripe.Subscription;
  requestedAt: Date;
}

export interface ScheduledChange {
  plan: PlanId;
  at: Date;
}

/**
 * The plan change a subscription schedule holds for the renewal: the phase that starts when the
 * current one ends, if its price is another of our plans. A schedule that no longer runs (released,
 * canceled, completed) holds none.
 */
export function scheduledPlanChange(
  schedule: Stripe.SubscriptionSchedule,
  currentPlan: PlanId,
  planForPrice: (priceId: string) => PlanId | null,
): ScheduledChange | null {
  if (schedule.status !== 'active' && schedule.status !== 'not_started') return null;
  const currentEnd = schedule.current_phase?.end_date;
  if (currentEnd === undefined) return null;
  const next = schedule.phases.find((phase) => phase.start_date >= currentEnd);
  const price = next?.items[0]?.price;
  const plan = price ? planForPrice(idOf(price)) : null;
  if (!next || !plan || plan === currentPlan) return null;
  return { plan, at: new Date(next.start_date * 1000) };
}

/**
 * Keeps each user's subscription row a mirror of Stripe. Webhook events only say "look again":
 * the subscription is re-read from Stripe, so duplicates and events arriving in any order leave
 * the row at Stripe's current state. Only if Stripe no longer has it does the event's own copy
 * count, and then only when it is not older than the last one applied. After every change the
 * owner's locked leads that the plan now allows are unlocked.
 */
@Injectable()
export class SubscriptionSyncService {
  private readonly logger = new Logger(SubscriptionSyncService.name);
  private readonly planByPrice: Map<string, PlanId>;

  constructor(
    private readonly repository: BillingRepository,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly events: LocalEvents,
  ) {
    this.planByPrice = new Map<string, PlanId>([
      [config.STRIPE_PRICE_STARTER ?? '', 'starter'],
      [config.STRIPE_PRICE_SMART ?? '', 'smart'],
      [config.STRIPE_PRICE_INSTANT ?? '', 'instant'],
    ]);
    this.planByPrice.delete('');
  }

  /** Applies one verified webhook event, once per event id. */
  async handleEvent(event: Stripe.Event): Promise<void> {
    if (await this.repository.isEventProcessed(event.id)) {
      this.logger.log({ eventId: event.id, type: event.type }, 'Duplicate Stripe event ignored');
      return;
    }
    const eventAt = new Date(event.created * 1000);
    if (event.type === 'checkout.session.completed') {
      const session = event.data.object;
      if (session.mode === 'subscription' && session.subscription) {
        await this.sync(idOf(session.subscription), eventAt, null, session.client_reference_id);
      }
    } else if (SUBSCRIPTION_EVENTS.has(event.type)) {
      const subscription = event.data.object as Stripe.Subscription;
      await this.sync(subscription.id, eventAt, subscription, null);
    } else if (event.type === 'invoice.paid') {
      await this.invoicePaid(event.data.object, eventAt);
    } else if (SCHEDULE_EVENTS.has(event.type)) {
      const schedule = event.data.object as Stripe.SubscriptionSchedule;
      const subscription = schedule.subscription ?? schedule.released_subscription;
      if (subscription) await this.sync(idOf(subscription), eventAt, null, null);
    }
    await this.repository.recordEvent(event.id, event.type);
    this.logger.log({ eventId: event.id, type: event.type }, 'Stripe event applied');
  }

  /** Stores a subscription just read from or returned by Stripe (the API's own changes). */
  async applyCurrent(userId: string, copy: StripeCopy): Promise<void> {
    const snapshot = await this.toSnapshot(copy.subscription);
    if (snapshot) await this.apply(userId, snapshot, copy.requestedAt, null, true);
  }

  planForPrice(priceId: string): PlanId | null {
    return this.planByPrice.get(priceId) ?? null;
  }

  private async invoicePaid(invoice: Stripe.Invoice, eventAt: Date): Promise<void> {
    const subscriptionRef = invoice.parent?.subscription_details?.subscription;
    if (!subscriptionRef) return;
    const subscriptionId = idOf(subscriptionRef);
    const userId = await this.sync(subscriptionId, eventAt, null, null);
    if (userId && invoice.amount_paid > 0) {
      const paidAt = fromSeconds(invoice.status_transitions.paid_at) ?? eventAt;
      await this.repository.setFirstPaidAt(userId, subscriptionId, paidAt);
    }
  }

  /** Re-reads the subscription and stores it for its user; returns the user id if it was found. */
  private async sync(
    subscriptionId: string,
    eventAt: Date,
    fromEvent: Stripe.Subscription | null,
    userHint: string | null,
  ): Promise<string | null> {
    const observedAt = new Date();
    const current = await this.retrieve(subscriptionId);
    const subscription = current ?? fromEvent;
    if (!subscription) {
      this.logger.warn({ subscriptionId }, 'Stripe subscription not found; event skipped');
      return null;
    }
    const userId = await this.findUser(subscription, userHint);
    if (!userId) {
      this.logger.warn({ subscriptionId }, 'No user for Stripe subscription; event skipped');
      return null;
    }
    const snapshot = await this.toSnapshot(subscription);
    if (snapshot) await this.apply(userId, snapshot, observedAt, eventAt, current !== null);
    return userId;
  }

  private async retrieve(subscriptionId: string): Promise<Stripe.Subscription | null> {
    if (!this.stripe) return null;
    try {
      return await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['schedule'] });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
        return null;
      }
      throw error;
    }
  }

  /** Checkout's client_reference_id, the user id put in the subscription's metadata, or the row. */
  private async findUser(
    subscription: Stripe.Subscription,
    hint: string | null,
  ): Promise<string | null> {
    for (const candidate of [hint, subscription.metadata?.userId]) {
      if (candidate && UUID.test(candidate) && (await this.repository.userExists(candidate))) {
        return candidate;
      }
    }
    return this.repository.findUserIdByProviderIds(subscription.id, idOf(subscription.customer));
  }

  private async toSnapshot(
    subscription: Stripe.Subscription,
  ): Promise<SubscriptionSnapshot | null> {
    const item = subscription.items.data[0];
    const plan = item ? this.planForPrice(item.price.id) : null;
    if (!item || !plan || !isKnownStatus(subscription.status)) {
      this.logger.warn(
        { subscriptionId: subscription.id, priceId: item?.price.id, status: subscription.status },
        'Stripe subscription has no price of ours or an unknown status; skipped',
      );
      return null;
    }
    const pending = ENDED.includes(subscription.status)
      ? null
      : await this.pendingChange(subscription, plan);
    return {
      plan,
      status: subscription.status,
      providerCustomerId: idOf(subscription.customer),
      providerSubscriptionId: subscription.id,
      currentPeriodStart: fromSeconds(item.current_period_start),
      currentPeriodEnd: fromSeconds(item.current_period_end),
      cancelAtPeriodEnd:
        subscription.status !== 'canceled' &&
        (subscription.cancel_at_period_end || subscription.cancel_at !== null),
      canceledAt: fromSeconds(subscription.canceled_at),
      pendingPlan: pending?.plan ?? null,
      pendingPlanAt: pending?.at ?? null,
    };
  }

  /** The plan change the subscription's schedule holds, read from Stripe when not expanded. */
  private async pendingChange(
    subscription: Stripe.Subscription,
    currentPlan: PlanId,
  ): Promise<ScheduledChange | null> {
    const reference = subscription.schedule;
    if (!reference) return null;
    let schedule: Stripe.SubscriptionSchedule | null = null;
    if (typeof reference !== 'string') schedule = reference;
    else if (this.stripe) {
      try {
        schedule = await this.stripe.subscriptionSchedules.retrieve(reference);
      } catch (error) {
        if (!(
          error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404
        )) {
          throw error;
        }
      }
    }
    return schedule
      ? scheduledPlanChange(schedule, currentPlan, (price) => this.planForPrice(price))
      : null;
  }

  /**
   * Writes the snapshot unless the row holds something newer: a copy read from Stripe later (a
   * webhook's re-read that began before the contractor's own change finished must not undo it),
   * the subscription that followed an ended one, or a later event's copy.
   */
  private async apply(
    userId: string,
    snapshot: SubscriptionSnapshot,
    observedAt: Date,
    eventAt: Date | null,
    isCurrent: boolean,
  ): Promise<void> {
    const saved = await this.repository.saveSubscription(
      userId,
      snapshot,
      observedAt,
      (existing) => {
        if (existing?.providerSubscriptionId) {
          const other = existing.providerSubscriptionId !== snapshot.providerSubscriptionId;
          // A late event about a subscription that ended must not replace the one that followed it.
          if (other && ENDED.includes(snapshot.status)) return null;
          const stale =
            !isCurrent && eventAt && existing.lastEventAt && eventAt < existing.lastEventAt;
          if (!other && stale) return null;
        }
        const last = existing?.lastEventAt ?? null;
        return { lastEventAt: eventAt && (!last || eventAt > last) ? eventAt : last };
      },
    );
    if (!saved) {
      this.logger.log(
        { userId, subscriptionId: snapshot.providerSubscriptionId },
        'Older copy of the subscription not stored',
      );
      return;
    }
    // Leads unlock what the plan now allows before the change's request or webhook answers.
    await this.events.emit('subscription.changed', { userId });
  }
}
