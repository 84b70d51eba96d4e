import type { RealtimeEvents } from '@rafter/domain/crm';

type Handler = (payload: never) => void;

/** Stands in for the Socket.IO client: records handlers, and `serverSends` plays an event. */
export function createFakeSocket() {
  const handlers = new Map<string, Handler[]>();
  return {
    active: true,
    connected: false,
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return this;
    },
    connect() {
      return this;
    },
    disconnect() {
      this.connected = false;
      return this;
    },
    /** The connection (or a reconnection) came up. */
    connectNow() {
      this.connected = true;
      for (const handler of handlers.get('connect') ?? []) (handler as () => void)();
    },
    serverSends<E extends keyof RealtimeEvents>(
      event: E,
      payload: Parameters<RealtimeEvents[E]>[0],
    ) {
      for (const handler of handlers.get(event) ?? [])
        (handler as (value: typeof payload) => void)(payload);
    },
    dropConnection() {
      this.connected = false;
      for (const handler of handlers.get('disconnect') ?? []) (handler as () => void)();
    },
  };
}

export type FakeSocket = ReturnType<typeof createFakeSocket>;
