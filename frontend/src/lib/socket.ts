import { io, type Socket } from 'socket.io-client';
import type { RealtimeEvents } from '@rafter/domain/crm';

/** The owner's realtime channel: the server only sends, so the client has no events of its own. */
export type LeadSocket = Socket<RealtimeEvents, Record<string, never>>;

/**
 * Connects to the API's Socket.IO endpoint on this origin. `getToken` is asked on every
 * (re)connection, so a reconnect after the access token was refreshed sends the fresh one.
 * WebSocket only: no long-polling fallback, whose sticky sessions several api instances lack.
 */
export function connectLeadSocket(getToken: () => string | null): LeadSocket {
  return io({
    transports: ['websocket'],
    auth: (cb) => cb({ token: getToken() }),
  });
}
