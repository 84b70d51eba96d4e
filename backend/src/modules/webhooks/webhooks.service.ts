import { Inject, Injectable } from '@nestjs/common';
import { canUseFeature } from '@rafter/domain/plans';
import {
  type CreateHook,
  type CreateWebhookEndpoint,
  type Hook,
  type UpdateWebhookEndpoint,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_SECRET_OVERLAP_MS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookDeliveryQuery,
  type WebhookEndpoint,
  type WebhookEndpointSource,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
  webhookUrlProblem,
} from '@rafter/domain/webhooks';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { type Prisma } from '../../generated/prisma/client';
import { PlanAccessService } from '../plans/plan-access.service';
import { webhookEventId, webhookPayload } from './webhook-payloads';
import { newWebhookSecret, secretPrefix } from './webhook-signing';
import { type DeliveryRow, type EndpointRow, WebhooksRepository } from './webhooks.repository';
import { WebhooksException } from './webhooks.exception';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An endpoint that receives some of the owner's events. */
export interface WebhookSubscriber {
  id: string;
  events: string[];
}

/** One event to announce to the endpoints that subscribed to its type. */
export interface WebhookEvent {
  type: WebhookEventType;
  /** What the event is about, once (see webhookEventId): it makes the payload's `id`. */
  subject: string;
  /** Deliveries with the same key reach an endpoint in order (the lead's id). */
  orderKey: string | null;
  data: Prisma.InputJsonObject;
}

export function toWebhookEndpoint(row: EndpointRow, now = new Date()): WebhookEndpoint {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.disabledAt === null,
    disabledReason:
      row.disabledAt === null ? null : row.disabledReason === 'failing' ? 'failing' : 'paused',
    disabledAt: row.disabledAt?.toISOString() ?? null,
    secretPrefix: secretPrefix(row.secret),
    previousSecretExpiresAt: overlap ? row.previousSecretExpiresAt!.toISOString() : null,
    source: toSource(row.source),
    createdAt: row.createdAt.toISOString(),
  };
}

function toSource(source: string): WebhookEndpointSource {
  return source === 'zapier' || source === 'api' ? source : 'dashboard';
}

/** A Zapier REST hook as `/api/v1/hooks` shows it: an endpoint of one event. */
export function toHook(row: EndpointRow): Hook {
  return {
    id: row.id,
    event: row.events[0] as WebhookEventType,
    target_url: row.url,
    enabled: row.disabledAt === null,
    created_at: row.createdAt.toISOString(),
  };
}

export function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: messageId(row.id),
    eventType: row.eventType,
    state: row.state,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    nextAttemptAt: row.state === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    attemptLog: row.attemptLog.map((attempt) => ({
      attempt: attempt.attempt,
      at: attempt.createdAt.toISOString(),
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      ok: attempt.ok,
      error: attempt.error,
      requestExcerpt: attempt.requestExcerpt,
      responseExcerpt: attempt.responseExcerpt,
    })),
  };
}

/** The `webhook-id` of a delivery: the same on every attempt and resend. */
export function messageId(deliveryId: string): string {
  return `msg_${deliveryId.replace(/-/g, '')}`;
}

function encodeCursor(row: DeliveryRow): string {
  return Buffer.from(JSON.stringify({ t: row.createdAt.toISOString(), id: row.id })).toString(
    'base64url',
  );
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const { t, id } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      t?: unknown;
      id?: unknown;
    };
    const createdAt = new Date(typeof t === 'string' ? t : NaN);
    if (typeof id === 'string' && UUID.test(id) && !Number.isNaN(createdAt.getTime())) {
      return { createdAt, id };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new WebhooksException('invalid_cursor');
}

/**
 * A contractor's webhook endpoints: CRUD, secret rotation, test events, the delivery log and
 * resends (for the dashboard's routes and the public API's), Zapier REST hooks, and the fan-out of events to
 * the endpoints subscribed to them. Every call takes the owner's id and sees only its endpoints.
 * Changes need the webhooks feature (Smart and Instant); reading and deleting do not, so a
 * contractor who downgraded still sees and removes what they set up.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly plans: PlanAccessService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(ownerId: string): Promise<WebhookEndpoint[]> {
    const rows = await this.repository.listEndpoints(ownerId);
    return rows.map((row) => toWebhookEndpoint(row));
  }

  async get(ownerId: string, id: string): Promise<WebhookEndpoint> {
    return toWebhookEndpoint(await this.endpoint(ownerId, id));
  }

  async create(
    ownerId: string,
    input: CreateWebhookEndpoint,
    source: WebhookEndpointSource = 'dashboard',
  ): Promise<WebhookEndpointWithSecret> {
    await this.plans.assertFeature(ownerId, 'api');
    this.assertUrl(input.url);
    const secret = newWebhookSecret();
    const row = await this.repository.createEndpoint(
      {
        ownerId,
        url: input.url,
        description: input.description,
        events: input.events,
        secret,
        source,
      },
      WEBHOOK_ENDPOINTS_MAX,
    );
    if (row === 'too_many') throw new WebhooksException('too_many_endpoints');
    return { ...toWebhookEndpoint(row), secret };
  }

  /** The owner's Zapier REST hooks, oldest first. */
  async hooks(ownerId: string): Promise<Hook[]> {
    const rows = await this.repository.listEndpoints(ownerId, 'zapier');
    return rows.map(toHook);
  }

  /**
   * A Zapier REST hook: an endpoint of source `zapier` for one event, so delivery, retries, SSRF
   * protection and the delivery log are those of every endpoint. Its secret is not shown (Zapier
   * does not verify signatures); the dashboard can rotate it like any other.
   */
  async subscribeHook(ownerId: string, input: CreateHook): Promise<Hook> {
    const created = await this.create(
      ownerId,
      { url: input.target_url, description: `Zapier: ${input.event}`, events: [input.event] },
      'zapier',
    );
    const row = await this.endpoint(ownerId, created.id);
    return toHook(row);
  }

  /** Removes a Zapier REST hook (the Zap was turned off); other endpoints are not hooks (404). */
  async unsubscribeHook(ownerId: string, id: string): Promise<void> {
    if (!UUID.test(id) || !(await this.repository.deleteEndpoint(ownerId, id, 'zapier'))) {
      throw new WebhooksException('hook_not_found');
    }
  }

  async update(
    ownerId: string,
    id: string,
    input: UpdateWebhookEndpoint,
  ): Promise<WebhookEndpoint> {
    await this.endpoint(ownerId, id);
    await this.plans.assertFeature(ownerId, 'api');
    if (input.url !== undefined) this.assertUrl(input.url);
    const data: Prisma.WebhookEndpointUpdateManyMutationInput = {
      url: input.url,
      description: input.description,
      events: input.events,
    };
    if (input.enabled === true) Object.assign(data, { disabledAt: null, disabledReason: null });
    if (input.enabled === false) {
      Object.assign(data, { disabledAt: new Date(), disabledReason: 'paused' });
    }
    const row = await this.repository.updateEndpoint(ownerId, id, data);
    if (!row) throw new WebhooksException('endpoint_not_found');
    return toWebhookEndpoint(row);
  }

  async remove(ownerId: string, id: string): Promise<void> {
    if (!UUID.test(id) || !(await this.repository.deleteEndpoint(ownerId, id))) {
      throw new WebhooksException('endpoint_not_found');
    }
  }

  /** A new secret, shown once; the old one keeps signing beside it for a day. */
  async rotateSecret(
    ownerId: string,
    id: string,
    now = new Date(),
  ): Promise<WebhookEndpointWithSecret> {
    await this.endpoint(ownerId, id);
    await this.plans.assertFeature(ownerId, 'api');
    const secret = newWebhookSecret();
    const until = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_MS);
    const row = await this.repository.rotateSecret(ownerId, id, secret, until);
    if (!row) throw new WebhooksException('endpoint_not_found');
    return { ...toWebhookEndpoint(row, now), secret };
  }

  /** Queues a `webhook.test` delivery to the endpoint, whatever events it subscribed to. */
  async sendTest(ownerId: string, id: string): Promise<WebhookDelivery> {
    const endpoint = await this.endpoint(ownerId, id);
    await this.plans.assertFeature(ownerId, 'api');
    const [deliveryId] = await this.repository.insertDeliveries([
      {
        endpointId: endpoint.id,
        ownerId,
        eventType: WEBHOOK_TEST_EVENT,
        sourceKey: `test:${randomUUID()}`,
        orderKey: null,
        payload: webhookPayload(
          webhookEventId(randomUUID(), WEBHOOK_TEST_EVENT),
          WEBHOOK_TEST_EVENT,
          new Date().toISOString(),
          { endpointId: endpoint.id, message: 'Test event from Rafter' },
        ),
      },
    ]);
    return this.delivery(endpoint.id, deliveryId!);
  }

  async deliveries(
    ownerId: string,
    id: string,
    query: WebhookDeliveryQuery,
  ): Promise<WebhookDeliveryPage> {
    const endpoint = await this.endpoint(ownerId, id);
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const rows = await this.repository.pageDeliveries(endpoint.id, query.limit + 1, after);
    const page = rows.slice(0, query.limit);
    return {
      items: page.map(toWebhookDelivery),
      nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null,
    };
  }

  /** Sends a delivery again from now (a fresh retry window), with its original `webhook-id`. */
  async resend(ownerId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
    const endpoint = await this.endpoint(ownerId, id);
    await this.plans.assertFeature(ownerId, 'api');
    if (!UUID.test(deliveryId) || !(await this.repository.resend(endpoint.id, deliveryId))) {
      throw new WebhooksException('delivery_not_found');
    }
    return this.delivery(endpoint.id, deliveryId);
  }

  /**
   * Stores one delivery per event and subscribed endpoint of the owner, unless the owner's plan
   * lacks webhooks. `sourceId` (the outbox event's id) makes a repeated call add nothing. Returns
   * the new deliveries' ids.
   */
  async fanOut(
    ownerId: string,
    sourceId: string,
    events: WebhookEvent[],
    subscribers?: WebhookSubscriber[],
  ): Promise<string[]> {
    const types = events.map((event) => event.type);
    const endpoints = subscribers ?? (await this.subscribers(ownerId, types));
    if (endpoints.length === 0) return [];
    if (!canUseFeature(await this.plans.state(ownerId), 'api', new Date())) return [];
    const timestamp = new Date().toISOString();
    return this.repository.insertDeliveries(
      endpoints.flatMap((endpoint) =>
        events
          .filter((event) => endpoint.events.includes(event.type))
          .map((event) => ({
            endpointId: endpoint.id,
            ownerId,
            eventType: event.type,
            sourceKey: `${sourceId}:${event.type}`,
            orderKey: event.orderKey,
            payload: webhookPayload(
              webhookEventId(event.subject, event.type),
              event.type,
              timestamp,
              event.data,
            ),
          })),
      ),
    );
  }

  /**
   * The owner's enabled endpoints for any of `types`, for `fanOut`: asked first, it spares
   * building payloads nobody receives.
   */
  subscribers(ownerId: string, types: WebhookEventType[]): Promise<WebhookSubscriber[]> {
    return this.repository.subscribedEndpoints(ownerId, types);
  }

  private async endpoint(ownerId: string, id: string): Promise<EndpointRow> {
    const row = UUID.test(id) ? await this.repository.findEndpoint(ownerId, id) : null;
    if (!row) throw new WebhooksException('endpoint_not_found');
    return row;
  }

  private async delivery(endpointId: string, id: string): Promise<WebhookDelivery> {
    const row = await this.repository.findDelivery(endpointId, id);
    if (!row) throw new WebhooksException('delivery_not_found');
    return toWebhookDelivery(row);
  }

  private assertUrl(url: string): void {
    const problem = webhookUrlProblem(url, this.config.WEBHOOK_ALLOW_LOOPBACK);
    if (problem) throw new WebhooksException('invalid_url', problem);
  }
}
