import { ConfigError, loadConfig } from './config/config';
import { createWorker } from './worker.factory';

async function main(): Promise<void> {
  try {
    loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  await createWorker();
}

void main();
