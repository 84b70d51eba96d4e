import { SetMetadata } from '@nestjs/common';
import { type EventPayload, type EventTopic } from '@rafter/domain/events';
import { type AppConfig } from '../../config/config';

export const EVENT_HANDLER = 'rafter:event-handler';
export const SCHEDULED_JOB = 'rafter:scheduled-job';
export const WORKER_START = 'rafter:worker-start';

/** What a handler learns besides its payload. */
export interface EventContext {
  /**
   * The event's id: for an outbox event its row's id, which is also its job's id, the same on
   * every attempt (so a run after a crash is recognised as the same job).
   */
  id: string;
}

export interface EventHandlerOptions {
  topic: EventTopic;
}

export interface ScheduledJobOptions {
  /** The job's name on the events queue (and its scheduler's id). */
  name: string;
  /** The interval, or how to read it from the configuration (an operator's setting). */
  everyMs: number | ((config: AppConfig) => number);
}

type Handler<T extends EventTopic> = (
  payload: EventPayload<T>,
  context: EventContext,
) => Promise<unknown>;

/**
 * Declares a provider's method as a handler of `topic` (domain/src/events.ts): the method's first
 * parameter must take the topic's payload. Handlers are discovered when the process starts
 * (EventDiscovery); a topic may have several, each must be idempotent (an outbox event may be
 * handled again after a crash). Outbox topics run in the worker; local topics in the process that
 * announces them (LocalEvents).
 */
export function OnEvent<T extends EventTopic>(topic: T) {
  return <M extends Handler<T>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    SetMetadata<string, EventHandlerOptions>(EVENT_HANDLER, { topic })(target, key, descriptor);
  };
}

/**
 * Declares a provider's method as a job the worker runs every `everyMs` (one BullMQ job scheduler
 * shared by all workers). Discovered at start, like OnEvent.
 */
export function Scheduled(name: string, everyMs: ScheduledJobOptions['everyMs']) {
  return <M extends () => Promise<unknown>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    SetMetadata<string, ScheduledJobOptions>(SCHEDULED_JOB, { name, everyMs })(
      target,
      key,
      descriptor,
    );
  };
}

/**
 * Declares a provider's method as something the worker does once as it starts: preparing what its
 * jobs need (compiling the homeowners' e-mail templates) off the first job's path. The api runs no
 * jobs and skips it. Discovered at start, like OnEvent.
 */
export function OnWorkerStart() {
  return <M extends () => Promise<unknown>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    SetMetadata<string, boolean>(WORKER_START, true)(target, key, descriptor);
  };
}
