import { z } from 'zod';

/**
 * Outgoing webhooks: the events a contractor's endpoint can subscribe to, the payloads of the
 * dashboard's routes, and the pure rules of delivery (which URLs are allowed, when to retry).
 * Deliveries are signed per the Standard Webhooks specification (docs/webhooks.md).
 */
export const WEBHOOK_EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  'lead.status_changed',
  'lead.note_added',
  'lead.deleted',
  'subscription.changed',
  'booking.created',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test event 'Send test event' delivers; endpoints receive it whatever they subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'lead.created': 'A new lead arrives',
  'lead.updated': 'A lead changes (status, note, unlocked, locked, spam)',
  'lead.status_changed': "A lead's status changes",
  'lead.note_added': 'A note is added to a lead',
  'lead.deleted': 'A lead is deleted',
  'subscription.changed': 'Your plan changes',
  'booking.created': 'A homeowner books a roof inspection',
};

/**
 * Where an endpoint was added: the dashboard's Integrations tab, the public API's
 * `/api/v1/webhook-endpoints`, or a Zapier REST hook subscription (`/api/v1/hooks`), which Zapier
 * removes itself when its Zap is turned off (or by answering 410 Gone).
 */
export const WEBHOOK_ENDPOINT_SOURCES = ['dashboard', 'api', 'zapier'] as const;
export type WebhookEndpointSource = (typeof WEBHOOK_ENDPOINT_SOURCES)[number];

/** Endpoints per contractor (Zapier hooks included). */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** How long a rotated-out secret still signs deliveries, beside the new one. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3600 * 1000;
/** A delivery still failing this long after its event gives up, and its endpoint is disabled. */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 3600 * 1000;
/** Characters of a request or response body kept in the delivery log. */
export const WEBHOOK_EXCERPT_MAX = 2048;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Why a URL cannot be an endpoint, or null when it can: https only, except http to this machine
 * when loopback receivers are allowed (development and tests). The addresses a host resolves to
 * are checked again at every delivery (private, loopback and metadata addresses are refused).
 */
export function webhookUrlProblem(value: string, allowLoopback: boolean): string | null {
  // Parsed by hand: the domain runs without Node's or the browser's URL class.
  const match =
    /^([a-z][a-z0-9+.-]*):\/\/(?:([^/?#@]*)@)?(\[[0-9a-f:.]+\]|[^/?#:@[\]\s]+)(?::(\d{1,5}))?([/?#]\S*)?$/i.exec(
      value,
    );
  if (!match) return 'Enter a full URL starting with https://';
  const protocol = match[1]!.toLowerCase();
  if (match[2] !== undefined) return 'The URL must not contain a user name or password';
  if (match[4] !== undefined && Number(match[4]) > 65535) return 'The port is not valid';
  if (protocol === 'https') return null;
  if (protocol === 'http' && allowLoopback && isLoopbackHost(match[3]!)) return null;
  return 'The URL must start with https://';
}

/**
 * The wait before attempt `attempt + 1` after `attempt` failed: 5 s growing fourfold (5 s, 20 s,
 * 80 s, 5 min, 21 min, 85 min, 5.7 h) up to 12 h, which with the three-day window makes about
 * twelve attempts. `random` in [0, 1) spreads each wait by up to a fifth either way (jitter), so
 * receivers recovering from an outage are not hit by every retry at once.
 */
export function webhookRetryDelayMs(attempt: number, random: number): number {
  const base = Math.min(5000 * 4 ** Math.max(0, attempt - 1), 12 * 3600 * 1000);
  return Math.round(base * (0.8 + 0.4 * random));
}

const eventList = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'Choose at least one event')
  .refine((events) => new Set(events).size === events.length, 'Each event once');

export const createWebhookEndpointSchema = z.object({
  url: z.string().trim().min(1, 'Enter the URL').max(2000, 'At most 2,000 characters'),
  description: z.string().trim().max(200, 'At most 200 characters').default(''),
  events: eventList,
});
export type CreateWebhookEndpoint = z.infer<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z
  .object({
    url: createWebhookEndpointSchema.shape.url,
    description: z.string().trim().max(200, 'At most 200 characters'),
    events: eventList,
    /** false pauses deliveries; true re-enables an endpoint (also one disabled by failures). */
    enabled: z.boolean(),
  })
  .partial();
export type UpdateWebhookEndpoint = z.infer<typeof updateWebhookEndpointSchema>;

export const webhookEndpointSchema = z.object({
  id: z.guid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why deliveries stopped ('failing' after the retry window, 'paused' by the contractor). */
  disabledReason: z.enum(['failing', 'paused']).nullable(),
  disabledAt: z.iso.datetime().nullable(),
  /** The start of the secret (`whsec_abc…`), to tell secrets apart. */
  secretPrefix: z.string(),
  /** While a rotated-out secret still signs deliveries, until when. */
  previousSecretExpiresAt: z.iso.datetime().nullable(),
  /** Where it was added; `zapier` endpoints are REST hook subscriptions of a Zap. */
  source: z.enum(WEBHOOK_ENDPOINT_SOURCES),
  createdAt: z.iso.datetime(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** Creation and rotation answer the whole secret, once. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.iso.datetime(),
  /** The receiver's status; null when no answer came (refused, timed out, blocked address). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  ok: z.boolean(),
  error: z.string().nullable(),
  requestExcerpt: z.string(),
  responseExcerpt: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.guid(),
  /** The `webhook-id` header: the same on every attempt and resend of this delivery. */
  messageId: z.string(),
  eventType: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookDeliveryQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type WebhookDeliveryQuery = z.infer<typeof webhookDeliveryQuerySchema>;

/**
 * What every delivery's body is (the Standard Webhooks envelope): `id` names the event (the same
 * for every endpoint that receives it, and for the same change in the recent-items list), `type`
 * its event type, `data` the lead (and its change or its booked inspection) or the subscription.
 */
export const webhookPayloadSchema = z.object({
  id: z.string(),
  type: z.string(),
  timestamp: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
  /** Only on the example the recent-items list shows when the contractor has no such event yet. */
  example: z.literal(true).optional(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** Zapier REST hooks: a subscription of one target URL to one event (docs/zapier.md). */
export const createHookSchema = z.object({
  target_url: createWebhookEndpointSchema.shape.url,
  event: z.enum(WEBHOOK_EVENT_TYPES),
});
export type CreateHook = z.infer<typeof createHookSchema>;

export const hookSchema = z.object({
  id: z.guid(),
  event: z.enum(WEBHOOK_EVENT_TYPES),
  target_url: z.string(),
  enabled: z.boolean(),
  created_at: z.iso.datetime(),
});
export type Hook = z.infer<typeof hookSchema>;

/** How many recent payloads `GET /api/v1/hooks/samples/{event}` answers at most. */
export const HOOK_SAMPLES_MAX = 3;
