import { Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { canUseFeature } from '@rafter/domain/plans';
import { type EventContext, OnEvent } from '../../../core/events/on-event.decorator';
import { CalendarService } from '../../calendar/calendar.service';
import { LeadsService } from '../../leads/leads.service';
import { PlanAccessService } from '../../plans/plan-access.service';
import { WebhookDispatcher } from '../webhook-dispatcher.service';
import {
  bookingData,
  changedLeadData,
  createdLeadData,
  deletedLeadData,
  subscriptionData,
} from '../webhook-payloads';
import { type WebhookEvent, type WebhookSubscriber, WebhooksService } from '../webhooks.service';

/**
 * Turns the lead's, the booking's and the subscription's events into webhook deliveries, one per
 * subscribed endpoint, then starts sending them from this worker without waiting for the
 * receivers (retries and anything left over go through the dispatcher's poll). Handlers are
 * idempotent: a delivery per endpoint and source event.
 */
@Injectable()
export class WebhookEventsJob {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly dispatcher: WebhookDispatcher,
    private readonly leads: LeadsService,
    private readonly plans: PlanAccessService,
    private readonly calendar: CalendarService,
  ) {}

  @OnEvent('lead.captured')
  async leadCaptured(
    { leadId, ownerId }: EventPayload<'lead.captured'>,
    { id }: EventContext,
  ): Promise<{ deliveries: number }> {
    const subscribers = await this.webhooks.subscribers(ownerId, ['lead.created']);
    if (subscribers.length === 0) return { deliveries: 0 };
    const lead = await this.leads.item(ownerId, leadId);
    if (!lead) return { deliveries: 0 };
    return this.announce(
      ownerId,
      id,
      [{ type: 'lead.created', subject: leadId, orderKey: leadId, data: createdLeadData(lead) }],
      subscribers,
    );
  }

  @OnEvent('lead.status-changed')
  async statusChanged(
    { leadId, ownerId, eventId }: EventPayload<'lead.status-changed'>,
    { id }: EventContext,
  ): Promise<{ deliveries: number }> {
    return this.leadChanged(ownerId, leadId, eventId, id, ['lead.status_changed', 'lead.updated']);
  }

  @OnEvent('lead.note-added')
  async noteAdded(
    { leadId, ownerId, eventId }: EventPayload<'lead.note-added'>,
    { id }: EventContext,
  ): Promise<{ deliveries: number }> {
    return this.leadChanged(ownerId, leadId, eventId, id, ['lead.note_added', 'lead.updated']);
  }

  /**
   * Any other change of a lead (unlocked, so its contact details are visible now; locked again;
   * marked spam or not spam): `lead.updated` with the lead as it now is.
   */
  @OnEvent('lead.changed')
  async changed(
    { leadId, ownerId, eventId }: EventPayload<'lead.changed'>,
    { id }: EventContext,
  ): Promise<{ deliveries: number }> {
    return this.leadChanged(ownerId, leadId, eventId, id, ['lead.updated']);
  }

  @OnEvent('lead.deleted')
  async leadDeleted(
    { leadId, ownerId }: EventPayload<'lead.deleted'>,
    { id }: EventContext,
  ): Promise<{ deliveries: number }> {
    return this.announce(ownerId, id, [
      { type: 'lead.deleted', subject: leadId, orderKey: leadId, data: deletedLeadData(leadId) },
    ]);
  }

  /**
   * A homeowner booked a roof inspection: the booking as it is now, with the contractor's time
   * zone, and its lead as `lead.created` shows it. Ordered with the lead's other deliveries, so
   * a receiver sees the lead before its booking.
   */
  @OnEvent('booking.created')
  async bookingCreated(
    { bookingId, ownerId, leadId }: EventPayload<'booking.created'>,
    { id }: EventContext,
  ): Promise<{ deliveries: number }> {
    const subscribers = await this.webhooks.subscribers(ownerId, ['booking.created']);
    if (subscribers.length === 0) return { deliveries: 0 };
    // fanOut sends nothing without the webhooks' feature: checked first, to read nothing more.
    if (!canUseFeature(await this.plans.state(ownerId), 'api', new Date())) {
      return { deliveries: 0 };
    }
    const [found, lead] = await Promise.all([
      this.calendar.bookingOf(ownerId, bookingId),
      this.leads.item(ownerId, leadId),
    ]);
    if (!found || !lead) return { deliveries: 0 };
    const { booking, timeZone } = found;
    return this.announce(
      ownerId,
      id,
      [
        {
          type: 'booking.created',
          subject: bookingId,
          orderKey: leadId,
          data: bookingData({ ...booking, timeZone }, lead),
        },
      ],
      subscribers,
    );
  }

  /**
   * A local event, announced in the process that changed the plan: its deliveries are stored
   * before the change's call returns and sent by the worker's dispatcher.
   */
  @OnEvent('subscription.changed')
  async subscriptionChanged(
    { userId }: EventPayload<'subscription.changed'>,
    { id }: EventContext,
  ): Promise<{ deliveries: number }> {
    const subscribers = await this.webhooks.subscribers(userId, ['subscription.changed']);
    if (subscribers.length === 0) return { deliveries: 0 };
    const access = await this.plans.forUser(userId);
    const ids = await this.webhooks.fanOut(
      userId,
      id,
      [
        {
          type: 'subscription.changed',
          subject: id,
          orderKey: null,
          data: subscriptionData({
            plan: access.plan,
            active: access.active,
            level: access.level,
          }),
        },
      ],
      subscribers,
    );
    return { deliveries: ids.length };
  }

  private async leadChanged(
    ownerId: string,
    leadId: string,
    eventId: string,
    sourceId: string,
    types: ('lead.status_changed' | 'lead.note_added' | 'lead.updated')[],
  ): Promise<{ deliveries: number }> {
    const subscribers = await this.webhooks.subscribers(ownerId, types);
    if (subscribers.length === 0) return { deliveries: 0 };
    const detail = await this.leads.findDetail(ownerId, leadId);
    const change = detail?.timeline.find((entry) => entry.id === eventId);
    if (!detail || !change) return { deliveries: 0 };
    const data = changedLeadData(detail, change);
    return this.announce(
      ownerId,
      sourceId,
      types.map((type) => ({ type, subject: eventId, orderKey: leadId, data })),
      subscribers,
    );
  }

  private async announce(
    ownerId: string,
    sourceId: string,
    events: WebhookEvent[],
    subscribers?: WebhookSubscriber[],
  ): Promise<{ deliveries: number }> {
    const ids = await this.webhooks.fanOut(ownerId, sourceId, events, subscribers);
    // Stored; the first attempts start now, in the dispatcher's pool, and this job does not wait
    // for them: a slow receiver must not hold up the other events of the queue (e-mails, texts).
    // What must wait its turn (an earlier event of the lead still pending, a contractor at its
    // limit) and retries are sent by the dispatcher's poll.
    if (ids.length > 0) this.dispatcher.sendSoon(ids);
    return { deliveries: ids.length };
  }
}
