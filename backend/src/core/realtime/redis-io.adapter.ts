import { type INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { withHandledReplies } from './handled-replies';

const CONNECT_WAIT_MS = 2000;

type IoServer = ReturnType<IoAdapter['createIOServer']>;

/**
 * Socket.IO over the Redis adapter, so an event emitted on one api instance reaches the owner's
 * sockets on every instance. Redis being down never stops the api: the clients keep reconnecting
 * and RealtimePublisher emits to this instance's sockets only until they are back.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly redisLogger = new Logger(RedisIoAdapter.name);
  private readonly pubClient: Redis;
  private readonly subClient: Redis;

  constructor(
    app: INestApplicationContext,
    redisUrl: string,
    private readonly channelPrefix: string,
  ) {
    super(app);
    // No per-command retry limit: the few publishes issued while a connection drops wait for the
    // reconnect instead of being lost. Those still pending when the instance closes reject, and
    // withHandledReplies keeps that from being an unhandled rejection (the adapter ignores it).
    const options = { maxRetriesPerRequest: null, connectTimeout: CONNECT_WAIT_MS };
    // Publishes issued in the same tick (a burst of quote requests) go out in one write.
    this.pubClient = withHandledReplies(
      new Redis(redisUrl, { ...options, enableAutoPipelining: true }),
    );
    this.subClient = withHandledReplies(new Redis(redisUrl, options));
    for (const client of [this.pubClient, this.subClient]) client.on('error', () => {});
  }

  /** Waits briefly for both connections; the api starts either way. */
  async connect(): Promise<void> {
    const ready = (client: Redis) =>
      client.status === 'ready'
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), CONNECT_WAIT_MS);
            client.once('ready', () => {
              clearTimeout(timer);
              resolve(true);
            });
          });
    const [pub, sub] = await Promise.all([ready(this.pubClient), ready(this.subClient)]);
    if (!pub || !sub) {
      this.redisLogger.warn(
        'Redis is not reachable: realtime events reach this instance only for now',
      );
    }
  }

  override createIOServer(
    port: number,
    options?: Parameters<IoAdapter['createIOServer']>[1],
  ): IoServer {
    const server = super.createIOServer(port, options);
    server.adapter(
      createAdapter(this.pubClient, this.subClient, { key: `${this.channelPrefix}:socket.io` }),
    );
    return server;
  }

  override async close(server: IoServer): Promise<void> {
    await super.close(server);
    this.pubClient.disconnect();
    this.subClient.disconnect();
  }
}
