import { ConfigError, loadConfig } from './config/config';
import { exitAfterShutdownTimeout } from './core/shutdown';
import { createWorker } from './worker.factory';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  exitAfterShutdownTimeout(config.SHUTDOWN_TIMEOUT_MS);
  await createWorker();
}

void main();
