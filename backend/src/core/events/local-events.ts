import { Injectable } from '@nestjs/common';
import { type EventPayload, type LocalTopic, parseEventPayload } from '@rafter/domain/events';
import { randomUUID } from 'node:crypto';
import { EventDiscovery } from './event-discovery';

/**
 * Announces a local event (domain/src/events.ts) to its @OnEvent handlers in this process, one
 * after another, and returns when they are done: the announcing call (a plan change) answers
 * only once its consequences (unlocked leads) are stored. A handler's failure is the caller's.
 */
@Injectable()
export class LocalEvents {
  constructor(private readonly discovery: EventDiscovery) {}

  async emit<T extends LocalTopic>(topic: T, payload: EventPayload<T>): Promise<void> {
    const data = parseEventPayload(topic, payload);
    const context = { id: randomUUID() };
    for (const handler of this.discovery.handlers(topic)) await handler.handle(data, context);
  }
}
