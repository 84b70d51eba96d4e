import { Injectable } from '@nestjs/common';
import { type Prisma } from '../../generated/prisma/client';

/**
 * Writes events to the outbox inside the caller's transaction, so an event exists exactly when
 * the business change it describes was committed. The worker's relay publishes them to BullMQ.
 */
@Injectable()
export class OutboxService {
  async add(
    tx: Prisma.TransactionClient,
    topic: string,
    payload: Prisma.InputJsonValue,
  ): Promise<string> {
    const row = await tx.outboxEvent.create({ data: { topic, payload }, select: { id: true } });
    return row.id;
  }
}
