import Stripe from 'stripe';
import { type AppConfig } from '../../config/config';
import {
  type BillingRepository,
  type StoredSubscription,
  type SubscriptionSnapshot,
} from './billing.repository';
import { type LocalEvents } from '../../core/events/local-events';
import { scheduledPlanChange, SubscriptionSyncService } from './subscription-sync.service';

const USER = '0f8fad5b-d9cb-469f-a165-70867728950e';
const NOW_S = Math.floor(Date.now() / 1000);
const DAY_S = 24 * 3600;

function stripeSubscription(overrides: Partial<Stripe.Subscription> = {}): Stripe.Subscription {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    metadata: { userId: USER },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          price: { id: 'price_smart' },
          current_period_start: NOW_S - DAY_S,
          current_period_end: NOW_S + 29 * DAY_S,
        },
      ],
    },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

function event(type: string, object: object, createdSecondsAgo = 0): Stripe.Event {
  return {
    id: `evt_${Math.random()}`,
    type,
    created: NOW_S - createdSecondsAgo,
    data: { object },
  } as unknown as Stripe.Event;
}

function setup(options: {
  stored?: StoredSubscription | null;
  current?: Stripe.Subscription | null;
}) {
  let stored = options.stored ?? null;
  const processed = new Set<string>();
  const repository = {
    isEventProcessed: jest.fn(async (id: string) => processed.has(id)),
    recordEvent: jest.fn(async (id: string) => void processed.add(id)),
    findSubscription: jest.fn(async () => stored),
    userExists: jest.fn(async (id: string) => id === USER),
    findUserIdByProviderIds: jest.fn(async () => null),
    // The real one's rule (backend/test/billing-sync-race.e2e-spec.ts runs it on PostgreSQL).
    saveSubscription: jest.fn(
      async (
        userId: string,
        snapshot: SubscriptionSnapshot,
        observedAt: Date,
        decide: (existing: StoredSubscription | null) => { lastEventAt: Date | null } | null,
      ) => {
        if (stored?.observedAt && stored.observedAt > observedAt) return false;
        const verdict = decide(stored);
        if (!verdict) return false;
        stored = {
          ...(stored ?? { firstPaidAt: null, refundedAt: null }),
          ...snapshot,
          userId,
          lastEventAt: verdict.lastEventAt,
          observedAt,
        };
        return true;
      },
    ),
    setFirstPaidAt: jest.fn(async () => undefined),
  };
  const retrieve = jest.fn(async () => {
    if (options.current === null) {
      throw new Stripe.errors.StripeInvalidRequestError({
        message: 'No such subscription',
        statusCode: 404,
      } as never);
    }
    return options.current ?? stripeSubscription();
  });
  const stripe = { subscriptions: { retrieve } } as unknown as Stripe;
  const config = {
    STRIPE_PRICE_STARTER: 'price_starter',
    STRIPE_PRICE_SMART: 'price_smart',
    STRIPE_PRICE_INSTANT: 'price_instant',
  } as AppConfig;
  const events = { emit: jest.fn(async () => undefined) };
  const service = new SubscriptionSyncService(
    repository as unknown as BillingRepository,
    stripe,
    config,
    events as unknown as LocalEvents,
  );
  return { service, repository, retrieve, events, stored: () => stored };
}

describe('SubscriptionSyncService.handleEvent', () => {
  it("stores Stripe's current state, not the event's copy", async () => {
    const current = stripeSubscription({ cancel_at_period_end: true });
    const { service, stored } = setup({ current });
    await service.handleEvent(event('customer.subscription.updated', stripeSubscription()));
    expect(stored()).toMatchObject({
      plan: 'smart',
      status: 'active',
      cancelAtPeriodEnd: true,
      providerSubscriptionId: 'sub_1',
      currentPeriodEnd: new Date((NOW_S + 29 * DAY_S) * 1000),
    });
  });

  it('announces each stored change, so leads unlock what the plan now allows', async () => {
    const { service, events } = setup({});
    await service.handleEvent(event('customer.subscription.updated', stripeSubscription()));
    expect(events.emit).toHaveBeenCalledTimes(1);
    expect(events.emit).toHaveBeenCalledWith('subscription.changed', { userId: USER });
  });

  it('handles an event id once', async () => {
    const { service, retrieve } = setup({});
    const once = event('customer.subscription.updated', stripeSubscription());
    await service.handleEvent(once);
    await service.handleEvent(once);
    expect(retrieve).toHaveBeenCalledTimes(1);
  });

  it('falls back to the event when Stripe no longer has the subscription, unless it is older', async () => {
    const { service, stored } = setup({ current: null });
    await service.handleEvent(
      event('customer.subscription.deleted', stripeSubscription({ status: 'canceled' }), 10),
    );
    expect(stored()?.status).toBe('canceled');
    await service.handleEvent(
      event('customer.subscription.updated', stripeSubscription({ status: 'active' }), 3600),
    );
    expect(stored()?.status).toBe('canceled');
  });

  it('never lets an ended subscription replace the current one', async () => {
    const { service, stored } = setup({
      current: stripeSubscription({ id: 'sub_old', status: 'canceled' }),
    });
    await service.applyCurrent(USER, {
      subscription: stripeSubscription({ id: 'sub_new' }),
      requestedAt: new Date(),
    });
    await service.handleEvent(
      event(
        'customer.subscription.deleted',
        stripeSubscription({ id: 'sub_old', status: 'canceled' }),
      ),
    );
    expect(stored()).toMatchObject({ providerSubscriptionId: 'sub_new', status: 'active' });
  });

  it("a webhook's re-read sent before the contractor's own change never undoes that change", async () => {
    const scheduled = stripeSubscription({ cancel_at_period_end: false });
    const { service, retrieve, stored } = setup({ current: scheduled });
    let answer: (value: Stripe.Subscription) => void = () => undefined;
    retrieve.mockImplementationOnce(
      () => new Promise<Stripe.Subscription>((resolve) => (answer = resolve)),
    );
    // The webhook asks Stripe first; the contractor's cancellation is sent and stored meanwhile.
    const webhook = service.handleEvent(event('customer.subscription.updated', scheduled));
    // Until the webhook's read is on its way (a fixed sleep lost that race on a busy machine),
    // then a moment, so the cancellation is requested in a later millisecond.
    while (retrieve.mock.calls.length === 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    await service.applyCurrent(USER, {
      subscription: stripeSubscription({ cancel_at_period_end: true }),
      requestedAt: new Date(),
    });
    // Stripe answers the webhook's earlier read with the state before the cancellation.
    answer(scheduled);
    await webhook;
    expect(stored()?.cancelAtPeriodEnd).toBe(true);
  });

  it('skips a subscription on a price that is not one of ours', async () => {
    const foreign = stripeSubscription();
    foreign.items.data[0]!.price = { id: 'price_other' } as Stripe.Price;
    const { service, repository } = setup({ current: foreign });
    await service.handleEvent(event('customer.subscription.created', foreign));
    expect(repository.saveSubscription).not.toHaveBeenCalled();
  });

  it.each([
    [3760, true],
    [0, false],
  ])('invoice.paid of %d cents starts the refund window: %s', async (amountPaid, starts) => {
    const { service, repository } = setup({});
    const paidAt = NOW_S - 60;
    await service.handleEvent(
      event('invoice.paid', {
        id: 'in_1',
        amount_paid: amountPaid,
        status_transitions: { paid_at: paidAt },
        parent: { subscription_details: { subscription: 'sub_1' } },
      }),
    );
    if (starts) {
      expect(repository.setFirstPaidAt).toHaveBeenCalledWith(
        USER,
        'sub_1',
        new Date(paidAt * 1000),
      );
    } else {
      expect(repository.setFirstPaidAt).not.toHaveBeenCalled();
    }
  });
});

describe('scheduledPlanChange', () => {
  const plans: Record<string, 'starter' | 'smart' | 'instant'> = {
    price_starter: 'starter',
    price_smart: 'smart',
    price_instant: 'instant',
  };
  const planForPrice = (price: string) => plans[price] ?? null;
  const end = NOW_S + 29 * DAY_S;

  function schedule(
    status: string,
    nextPrice: string | null,
    currentEnd = end,
  ): Stripe.SubscriptionSchedule {
    const phase = (start: number, stop: number, price: string) => ({
      start_date: start,
      end_date: stop,
      items: [{ price, quantity: 1 }],
    });
    return {
      id: 'sub_sched_1',
      status,
      current_phase: { start_date: NOW_S - DAY_S, end_date: currentEnd },
      phases: [
        phase(NOW_S - DAY_S, end, 'price_instant'),
        ...(nextPrice ? [phase(end, end + 30 * DAY_S, nextPrice)] : []),
      ],
    } as unknown as Stripe.SubscriptionSchedule;
  }

  it.each<[string, Stripe.SubscriptionSchedule, { plan: string; at: Date } | null]>([
    [
      'the next phase on another plan',
      schedule('active', 'price_starter'),
      { plan: 'starter', at: new Date(end * 1000) },
    ],
    ['a next phase on the same plan', schedule('active', 'price_instant'), null],
    ['no next phase (the last one runs)', schedule('active', null), null],
    ['a price that is not ours', schedule('active', 'price_other'), null],
    ['a released schedule', schedule('released', 'price_starter'), null],
    ['a canceled schedule', schedule('canceled', 'price_starter'), null],
  ])('%s', (_case, given, expected) => {
    expect(scheduledPlanChange(given, 'instant', planForPrice)).toEqual(expected);
  });
});
