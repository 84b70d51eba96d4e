import { z } from 'zod';

/**
 * Every event the backend announces, with its payload. Outbox events are written in the same
 * transaction as the change they describe and handled by the worker (relayed through BullMQ,
 * retried, once per row); local events are handled in the announcing process, before the call
 * that announced them returns (a plan change unlocks leads before the API answers). The producer,
 * the SQL that writes an outbox row and each handler all take their payload type from here, and
 * payloads are checked against it when written and when handled.
 */
export const EVENTS = {
  /** A contractor received a lead (quote request or marketplace): the new-lead e-mail. */
  'lead.captured': {
    delivery: 'outbox',
    payload: z.object({ leadId: z.guid(), ownerId: z.guid() }),
  },
  /** A contractor flagged a lead as spam: it no longer counts, so a locked one may unlock. */
  'lead.spam-flagged': {
    delivery: 'outbox',
    payload: z.object({ leadId: z.guid(), ownerId: z.guid() }),
  },
  /**
   * A contractor changed a lead's status; `eventId` is its timeline entry (from and to status).
   * Webhooks send it as `lead.status_changed` and `lead.updated`.
   */
  'lead.status-changed': {
    delivery: 'outbox',
    payload: z.object({ leadId: z.guid(), ownerId: z.guid(), eventId: z.guid() }),
  },
  /** A contractor added a note to a lead; `eventId` is its timeline entry. */
  'lead.note-added': {
    delivery: 'outbox',
    payload: z.object({ leadId: z.guid(), ownerId: z.guid(), eventId: z.guid() }),
  },
  /**
   * A lead was deleted for good through the public API (a homeowner's privacy request). Only the
   * ids: the lead's details are gone with it. Its place in the month is given back, and webhooks
   * tell the contractor's other systems.
   */
  'lead.deleted': {
    delivery: 'outbox',
    payload: z.object({ leadId: z.guid(), ownerId: z.guid() }),
  },
  /** A webhook endpoint failed for the whole retry window and was disabled: tell its owner. */
  'webhook-endpoint.disabled': {
    delivery: 'outbox',
    payload: z.object({ endpointId: z.guid(), ownerId: z.guid() }),
  },
  /** The main site stored a quote request: distribution offers it to contractors. */
  'main-site-lead.captured': {
    delivery: 'outbox',
    payload: z.object({ mainSiteLeadId: z.guid() }),
  },
  /**
   * A new account's confirmation e-mail, or a password reset's. Only the user id: the worker
   * creates the one-time link when it sends, so no live token sits in the outbox or the queue.
   */
  'auth.confirmation-requested': {
    delivery: 'outbox',
    payload: z.object({ userId: z.guid() }),
  },
  'auth.password-reset-requested': {
    delivery: 'outbox',
    payload: z.object({ userId: z.guid() }),
  },
  /** Billing stored a contractor's changed subscription (plan, status or period). */
  'subscription.changed': {
    delivery: 'local',
    payload: z.object({ userId: z.guid() }),
  },
} as const satisfies Record<
  string,
  { delivery: 'outbox' | 'local'; payload: z.ZodObject<Record<string, z.ZodType>> }
>;

export type EventTopic = keyof typeof EVENTS;

export type EventPayload<T extends EventTopic> = z.infer<(typeof EVENTS)[T]['payload']>;

/** Topics written to the outbox and handled by the worker. */
export type OutboxTopic = {
  [T in EventTopic]: (typeof EVENTS)[T]['delivery'] extends 'outbox' ? T : never;
}[EventTopic];

/** Topics handled in the process that announces them. */
export type LocalTopic = Exclude<EventTopic, OutboxTopic>;

export function isEventTopic(topic: string): topic is EventTopic {
  return Object.hasOwn(EVENTS, topic);
}

export function isOutboxTopic(topic: string): topic is OutboxTopic {
  return isEventTopic(topic) && EVENTS[topic].delivery === 'outbox';
}

/** The payload checked against its topic's schema; throws a ZodError naming what is wrong. */
export function parseEventPayload<T extends EventTopic>(
  topic: T,
  payload: unknown,
): EventPayload<T> {
  return EVENTS[topic].payload.parse(payload) as EventPayload<T>;
}
