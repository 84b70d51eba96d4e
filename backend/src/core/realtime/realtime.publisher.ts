import { Injectable, Logger } from '@nestjs/common';
import {
  type LeadListItem,
  LEADS_CREATED_EVENT_MAX,
  type RealtimeEvents,
} from '@rafter/domain/crm';
import { RedisAdapter } from '@socket.io/redis-adapter';
import { ownerRoom, RealtimeGateway } from './realtime.gateway';

/**
 * What other modules call, after their change committed, to tell the owner's open dashboards.
 * Never throws: a lost event costs a refetch on the next reconnect, not a failed request.
 */
@Injectable()
export class RealtimePublisher {
  private readonly logger = new Logger(RealtimePublisher.name);

  /** New leads per owner, sent together once the current turn of the event loop is over. */
  private readonly created = new Map<string, LeadListItem[]>();

  constructor(private readonly gateway: RealtimeGateway) {}

  /**
   * New leads committed in the same turn of the event loop (the quote requests one batch stored,
   * docs/decisions/0010) reach the owner's dashboards as one event: `lead:created` for one lead,
   * `leads:created` for several (LEADS_CREATED_EVENT_MAX at most), in the order they were
   * stored. A contractor under a burst gets one event and one refetch per batch instead of one
   * per lead, and the api encodes and publishes once.
   */
  leadCreated(ownerId: string, lead: LeadListItem): void {
    const waiting = this.created.get(ownerId);
    if (waiting) {
      waiting.push(lead);
      return;
    }
    this.created.set(ownerId, [lead]);
    if (this.created.size === 1) setImmediate(() => this.flushCreated());
  }

  leadUpdated(ownerId: string, lead: LeadListItem): void {
    this.emit(ownerId, 'lead:updated', { lead });
  }

  leadDeleted(ownerId: string, id: string): void {
    this.emit(ownerId, 'lead:deleted', { id });
  }

  leadHidden(ownerId: string, id: string): void {
    this.emit(ownerId, 'lead:hidden', { id });
  }

  private flushCreated(): void {
    const owners = [...this.created.keys()];
    for (const ownerId of owners) this.flushCreatedFor(ownerId);
  }

  private flushCreatedFor(ownerId: string): void {
    const leads = this.created.get(ownerId);
    if (!leads) return;
    this.created.delete(ownerId);
    for (let start = 0; start < leads.length; start += LEADS_CREATED_EVENT_MAX) {
      const chunk = leads.slice(start, start + LEADS_CREATED_EVENT_MAX);
      if (chunk.length === 1) this.emit(ownerId, 'lead:created', { lead: chunk[0]! });
      else this.emit(ownerId, 'leads:created', { leads: chunk });
    }
  }

  private emit<E extends keyof RealtimeEvents>(
    ownerId: string,
    event: E,
    payload: Parameters<RealtimeEvents[E]>[0],
  ): void {
    const server = this.gateway.server;
    // Before the gateway started (worker, scripts) there is nobody to tell.
    if (!server) return;
    // A change to a lead never overtakes the event that created it.
    if (event !== 'lead:created' && event !== 'leads:created') this.flushCreatedFor(ownerId);
    try {
      const adapter = server.of('/').adapter;
      // While Redis is down, reach this instance's sockets rather than queue the event for Redis.
      const redisDown = adapter instanceof RedisAdapter && adapter.pubClient.status !== 'ready';
      const target = redisDown ? server.local : server;
      const args = [payload] as Parameters<RealtimeEvents[E]>;
      target.to(ownerRoom(ownerId)).emit(event, ...args);
    } catch (error) {
      this.logger.warn({ ownerId, event, err: error }, 'Realtime event not sent');
    }
  }
}
