import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { lockUntilCommit } from '../../core/database/advisory-locks';
import { TOGETHER } from '../../core/database/batching';
import { PrismaService } from '../../core/database/prisma.service';
import { OutboxService } from '../../core/outbox/outbox.service';
import { Prisma, type WebhookDeliveryState } from '../../generated/prisma/client';

const ENDPOINT_SELECT = {
  id: true,
  ownerId: true,
  url: true,
  description: true,
  events: true,
  secret: true,
  previousSecret: true,
  previousSecretExpiresAt: true,
  disabledReason: true,
  disabledAt: true,
  source: true,
  createdAt: true,
} as const;

export type EndpointRow = Prisma.WebhookEndpointGetPayload<{ select: typeof ENDPOINT_SELECT }>;

export interface NewDelivery {
  endpointId: string;
  ownerId: string;
  eventType: string;
  sourceKey: string;
  orderKey: string | null;
  payload: Prisma.InputJsonObject;
}

/** A delivery taken for one attempt, with what signing and sending it needs. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  ownerId: string;
  eventType: string;
  payload: unknown;
  /** This attempt's number (1 for the first). */
  attempts: number;
  createdAt: Date;
  retryFrom: Date;
  url: string;
  /** The endpoint's source: a `zapier` hook is deleted when its target answers 410 Gone. */
  source: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  ok: boolean;
  error: string | null;
  requestExcerpt: string;
  responseExcerpt: string | null;
  /** The delivery's state after this attempt and, while pending, when to try again. */
  state: WebhookDeliveryState;
  nextAttemptAt: Date | null;
}

export interface DeliveryRow {
  id: string;
  eventType: string;
  state: WebhookDeliveryState;
  attempts: number;
  lastStatusCode: number | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  attemptLog: {
    attempt: number;
    statusCode: number | null;
    durationMs: number;
    ok: boolean;
    error: string | null;
    requestExcerpt: string;
    responseExcerpt: string | null;
    createdAt: Date;
  }[];
}

const DELIVERY_SELECT = {
  id: true,
  eventType: true,
  state: true,
  attempts: true,
  lastStatusCode: true,
  nextAttemptAt: true,
  createdAt: true,
  attemptLog: {
    orderBy: { attempt: 'desc' },
    select: {
      attempt: true,
      statusCode: true,
      durationMs: true,
      ok: true,
      error: true,
      requestExcerpt: true,
      responseExcerpt: true,
      createdAt: true,
    },
  },
} as const satisfies Prisma.WebhookDeliverySelect;

/** How long a claimed delivery is left to its worker before another may take it (a crash). */
const CLAIM_LOCK_MS = 60_000;

/** Webhook endpoints, their deliveries and attempts. Every owner-facing read filters by owner. */
@Injectable()
export class WebhooksRepository {
  /**
   * The worker's event handlers run side by side (one job per captured lead): those of one moment
   * share one read of their owners' endpoints and one insert of their deliveries.
   */
  private readonly enabledEndpoints = new DataLoader<string, { id: string; events: string[] }[]>(
    async (ownerIds) => {
      const rows = await this.prisma.webhookEndpoint.findMany({
        where: { ownerId: { in: [...ownerIds] }, disabledAt: null },
        select: { id: true, ownerId: true, events: true },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      return ownerIds.map((ownerId) =>
        rows
          .filter((row) => row.ownerId === ownerId)
          .map((row) => ({ id: row.id, events: row.events })),
      );
    },
    TOGETHER,
  );

  private readonly deliveryInserts = new DataLoader<NewDelivery[], string[]>(async (groups) => {
    const rows = await this.insertDeliveryRows(groups.flat());
    const ids = new Map(rows.map((row) => [`${row.endpoint_id} ${row.source_key}`, row.id]));
    return groups.map((group) =>
      group.flatMap((delivery) => ids.get(`${delivery.endpointId} ${delivery.sourceKey}`) ?? []),
    );
  }, TOGETHER);

  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxService,
  ) {}

  /** The owner's endpoints (only those of `source`, when given), oldest first. */
  listEndpoints(ownerId: string, source?: string): Promise<EndpointRow[]> {
    return this.prisma.webhookEndpoint.findMany({
      where: { ownerId, source },
      select: ENDPOINT_SELECT,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  findEndpoint(ownerId: string, id: string): Promise<EndpointRow | null> {
    return this.prisma.webhookEndpoint.findFirst({
      where: { id, ownerId },
      select: ENDPOINT_SELECT,
    });
  }

  /**
   * Adds the endpoint unless the owner has `max` already ('too_many'). Counted and added under the
   * owner's lock, so two requests at once cannot both pass the count. A Zapier hook for a URL and
   * event the owner already has is that hook: Zapier sends the subscription again when it lost
   * the first answer, and a second hook would post every event to the Zap twice.
   */
  createEndpoint(
    data: {
      ownerId: string;
      url: string;
      description: string;
      events: string[];
      secret: string;
      source: string;
    },
    max: number,
  ): Promise<EndpointRow | 'too_many'> {
    return this.prisma.$transaction(async (tx) => {
      await lockUntilCommit(tx, 'webhookEndpoints', data.ownerId);
      if (data.source === 'zapier') {
        const same = await tx.webhookEndpoint.findFirst({
          where: {
            ownerId: data.ownerId,
            source: 'zapier',
            url: data.url,
            events: { equals: data.events },
          },
          select: ENDPOINT_SELECT,
          orderBy: { createdAt: 'asc' },
        });
        if (same) return same;
      }
      if ((await tx.webhookEndpoint.count({ where: { ownerId: data.ownerId } })) >= max) {
        return 'too_many' as const;
      }
      return tx.webhookEndpoint.create({ data, select: ENDPOINT_SELECT });
    });
  }

  /** Null when the owner has no such endpoint. */
  async updateEndpoint(
    ownerId: string,
    id: string,
    data: Prisma.WebhookEndpointUpdateManyMutationInput,
  ): Promise<EndpointRow | null> {
    const { count } = await this.prisma.webhookEndpoint.updateMany({
      where: { id, ownerId },
      data,
    });
    return count === 0 ? null : this.findEndpoint(ownerId, id);
  }

  /** Deletes the owner's endpoint (only one of `source`, when given) with its deliveries. */
  async deleteEndpoint(ownerId: string, id: string, source?: string): Promise<boolean> {
    const { count } = await this.prisma.webhookEndpoint.deleteMany({
      where: { id, ownerId, source },
    });
    return count > 0;
  }

  /**
   * Deletes these endpoints if they are Zapier hooks (their target answered 410 Gone: the Zap is
   * gone). Returns the ids deleted.
   */
  async deleteGoneHooks(endpointIds: string[]): Promise<string[]> {
    if (endpointIds.length === 0) return [];
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      DELETE FROM webhook_endpoints
      WHERE id = ANY(${endpointIds}::uuid[]) AND source = 'zapier'
      RETURNING id`;
    return rows.map((row) => row.id);
  }

  /** The new secret signs from now on; the current one keeps signing until `overlapUntil`. */
  async rotateSecret(
    ownerId: string,
    id: string,
    secret: string,
    overlapUntil: Date,
  ): Promise<EndpointRow | null> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      UPDATE webhook_endpoints
      SET previous_secret = secret, previous_secret_expires_at = ${overlapUntil},
        secret = ${secret}, updated_at = now()
      WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid
      RETURNING id`;
    return rows.length === 0 ? null : this.findEndpoint(ownerId, id);
  }

  /** The owner's enabled endpoints subscribed to any of `eventTypes`, with their events. */
  async subscribedEndpoints(
    ownerId: string,
    eventTypes: string[],
  ): Promise<{ id: string; events: string[] }[]> {
    const endpoints = await this.enabledEndpoints.load(ownerId);
    return endpoints.filter((endpoint) =>
      endpoint.events.some((type) => eventTypes.includes(type)),
    );
  }

  /**
   * Stores deliveries; one already stored for the same endpoint and source (a handler run again
   * after a crash) is kept as it is. Returns the ids of the new ones.
   */
  async insertDeliveries(deliveries: NewDelivery[]): Promise<string[]> {
    if (deliveries.length === 0) return [];
    return this.deliveryInserts.load(deliveries);
  }

  /**
   * One statement for the deliveries of several handlers. Two handlers of the same moment never
   * store the same endpoint and source (a source is one event), so each row's key is its own.
   */
  private insertDeliveryRows(
    deliveries: NewDelivery[],
  ): Promise<{ id: string; endpoint_id: string; source_key: string }[]> {
    return this.prisma.$queryRaw<{ id: string; endpoint_id: string; source_key: string }[]>`
      INSERT INTO webhook_deliveries
        (id, endpoint_id, owner_id, event_type, source_key, order_key, payload, updated_at)
      SELECT gen_random_uuid(), d.endpoint_id, d.owner_id, d.event_type, d.source_key,
        d.order_key, d.payload, now()
      FROM jsonb_to_recordset(${JSON.stringify(deliveries.map(toRecord))}::jsonb) AS d(
        ord int, endpoint_id uuid, owner_id uuid, event_type text, source_key text, order_key text,
        payload jsonb)
      ORDER BY d.ord
      ON CONFLICT (endpoint_id, source_key) DO NOTHING
      RETURNING id, endpoint_id, source_key`;
  }

  /**
   * Takes up to `limit` due deliveries of enabled endpoints for one attempt each (all due ones, or
   * only `ids`), counting the attempt, oldest due first, with at most `ownerLimit` in flight per
   * contractor: `busy` says how many each contractor has in flight already, so one contractor's
   * slow or many deliveries never take every slot from the others. With `skipFull`, contractors
   * at the limit are left out of the scan itself, so that others' deliveries behind a long queue
   * of theirs are reached (at the cost of reading past that queue). A delivery waits while an
   * earlier one of the same lead to the same endpoint is still pending, so each endpoint hears of
   * a lead's changes in order. Claimed rows are locked for a minute: a worker that dies
   * mid-attempt leaves them to another.
   */
  claim(
    limit: number,
    ownerLimit: number,
    busy: ReadonlyMap<string, number>,
    options: { ids?: string[]; skipFull: boolean },
  ): Promise<ClaimedDelivery[]> {
    const owners = [...busy.keys()];
    const inFlight = owners.map((owner) => busy.get(owner)!);
    const full = options.skipFull ? owners.filter((owner) => busy.get(owner)! >= ownerLimit) : [];
    const only = options.ids ? Prisma.sql`AND d.id = ANY(${options.ids}::uuid[])` : Prisma.empty;
    // The candidates are read first and locked after: a window function (the per-contractor
    // count) cannot share a query level with FOR UPDATE. A row another worker claimed in between
    // is skipped or fails the re-checked conditions. The candidates are read in the due index's
    // own order, which stops at the limit: the endpoint is checked by a subquery (joined, the
    // planner read every due row first), and `seq` breaks ties only among the candidates (in the
    // scan it sorted every row due at the same instant, 20,000 in the benchmark: 30-40 ms a claim).
    return this.prisma.$queryRaw<ClaimedDelivery[]>`
      WITH candidates AS (
        SELECT d.id, d.owner_id, d.next_attempt_at, d.seq FROM webhook_deliveries d
        WHERE d.state = 'pending' AND d.next_attempt_at <= now()
          AND (d.locked_until IS NULL OR d.locked_until < now())
          AND (SELECT e.disabled_at IS NULL FROM webhook_endpoints e WHERE e.id = d.endpoint_id)
          AND d.owner_id <> ALL(${full}::uuid[]) ${only}
          AND (d.order_key IS NULL OR NOT EXISTS (
            SELECT 1 FROM webhook_deliveries p
            WHERE p.endpoint_id = d.endpoint_id AND p.order_key = d.order_key
              AND p.state = 'pending' AND p.seq < d.seq))
        ORDER BY d.next_attempt_at
        LIMIT ${limit * 2}
      ), ranked AS (
        SELECT c.id, c.next_attempt_at, c.seq,
          row_number() OVER (PARTITION BY c.owner_id ORDER BY c.next_attempt_at, c.seq)
            + coalesce(b.in_flight, 0) AS place
        FROM candidates c
        LEFT JOIN unnest(${owners}::uuid[], ${inFlight}::int[]) AS b(owner_id, in_flight)
          ON b.owner_id = c.owner_id
      ), due AS (
        SELECT d.id FROM webhook_deliveries d JOIN ranked r ON r.id = d.id
        WHERE r.place <= ${ownerLimit} AND d.state = 'pending'
          AND (d.locked_until IS NULL OR d.locked_until < now())
        ORDER BY r.next_attempt_at, r.seq
        LIMIT ${limit}
        FOR UPDATE OF d SKIP LOCKED
      )
      UPDATE webhook_deliveries w
      SET locked_until = now() + ${CLAIM_LOCK_MS} * interval '1 millisecond',
        attempts = w.attempts + 1, updated_at = now()
      FROM due, webhook_endpoints e
      WHERE w.id = due.id AND e.id = w.endpoint_id
      RETURNING w.id, w.endpoint_id AS "endpointId", w.owner_id AS "ownerId",
        w.event_type AS "eventType", w.payload, w.attempts, w.created_at AS "createdAt",
        w.retry_from AS "retryFrom", e.url, e.source, e.secret,
        e.previous_secret AS "previousSecret",
        e.previous_secret_expires_at AS "previousSecretExpiresAt"`;
  }

  /** Stores a batch of attempts and each delivery's state after it, in one transaction. */
  async recordAttempts(records: AttemptRecord[]): Promise<void> {
    if (records.length === 0) return;
    const json = JSON.stringify(records);
    await this.prisma.$transaction([
      this.prisma.$executeRaw`
        INSERT INTO webhook_delivery_attempts (id, delivery_id, attempt, status_code, duration_ms,
          ok, error, request_excerpt, response_excerpt)
        SELECT gen_random_uuid(), r."deliveryId", r.attempt, r."statusCode", r."durationMs", r.ok,
          r.error, r."requestExcerpt", r."responseExcerpt"
        FROM jsonb_to_recordset(${json}::jsonb) AS r("deliveryId" uuid, attempt int,
          "statusCode" int, "durationMs" int, ok boolean, error text, "requestExcerpt" text,
          "responseExcerpt" text)`,
      this.prisma.$executeRaw`
        UPDATE webhook_deliveries w
        SET state = r.state::"WebhookDeliveryState", next_attempt_at = r."nextAttemptAt",
          last_status_code = r."statusCode", locked_until = NULL, updated_at = now()
        FROM jsonb_to_recordset(${json}::jsonb) AS r("deliveryId" uuid, state text,
          "statusCode" int, "nextAttemptAt" timestamptz)
        WHERE w.id = r."deliveryId"`,
    ]);
  }

  /**
   * Disables an endpoint whose delivery failed for the whole retry window: its pending deliveries
   * fail with it, and `webhook-endpoint.disabled` (the owner's e-mail) is written in the same
   * transaction. False when it was disabled already.
   */
  disableFailing(endpointId: string): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ owner_id: string }[]>`
        UPDATE webhook_endpoints
        SET disabled_at = now(), disabled_reason = 'failing', updated_at = now()
        WHERE id = ${endpointId}::uuid AND disabled_at IS NULL
        RETURNING owner_id`;
      const owner = rows[0];
      if (!owner) return false;
      await tx.$executeRaw`
        UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL, updated_at = now()
        WHERE endpoint_id = ${endpointId}::uuid AND state = 'pending'`;
      await this.outbox.add(tx, 'webhook-endpoint.disabled', {
        endpointId,
        ownerId: owner.owner_id,
      });
      return true;
    });
  }

  /** Newest first, after the keyset `after`; each with its attempts, newest first. */
  async pageDeliveries(
    endpointId: string,
    limit: number,
    after: { createdAt: Date; id: string } | null,
  ): Promise<DeliveryRow[]> {
    return this.prisma.webhookDelivery.findMany({
      where: {
        endpointId,
        ...(after
          ? {
              OR: [
                { createdAt: { lt: after.createdAt } },
                { createdAt: after.createdAt, id: { lt: after.id } },
              ],
            }
          : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      select: DELIVERY_SELECT,
    });
  }

  findDelivery(endpointId: string, id: string): Promise<DeliveryRow | null> {
    return this.prisma.webhookDelivery.findFirst({
      where: { id, endpointId },
      select: DELIVERY_SELECT,
    });
  }

  /** Sends a delivery again now, whatever its state; false when the endpoint has no such one. */
  async resend(endpointId: string, id: string): Promise<boolean> {
    const { count } = await this.prisma.webhookDelivery.updateMany({
      where: { id, endpointId },
      data: {
        state: 'pending',
        nextAttemptAt: new Date(),
        retryFrom: new Date(),
        lockedUntil: null,
      },
    });
    return count > 0;
  }

  /** What the disabled-endpoint e-mail needs: the owner's address and the endpoint's URL. */
  findEndpointOwner(endpointId: string): Promise<{ url: string; owner: { email: string } } | null> {
    return this.prisma.webhookEndpoint.findUnique({
      where: { id: endpointId },
      select: { url: true, owner: { select: { email: true } } },
    });
  }
}

function toRecord(delivery: NewDelivery, ord: number) {
  return {
    ord,
    endpoint_id: delivery.endpointId,
    owner_id: delivery.ownerId,
    event_type: delivery.eventType,
    source_key: delivery.sourceKey,
    order_key: delivery.orderKey,
    payload: delivery.payload,
  };
}
