import { loadConfigOrExit } from './config/config';
import { exitAfterShutdownTimeout } from './core/shutdown';
import { createWorker } from './worker.factory';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  exitAfterShutdownTimeout(config.SHUTDOWN_TIMEOUT_MS);
  await createWorker();
}

void main();
