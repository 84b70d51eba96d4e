import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type RealtimeEvents } from '@rafter/domain/crm';
import { io, type Socket } from 'socket.io-client';

export interface DashboardSocket {
  /** Every event received, in order. */
  received: { event: keyof RealtimeEvents; payload: unknown }[];
  close(): void;
}

/**
 * Signs the contractor in and opens the dashboard's live socket on `app` (listening on a free
 * port first if it is not yet), resolving once connected.
 */
export async function openDashboardSocket(
  app: NestFastifyApplication,
  account: { email: string; password: string | null },
): Promise<DashboardSocket> {
  if (!app.getHttpServer().listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('api is not listening');
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: account.email, password: account.password },
  });
  const socket: Socket<RealtimeEvents> = io(`http://127.0.0.1:${address.port}`, {
    transports: ['websocket'],
    auth: { token: signIn.json<{ accessToken: string }>().accessToken },
    reconnection: false,
    forceNew: true,
  });
  const received: DashboardSocket['received'] = [];
  socket.onAny((event: keyof RealtimeEvents, payload: unknown) =>
    received.push({ event, payload }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { received, close: () => socket.disconnect() };
}
