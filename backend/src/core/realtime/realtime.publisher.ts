import { Injectable, Logger } from '@nestjs/common';
import { type LeadListItem, type RealtimeEvents } from '@rafter/domain/crm';
import { RedisAdapter } from '@socket.io/redis-adapter';
import { ownerRoom, RealtimeGateway } from './realtime.gateway';

/**
 * What other modules call, after their change committed, to tell the owner's open dashboards.
 * Never throws: a lost event costs a refetch on the next reconnect, not a failed request.
 */
@Injectable()
export class RealtimePublisher {
  private readonly logger = new Logger(RealtimePublisher.name);

  constructor(private readonly gateway: RealtimeGateway) {}

  leadCreated(ownerId: string, lead: LeadListItem): void {
    this.emit(ownerId, 'lead:created', { lead });
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

  private emit<E extends keyof RealtimeEvents>(
    ownerId: string,
    event: E,
    payload: Parameters<RealtimeEvents[E]>[0],
  ): void {
    const server = this.gateway.server;
    // Before the gateway started (worker, scripts) there is nobody to tell.
    if (!server) return;
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
