import { type ContractorBooking } from '@rafter/domain/calendar';
import { type LeadDetail, type LeadListItem, type LeadTimelineEntry } from '@rafter/domain/crm';
import { type WebhookEventType, type WebhookPayload } from '@rafter/domain/webhooks';
import { createHash } from 'node:crypto';
import { type Prisma } from '../../generated/prisma/client';

type JsonObject = Prisma.InputJsonObject;

/**
 * The payloads deliveries carry, in one place: the worker's fan-out and the recent-items list
 * Zapier samples (`GET /api/v1/hooks/samples/{event}`) build them with the same functions, so a
 * sample has exactly the shape of a delivery.
 */

/**
 * The event's `id`: the same for every endpoint receiving it and for the same change in the
 * recent-items list. `subject` is what the event is about once: the lead for `lead.created` and
 * `lead.deleted`, the timeline entry for a change, the booking for `booking.created`, the source
 * event otherwise.
 */
export function webhookEventId(subject: string, type: string): string {
  return `evt_${createHash('sha256').update(`${subject}:${type}`).digest('hex').slice(0, 32)}`;
}

/** The lead as `lead.created` shows it: the CRM's list item (contact details hidden while locked). */
export function createdLeadData(lead: LeadListItem): JsonObject {
  return { lead: lead as unknown as JsonObject };
}

/** A change of a lead: the lead as it is now (with `spam`) and its timeline entry. */
export function changedLeadData(detail: LeadDetail, change: LeadTimelineEntry): JsonObject {
  const { timeline: _timeline, scoreReasons: _reasons, ...lead } = detail;
  return { lead: lead as unknown as JsonObject, change: change as unknown as JsonObject };
}

export function deletedLeadData(leadId: string): JsonObject {
  return { lead: { id: leadId } };
}

/** A booked roof inspection: its times (ISO instants) and the contractor's time zone. */
export interface BookedInspection extends Pick<
  ContractorBooking,
  'id' | 'startsAt' | 'endsAt' | 'status'
> {
  timeZone: string;
}

/** `booking.created`: the inspection, and its lead as `lead.created` shows it. */
export function bookingData(booking: BookedInspection, lead: LeadListItem): JsonObject {
  const { id, startsAt, endsAt, timeZone, status } = booking;
  return {
    booking: { id, startsAt, endsAt, timeZone, status },
    lead: lead as unknown as JsonObject,
  };
}

export function subscriptionData(subscription: {
  plan: string | null;
  active: boolean;
  level: number;
}): JsonObject {
  return { subscription };
}

/** The envelope every delivery's body is (Standard Webhooks: type, timestamp, data). */
export function webhookPayload(
  id: string,
  type: string,
  timestamp: string,
  data: JsonObject,
): JsonObject {
  return { id, type, timestamp, data };
}

/** A lead's timeline entry types each lead event type is built from. */
export const LEAD_CHANGE_TYPES = {
  'lead.status_changed': ['status_changed'],
  'lead.note_added': ['note_added'],
  'lead.updated': [
    'status_changed',
    'note_added',
    'unlocked',
    'locked',
    'marked_spam',
    'marked_not_spam',
  ],
} as const satisfies Partial<Record<WebhookEventType, readonly LeadTimelineEntry['type'][]>>;

const EXAMPLE_AT = '2026-12-01T15:04:05.000Z';

/** A made-up lead: Zapier's sample when the contractor has none, and the API reference's. */
export const EXAMPLE_LEAD: LeadListItem = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Example Lead',
  email: 'example.lead@example.com',
  phone: '5125550100',
  address: '123 Main St, Austin, TX 78701, USA',
  zipCode: '78701',
  latitude: 30.2672,
  longitude: -97.7431,
  ownership: 'owner',
  material: 'asphalt',
  stories: 'one',
  roofArea: 2000,
  estimateLow: 6800,
  estimateMid: 9350,
  estimateHigh: 11900,
  score: 82,
  status: 'new',
  source: 'widget',
  locked: false,
  lockedReason: null,
  createdAt: EXAMPLE_AT,
  updatedAt: EXAMPLE_AT,
};

const EXAMPLE_BOOKING: BookedInspection = {
  id: '00000000-0000-4000-8000-000000000005',
  startsAt: '2026-12-04T15:00:00.000Z',
  endsAt: '2026-12-04T16:00:00.000Z',
  timeZone: 'America/Chicago',
  status: 'booked',
};

const EXAMPLE_CHANGES: Record<keyof typeof LEAD_CHANGE_TYPES, LeadTimelineEntry> = {
  'lead.status_changed': {
    id: '00000000-0000-4000-8000-000000000002',
    type: 'status_changed',
    at: EXAMPLE_AT,
    fromStatus: 'new',
    toStatus: 'contacted',
    note: null,
    detail: null,
  },
  'lead.note_added': {
    id: '00000000-0000-4000-8000-000000000003',
    type: 'note_added',
    at: EXAMPLE_AT,
    fromStatus: null,
    toStatus: null,
    note: 'Called back, inspection booked for Friday 9am',
    detail: null,
  },
  'lead.updated': {
    id: '00000000-0000-4000-8000-000000000004',
    type: 'unlocked',
    at: EXAMPLE_AT,
    fromStatus: null,
    toStatus: null,
    note: null,
    detail: null,
  },
};

/**
 * The one payload the recent-items list shows for an event the contractor has not had yet, so
 * Zapier's 'test trigger' step has fields to map: marked `example: true`, with example ids.
 */
export function examplePayload(type: WebhookEventType): WebhookPayload {
  const data = ((): JsonObject => {
    switch (type) {
      case 'lead.created':
        return createdLeadData(EXAMPLE_LEAD);
      case 'lead.deleted':
        return deletedLeadData(EXAMPLE_LEAD.id);
      case 'subscription.changed':
        return subscriptionData({ plan: 'smart', active: true, level: 2 });
      case 'booking.created':
        return bookingData(EXAMPLE_BOOKING, { ...EXAMPLE_LEAD, status: 'contacted' });
      default: {
        const change = EXAMPLE_CHANGES[type];
        const status = change.toStatus ?? EXAMPLE_LEAD.status;
        return changedLeadData(
          {
            ...EXAMPLE_LEAD,
            status,
            spam: false,
            scoreReasons: null,
            soldPrice: null,
            timeline: [],
          },
          change,
        );
      }
    }
  })();
  return {
    ...(webhookPayload(
      webhookEventId('example', type),
      type,
      EXAMPLE_AT,
      data,
    ) as unknown as WebhookPayload),
    example: true,
  };
}
