import { Injectable } from '@nestjs/common';
import { type LeadDetail } from '@rafter/domain/crm';
import { type EventPayload } from '@rafter/domain/events';
import { type Prisma } from '../../../generated/prisma/client';
import { type EventContext, OnEvent } from '../../../core/events/on-event.decorator';
import { AppException } from '../../../core/errors/app.exception';
import { LeadsService } from '../../leads/leads.service';
import { PlanAccessService } from '../../plans/plan-access.service';
import { WebhookDispatcher } from '../webhook-dispatcher.service';
import { type WebhookEvent, type WebhookSubscriber, WebhooksService } from '../webhooks.service';

type JsonObject = Prisma.InputJsonObject;

/** The lead as webhooks show it: the CRM's list item (contact details hidden while locked). */
function leadData(detail: LeadDetail): JsonObject {
  const { timeline: _timeline, scoreReasons: _reasons, ...lead } = detail;
  return lead as unknown as JsonObject;
}

/**
 * Turns the lead's and the subscription's events into webhook deliveries, one per subscribed
 * endpoint, then sends them at once from this worker (retries and anything left over go through
 * the dispatcher's poll). Handlers are idempotent: a delivery per endpoint and source event.
 */
@Injectable()
export class WebhookEventsJob {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly dispatcher: WebhookDispatcher,
    private readonly leads: LeadsService,
    private readonly plans: PlanAccessService,
  ) {}

  @OnEvent('lead.captured')
  async leadCaptured(
    { leadId, ownerId }: EventPayload<'lead.captured'>,
    { id }: EventContext,
  ): Promise<{ deliveries: number }> {
    const subscribers = await this.webhooks.subscribers(ownerId, ['lead.created']);
    if (subscribers.length === 0) return { deliveries: 0 };
    const [lead] = await this.leads.items(ownerId, [leadId]);
    if (!lead) return { deliveries: 0 };
    return this.announce(
      ownerId,
      id,
      [{ type: 'lead.created', orderKey: leadId, data: { lead: lead as unknown as JsonObject } }],
      subscribers,
    );
  }

  @OnEvent('lead.status-changed')
  async statusChanged(
    { leadId, ownerId, eventId }: EventPayload<'lead.status-changed'>,
    { id }: EventContext,
  ): Promise<{ deliveries: number }> {
    return this.leadChanged(ownerId, leadId, eventId, id, 'lead.status_changed');
  }

  @OnEvent('lead.note-added')
  async noteAdded(
    { leadId, ownerId, eventId }: EventPayload<'lead.note-added'>,
    { id }: EventContext,
  ): Promise<{ deliveries: number }> {
    return this.leadChanged(ownerId, leadId, eventId, id, 'lead.note_added');
  }

  @OnEvent('lead.deleted')
  async leadDeleted(
    { leadId, ownerId }: EventPayload<'lead.deleted'>,
    { id }: EventContext,
  ): Promise<{ deliveries: number }> {
    return this.announce(ownerId, id, [
      { type: 'lead.deleted', orderKey: leadId, data: { lead: { id: leadId } } },
    ]);
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
          orderKey: null,
          data: { subscription: { plan: access.plan, active: access.active, level: access.level } },
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
    type: 'lead.status_changed' | 'lead.note_added',
  ): Promise<{ deliveries: number }> {
    const subscribers = await this.webhooks.subscribers(ownerId, [type, 'lead.updated']);
    if (subscribers.length === 0) return { deliveries: 0 };
    const detail = await this.detail(ownerId, leadId);
    const change = detail?.timeline.find((entry) => entry.id === eventId);
    if (!detail || !change) return { deliveries: 0 };
    const data = { lead: leadData(detail), change: change as unknown as JsonObject };
    return this.announce(
      ownerId,
      sourceId,
      [
        { type, orderKey: leadId, data },
        { type: 'lead.updated', orderKey: leadId, data },
      ],
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
    // First attempts go out now, batched with the other handlers running at the same moment;
    // what must wait its turn (an earlier event of the lead still pending) and retries are sent
    // by the dispatcher's poll.
    if (ids.length > 0) await this.dispatcher.sendSoon(ids);
    return { deliveries: ids.length };
  }

  /** The lead's detail, or null once it is gone (deleted before its event was handled). */
  private async detail(ownerId: string, leadId: string): Promise<LeadDetail | null> {
    try {
      return await this.leads.detail(ownerId, leadId);
    } catch (error) {
      if (error instanceof AppException && error.code === 'lead_not_found') return null;
      throw error;
    }
  }
}
