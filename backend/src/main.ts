import { createApp } from './app.factory';
import { loadConfigOrExit } from './config/config';
import { exitAfterShutdownTimeout } from './core/shutdown';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  exitAfterShutdownTimeout(config.SHUTDOWN_TIMEOUT_MS);
  const app = await createApp();
  await app.listen({ port: config.PORT, host: config.HOST });
}

void main();
