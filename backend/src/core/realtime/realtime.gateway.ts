import { Inject, Logger } from '@nestjs/common';
import {
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import { type RealtimeEvents } from '@rafter/domain/crm';
import { type Server, type Socket } from 'socket.io';

export interface SocketData {
  userId: string;
  /** When the access token the socket was let in with expires (epoch ms). */
  expiresAt: number;
}

/**
 * Who a socket's access token belongs to; rejects an invalid or expired token. The auth module
 * provides it (RealtimeModule.forApi), so core never imports a feature module.
 */
export interface SocketAuthenticator {
  authenticate(token: string): Promise<{ id: string }>;
}

export const SOCKET_AUTHENTICATOR = Symbol('SocketAuthenticator');

export type RealtimeServer = Server<Record<string, never>, RealtimeEvents, never, SocketData>;
type RealtimeSocket = Socket<Record<string, never>, RealtimeEvents, never, SocketData>;

export function ownerRoom(ownerId: string): string {
  return `owner:${ownerId}`;
}

/** The `exp` claim of a token that authenticate() has already verified, in epoch ms. */
function expiresAt(token: string): number {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    exp?: unknown;
  };
  return typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now();
}

/**
 * The dashboard's live channel at /socket.io. A socket is let in only with a valid access token
 * (`auth: { token }`), then joins its owner's room; clients only listen, so there are no handlers.
 * When that token expires the connection is dropped, so the client reconnects with a fresh token
 * and a session revoked meanwhile (sign-out, password reset) stops receiving events.
 */
@WebSocketGateway({ transports: ['websocket'] })
export class RealtimeGateway
  implements OnGatewayInit<RealtimeServer>, OnGatewayConnection, OnGatewayDisconnect
{
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly expiryTimers = new Map<string, NodeJS.Timeout>();

  @WebSocketServer()
  server!: RealtimeServer;

  constructor(@Inject(SOCKET_AUTHENTICATOR) private readonly sessions: SocketAuthenticator) {}

  afterInit(server: RealtimeServer): void {
    server.use((socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      if (typeof token !== 'string' || token === '') {
        next(new Error('Sign in to receive live updates'));
        return;
      }
      this.sessions.authenticate(token).then(
        (user) => {
          socket.data.userId = user.id;
          socket.data.expiresAt = expiresAt(token);
          next();
        },
        () => next(new Error('Your session has expired. Please sign in again.')),
      );
    });
  }

  async handleConnection(socket: RealtimeSocket): Promise<void> {
    await socket.join(ownerRoom(socket.data.userId));
    // Closing the transport (not socket.disconnect()) is what makes Socket.IO clients reconnect.
    const timer = setTimeout(
      () => socket.conn.close(),
      Math.max(0, socket.data.expiresAt - Date.now()),
    );
    timer.unref();
    this.expiryTimers.set(socket.id, timer);
    this.logger.debug({ userId: socket.data.userId, socketId: socket.id }, 'Socket joined');
  }

  handleDisconnect(socket: RealtimeSocket): void {
    clearTimeout(this.expiryTimers.get(socket.id));
    this.expiryTimers.delete(socket.id);
  }
}
