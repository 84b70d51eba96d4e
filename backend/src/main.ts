import { createApp, stopApi } from './app.factory';
import { loadConfigOrExit } from './config/config';
import { closeOnShutdownSignal } from './core/shutdown';

/**
 * Connections the kernel holds for the api while its event loop is busy (Node's default is 511;
 * Linux caps it at net.core.somaxconn, 4096 on current kernels). Past the queue, a new connection
 * is dropped and the client's retransmissions back off to several seconds: a burst of homeowners
 * on fresh connections during a slow moment would wait that long, or give up, instead of queueing
 * for the few hundred milliseconds the moment lasts.
 */
const LISTEN_BACKLOG = 4096;

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const started = (async () => {
    const app = await createApp();
    await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
    return app;
  })();
  // Requests in flight are answered before PostgreSQL and Redis are let go (stopApi).
  closeOnShutdownSignal(started, stopApi, config.SHUTDOWN_TIMEOUT_MS, 'requests in flight');
  await started;
}

void main();
