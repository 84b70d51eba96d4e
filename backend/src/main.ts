import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/config';
import { exitAfterShutdownTimeout } from './core/shutdown';

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
  const app = await createApp();
  await app.listen({ port: config.PORT, host: config.HOST });
}

void main();
