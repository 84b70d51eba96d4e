import { Injectable } from '@nestjs/common';
import { type EventPayload, type OutboxTopic, parseEventPayload } from '@rafter/domain/events';
import { Prisma } from '../../generated/prisma/client';

/**
 * Writes events to the outbox inside the caller's transaction, so an event exists exactly when
 * the business change it describes was committed. The worker's relay publishes them to BullMQ.
 * The payload is checked against its topic's schema (domain/src/events.ts) before it is written.
 */
@Injectable()
export class OutboxService {
  /**
   * With `availableAt`, the event is relayed at that time, not at once (a reminder or a follow-up
   * step that is due later, a text held until the homeowner's morning).
   */
  async add<T extends OutboxTopic>(
    tx: Prisma.TransactionClient,
    topic: T,
    payload: EventPayload<T>,
    options: { availableAt?: Date } = {},
  ): Promise<string> {
    const data = parseEventPayload(topic, payload) as Prisma.InputJsonObject;
    const row = await tx.outboxEvent.create({
      data: {
        topic,
        payload: data,
        ...(options.availableAt && { availableAt: options.availableAt }),
      },
      select: { id: true },
    });
    return row.id;
  }
}

/**
 * The payload of an outbox row written by a raw SQL insert, as `jsonb_build_object(…)`: one SQL
 * expression per field of the topic's payload, no more and no fewer (checked by the compiler).
 */
export function outboxPayloadSql<T extends OutboxTopic>(
  _topic: T,
  fields: { [K in keyof EventPayload<T>]-?: Prisma.Sql },
): Prisma.Sql {
  const pairs = Object.entries(fields as Record<string, Prisma.Sql>).map(
    ([key, value]) => Prisma.sql`${Prisma.raw(`'${key.replace(/'/g, "''")}'`)}, ${value}`,
  );
  return Prisma.sql`jsonb_build_object(${Prisma.join(pairs, ', ')})`;
}

/** The topic as an SQL literal, for raw inserts into the outbox. */
export function outboxTopicSql(topic: OutboxTopic): Prisma.Sql {
  return Prisma.raw(`'${topic.replace(/'/g, "''")}'`);
}
