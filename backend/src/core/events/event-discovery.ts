import { Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { type EventTopic } from '@rafter/domain/events';
import {
  EVENT_HANDLER,
  type EventContext,
  type EventHandlerOptions,
  SCHEDULED_JOB,
  type ScheduledJobOptions,
  WORKER_START,
} from './on-event.decorator';

export interface DiscoveredHandler {
  topic: EventTopic;
  /** `Class.method`, for logs and errors. */
  label: string;
  handle: (payload: unknown, context: EventContext) => Promise<unknown>;
}

export interface DiscoveredSchedule extends ScheduledJobOptions {
  label: string;
  run: () => Promise<unknown>;
}

export interface DiscoveredWorkerStart {
  label: string;
  run: () => Promise<unknown>;
}

interface Found {
  handlers: DiscoveredHandler[];
  schedules: DiscoveredSchedule[];
  workerStarts: DiscoveredWorkerStart[];
}

/**
 * Finds the methods declared with @OnEvent, @Scheduled and @OnWorkerStart on every provider of the process's
 * module graph, once, the first time they are asked for (after the graph is built). The api and
 * the worker import the same feature modules, so both find the same handlers; each runs the kind
 * it is for (LocalEvents, the worker's JobHandlers).
 */
@Injectable()
export class EventDiscovery {
  private found?: Found;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  handlers(topic?: EventTopic): DiscoveredHandler[] {
    const { handlers } = this.scan();
    return topic ? handlers.filter((handler) => handler.topic === topic) : handlers;
  }

  schedules(): DiscoveredSchedule[] {
    return this.scan().schedules;
  }

  workerStarts(): DiscoveredWorkerStart[] {
    return this.scan().workerStarts;
  }

  private scan(): Found {
    if (this.found) return this.found;
    const handlers: DiscoveredHandler[] = [];
    const schedules: DiscoveredSchedule[] = [];
    const workerStarts: DiscoveredWorkerStart[] = [];
    const seen = new Set<object>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object' || seen.has(instance)) continue;
      seen.add(instance);
      const prototype = Object.getPrototypeOf(instance) as object | null;
      if (!prototype) continue;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const method = (instance as Record<string, unknown>)[name];
        if (typeof method !== 'function') continue;
        const label = `${instance.constructor.name}.${name}`;
        const bound = (method as (...args: unknown[]) => Promise<unknown>).bind(instance);
        const event = this.reflector.get<EventHandlerOptions | undefined>(EVENT_HANDLER, method);
        if (event) handlers.push({ topic: event.topic, label, handle: bound });
        const schedule = this.reflector.get<ScheduledJobOptions | undefined>(SCHEDULED_JOB, method);
        if (schedule) schedules.push({ ...schedule, label, run: () => bound() });
        if (this.reflector.get<boolean | undefined>(WORKER_START, method))
          workerStarts.push({ label, run: () => bound() });
      }
    }
    const names = schedules.map((schedule) => schedule.name);
    const twice = names.find((name, index) => names.indexOf(name) !== index);
    if (twice) throw new Error(`Scheduled job ${twice} is declared twice`);
    this.found = { handlers, schedules, workerStarts };
    return this.found;
  }
}
