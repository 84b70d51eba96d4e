import { z } from 'zod';

/** A booked inspection's reminder, 24 h or 2 h before it, for the booking at `version`. */
const bookingReminder = z.object({
  bookingId: z.guid(),
  version: z.number().int().min(0),
  hoursBefore: z.union([z.literal(24), z.literal(2)]),
});

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
  /**
   * A lead's still-New reminder is due (written at capture time with `available_at` set to when
   * it is due: the contractor's chosen minutes of business hours later). The worker e-mails the
   * contractor if the lead is still New and visible.
   */
  'lead.reminder-due': {
    delivery: 'outbox',
    payload: z.object({ leadId: z.guid(), ownerId: z.guid() }),
  },
  /**
   * A step of a lead's follow-up sequence is due (written with `available_at` set to its time:
   * at capture for the first step, after each step for the next). `step` is its index.
   */
  'follow-up.step-due': {
    delivery: 'outbox',
    payload: z.object({ leadId: z.guid(), ownerId: z.guid(), step: z.number().int().min(0) }),
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
   * A lead changed other than by its status or a note: unlocked (its contact details are visible
   * now: the plan's allowance made room, an upgrade, a new month), locked again, marked spam or
   * not spam. `eventId` is its timeline entry. Webhooks send it as `lead.updated`.
   */
  'lead.changed': {
    delivery: 'outbox',
    payload: z.object({ leadId: z.guid(), ownerId: z.guid(), eventId: z.guid() }),
  },
  /**
   * A lead was deleted for good through the public API (a homeowner's privacy request). Only the
   * ids: the lead's details are gone with it. Its place in the month is given back, webhooks tell
   * the contractor's other systems, and its inspections leave the contractor's Google Calendar.
   */
  'lead.deleted': {
    delivery: 'outbox',
    payload: z.object({
      leadId: z.guid(),
      ownerId: z.guid(),
      /**
       * Its inspections still booked when it was deleted (gone with it): their events leave the
       * contractor's Google Calendar. Absent in events written before it was added.
       */
      bookingIds: z.array(z.guid()).optional(),
    }),
  },
  /**
   * A text message was stored to be sent (its row holds the number, body and idempotency key):
   * the worker sends it through the provider once.
   */
  'text.queued': {
    delivery: 'outbox',
    payload: z.object({ textId: z.guid() }),
  },
  /**
   * The homeowner's first text was held for quiet hours (night where they live): relayed at the
   * next allowed moment, when the worker asks again (same idempotency key, so it is sent once).
   */
  'text.welcome-due': {
    delivery: 'outbox',
    payload: z.object({ leadId: z.guid(), ownerId: z.guid() }),
  },
  /**
   * A booked inspection's reminder text was held for quiet hours (night where the homeowner
   * lives): relayed at the next allowed moment, when the worker asks again with the reminder's
   * own key (so it is sent once, and only if the booking is still at `version`).
   */
  'text.booking-reminder-due': {
    delivery: 'outbox',
    payload: bookingReminder,
  },
  /**
   * The homeowner replied STOP to the contractor's texts; `eventId` is the timeline entry. No
   * more texts go to that number for this contractor (follow-up sequences stop on it).
   */
  'lead.texts-stopped': {
    delivery: 'outbox',
    payload: z.object({ leadId: z.guid(), ownerId: z.guid(), eventId: z.guid() }),
  },
  /**
   * A homeowner booked a roof inspection (docs/calendar.md): the confirmation e-mail with its
   * calendar invite, the contractor's e-mail.
   */
  'booking.created': {
    delivery: 'outbox',
    payload: z.object({ bookingId: z.guid(), ownerId: z.guid(), leadId: z.guid() }),
  },
  /**
   * A booked inspection was moved or cancelled, by the homeowner (their manage link) or the
   * contractor (Calendar tab): the other side is e-mailed. `version` is the booking's after the
   * change, so a handler run again sends the same e-mail (same Message-ID), never a newer one.
   */
  'booking.changed': {
    delivery: 'outbox',
    payload: z.object({
      bookingId: z.guid(),
      ownerId: z.guid(),
      leadId: z.guid(),
      change: z.enum(['rescheduled', 'cancelled']),
      /** `spam`: cancelled because the contractor marked the lead as spam. */
      by: z.enum(['homeowner', 'contractor', 'spam']),
      version: z.number().int().min(0),
    }),
  },
  /**
   * A booked inspection's reminder is due (written with the booking and again on each move, with
   * `available_at` 24 h or 2 h before it): the homeowner is e-mailed if the booking is still at
   * `version` (a move or cancellation makes the old reminders moot).
   */
  'booking.reminder-due': {
    delivery: 'outbox',
    payload: bookingReminder,
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
