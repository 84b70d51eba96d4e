import { type FakeStripeContext, type Routes } from '../context';
import { type FormObject, list, object, text } from '../form-body';
import { subscriptionItem } from '../invoicing';
import { addMonth, find, newId, nowSeconds, StripeError, type StripeObject } from '../objects';

/** One phase of a schedule: its price and when it runs. */
function schedulePhase(start: number, end: number, priceId: string): StripeObject {
  return {
    id: newId('phase'),
    start_date: start,
    end_date: end,
    items: [{ price: priceId, quantity: 1 }],
    proration_behavior: 'create_prorations',
    metadata: {},
  } as StripeObject;
}

/** POST /v1/subscription_schedules with from_subscription: the current period as phase one. */
function createSchedule({ store, webhooks }: FakeStripeContext, form: FormObject): StripeObject {
  const subscriptionId = text(form, 'from_subscription');
  if (!subscriptionId) {
    throw new StripeError(
      400,
      'The fake Stripe creates schedules from a subscription only (from_subscription).',
      'parameter_missing',
      'from_subscription',
    );
  }
  const subscription = find(store.subscriptions, subscriptionId, 'subscription');
  if (subscription.schedule) {
    throw new StripeError(
      400,
      `You cannot migrate a subscription that is already attached to a schedule: \`${String(subscription.schedule)}\`.`,
      'resource_already_exists',
      'from_subscription',
    );
  }
  if (subscription.status === 'canceled') {
    throw new StripeError(
      400,
      'A canceled subscription cannot be scheduled.',
      'parameter_invalid',
      'from_subscription',
    );
  }
  const item = subscriptionItem(subscription);
  const start = item.current_period_start as number;
  const end = item.current_period_end as number;
  const schedule: StripeObject = {
    id: newId('sub_sched'),
    object: 'subscription_schedule',
    status: 'active',
    customer: subscription.customer,
    subscription: subscription.id,
    released_subscription: null,
    released_at: null,
    canceled_at: null,
    end_behavior: subscription.cancel_at_period_end ? 'cancel' : 'release',
    current_phase: { start_date: start, end_date: end },
    phases: [schedulePhase(start, end, (item.price as StripeObject).id)],
    metadata: object(form, 'metadata') ?? {},
    created: nowSeconds(),
    livemode: false,
  };
  store.schedules.set(schedule.id, schedule);
  subscription.schedule = schedule.id;
  void webhooks.emit('subscription_schedule.created', schedule);
  return schedule;
}

/**
 * POST /v1/subscription_schedules/:id: new phases. The current phase keeps its start and price
 * (the fake does not change the running period); each later phase starts where the one before
 * ends and lasts `duration` (or its end_date, or one month).
 */
function updateSchedule(
  { store, webhooks }: FakeStripeContext,
  id: string,
  form: FormObject,
): StripeObject {
  const schedule = find(store.schedules, id, 'schedule');
  if (schedule.status !== 'active' && schedule.status !== 'not_started') {
    throw new StripeError(
      400,
      `You cannot update a subscription schedule that is ${String(schedule.status)}.`,
      'parameter_invalid',
    );
  }
  const subscription = find(store.subscriptions, schedule.subscription as string, 'subscription');
  const item = subscriptionItem(subscription);
  const current = schedule.current_phase as { start_date: number; end_date: number };
  const given = list(form, 'phases');
  if (given.length > 0) {
    const phases: StripeObject[] = [];
    let start = current.start_date;
    given.forEach((phase, index) => {
      const [phaseItem] = list(phase, 'items');
      const priceId = phaseItem ? text(phaseItem, 'price') : undefined;
      if (!priceId) {
        throw new StripeError(
          400,
          'Each phase needs one item with a price.',
          'parameter_missing',
          `phases[${index}][items]`,
        );
      }
      find(store.prices, priceId, 'price');
      const startDate = text(phase, 'start_date');
      if (index === 0) {
        if (startDate !== undefined && Number(startDate) !== current.start_date) {
          throw new StripeError(
            400,
            'You can not modify the start date of the current phase.',
            'parameter_invalid',
            'phases[0][start_date]',
          );
        }
        if (priceId !== (item.price as StripeObject).id) {
          throw new StripeError(
            400,
            'The fake Stripe keeps the current phase at its price.',
            'parameter_invalid',
            'phases[0][items]',
          );
        }
      } else if (startDate !== undefined && Number(startDate) !== start) {
        throw new StripeError(
          400,
          'Phases must follow one another without gaps.',
          'parameter_invalid',
          `phases[${index}][start_date]`,
        );
      }
      const endDate = text(phase, 'end_date');
      const duration = object(phase, 'duration');
      let end: number;
      if (endDate !== undefined) end = Number(endDate);
      else if (duration && text(duration, 'interval') === 'month') {
        end = start;
        for (let i = 0; i < Number(text(duration, 'interval_count') ?? 1); i++) end = addMonth(end);
      } else end = addMonth(start);
      if (end <= start) {
        throw new StripeError(
          400,
          'A phase must end after it starts.',
          'parameter_invalid',
          `phases[${index}][end_date]`,
        );
      }
      phases.push(schedulePhase(start, end, priceId));
      start = end;
    });
    if ((phases[0]!.end_date as number) !== current.end_date) {
      throw new StripeError(
        400,
        'The fake Stripe ends the current phase with the current period.',
        'parameter_invalid',
        'phases[0][end_date]',
      );
    }
    schedule.phases = phases;
  }
  const endBehavior = text(form, 'end_behavior');
  if (endBehavior) schedule.end_behavior = endBehavior;
  const metadata = object(form, 'metadata');
  if (metadata) schedule.metadata = { ...(schedule.metadata as object), ...metadata };
  void webhooks.emit('subscription_schedule.updated', schedule);
  return schedule;
}

/** POST /v1/subscription_schedules/:id/release: the subscription goes on, unscheduled. */
function releaseSchedule({ store, webhooks }: FakeStripeContext, id: string): StripeObject {
  const schedule = find(store.schedules, id, 'schedule');
  if (schedule.status !== 'active' && schedule.status !== 'not_started') {
    throw new StripeError(
      400,
      `You cannot release a subscription schedule that is ${String(schedule.status)}.`,
      'parameter_invalid',
    );
  }
  const subscription = find(store.subscriptions, schedule.subscription as string, 'subscription');
  Object.assign(schedule, {
    status: 'released',
    released_at: nowSeconds(),
    released_subscription: subscription.id,
    subscription: null,
  });
  subscription.schedule = null;
  void webhooks.emit('subscription_schedule.released', schedule);
  void webhooks.emit('customer.subscription.updated', subscription, { schedule: schedule.id });
  return schedule;
}

export const subscriptionScheduleRoutes: Routes = {
  'POST /subscription_schedules': (context, { form }) => createSchedule(context, form),
  'GET /subscription_schedules/:id': ({ store }, { id }) => find(store.schedules, id, 'schedule'),
  'POST /subscription_schedules/:id': (context, { id, form }) => updateSchedule(context, id, form),
  'POST /subscription_schedules/:id/release': (context, { id }) => releaseSchedule(context, id),
};
