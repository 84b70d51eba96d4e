import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { withHandledReplies } from './handled-replies';
import { type RealtimeServer } from './realtime.gateway';

/**
 * The worker has no sockets of its own. This Socket.IO server is never attached to a port: it
 * only carries the Redis adapter (same channel as the api's RedisIoAdapter), so what the worker
 * emits to an owner's room reaches that owner's sockets on every api instance.
 */
@Injectable()
export class WorkerRealtimeEmitter implements OnModuleDestroy {
  readonly server: RealtimeServer;
  private readonly pubClient: Redis;
  private readonly subClient: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pubClient = withHandledReplies(
      new Redis(config.REDIS_URL, { maxRetriesPerRequest: null }),
    );
    this.subClient = withHandledReplies(this.pubClient.duplicate());
    for (const client of [this.pubClient, this.subClient]) client.on('error', () => {});
    this.server = new Server() as RealtimeServer;
    this.server.adapter(
      createAdapter(this.pubClient, this.subClient, { key: `${config.QUEUE_PREFIX}:socket.io` }),
    );
  }

  /**
   * Not server.close(), which closes an engine this server never had, nor the adapter's close(),
   * whose unsubscribes would wait for Redis if it is down: dropping the connections is enough.
   */
  onModuleDestroy(): void {
    this.pubClient.disconnect();
    this.subClient.disconnect();
  }
}
