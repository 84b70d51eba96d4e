import { Injectable } from '@nestjs/common';
import { type LeadDetail, leadListQuerySchema } from '@rafter/domain/crm';
import {
  HOOK_SAMPLES_MAX,
  type WebhookEventType,
  type WebhookPayload,
} from '@rafter/domain/webhooks';
import { type Prisma } from '../../generated/prisma/client';
import { LeadsService } from '../leads/leads.service';
import { PlanAccessService } from '../plans/plan-access.service';
import {
  changedLeadData,
  createdLeadData,
  examplePayload,
  LEAD_CHANGE_TYPES,
  subscriptionData,
  webhookEventId,
  webhookPayload,
} from './webhook-payloads';

/**
 * The recent-items list of an event (`GET /api/v1/hooks/samples/{event}`), which Zapier shows as
 * sample data when a Zap is set up: up to three payloads, newest first, built from the
 * contractor's own recent leads and changes with the functions deliveries use, so each has
 * exactly a delivery's shape. The lead is shown as it is now (a locked lead without its contact
 * details). With no such event yet (and always for `lead.deleted`, whose leads are gone, and
 * `booking.created`, whose bookings the calendar does not list by when they were made), one
 * example payload marked `example: true`.
 */
@Injectable()
export class WebhookSamplesService {
  constructor(
    private readonly leads: LeadsService,
    private readonly plans: PlanAccessService,
  ) {}

  async recent(ownerId: string, type: WebhookEventType): Promise<WebhookPayload[]> {
    const payloads = await this.build(ownerId, type);
    return payloads.length > 0 ? payloads : [examplePayload(type)];
  }

  private async build(ownerId: string, type: WebhookEventType): Promise<WebhookPayload[]> {
    switch (type) {
      case 'lead.created': {
        const page = await this.leads.list(
          ownerId,
          leadListQuerySchema.parse({ limit: HOOK_SAMPLES_MAX }),
        );
        return page.items.map((lead) =>
          payload(webhookEventId(lead.id, type), type, lead.createdAt, createdLeadData(lead)),
        );
      }
      case 'lead.deleted':
      case 'booking.created':
        return [];
      case 'subscription.changed': {
        const access = await this.plans.forUser(ownerId);
        const data = subscriptionData({
          plan: access.plan,
          active: access.active,
          level: access.level,
        });
        const subject = `${ownerId}:${access.plan}:${access.active}`;
        return [payload(webhookEventId(subject, type), type, new Date().toISOString(), data)];
      }
      default:
        return this.changes(ownerId, type);
    }
  }

  private async changes(
    ownerId: string,
    type: keyof typeof LEAD_CHANGE_TYPES,
  ): Promise<WebhookPayload[]> {
    const recent = await this.leads.recentChanges(
      ownerId,
      [...LEAD_CHANGE_TYPES[type]],
      HOOK_SAMPLES_MAX,
    );
    const details = new Map<string, LeadDetail | null>();
    for (const { leadId } of recent) {
      if (!details.has(leadId)) details.set(leadId, await this.leads.findDetail(ownerId, leadId));
    }
    return recent.flatMap(({ id, leadId }) => {
      const detail = details.get(leadId);
      const change = detail?.timeline.find((entry) => entry.id === id);
      if (!detail || !change) return [];
      return [payload(webhookEventId(id, type), type, change.at, changedLeadData(detail, change))];
    });
  }
}

function payload(
  id: string,
  type: string,
  timestamp: string,
  data: Prisma.InputJsonObject,
): WebhookPayload {
  return webhookPayload(id, type, timestamp, data) as unknown as WebhookPayload;
}
