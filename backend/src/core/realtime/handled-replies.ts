import { type Redis } from 'ioredis';

/** The commands the Socket.IO Redis adapter sends without handling their replies. */
const UNHANDLED_BY_ADAPTER = ['publish', 'subscribe', 'psubscribe'] as const;

/**
 * The Socket.IO Redis adapter sends PUBLISH, SUBSCRIBE and PSUBSCRIBE without handling their
 * replies. One still pending when the connection closes (an instance stopped right after a lead
 * changed, or Redis going down) would be an unhandled rejection, which ends a Node process. Their
 * replies do not matter to us: a lost realtime event costs an open dashboard a refetch when it
 * reconnects, never data.
 */
export function withHandledReplies(client: Redis): Redis {
  for (const command of UNHANDLED_BY_ADAPTER) {
    const send = client[command].bind(client) as (...args: unknown[]) => Promise<unknown>;
    const handled = (...args: unknown[]) => {
      const reply = send(...args);
      reply.catch(() => {});
      return reply;
    };
    (client as unknown as Record<string, unknown>)[command] = handled;
  }
  return client;
}
