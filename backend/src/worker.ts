import { loadConfigOrExit } from './config/config';
import { closeOnShutdownSignal } from './core/shutdown';
import { closeWorker, createWorker } from './worker.factory';

function main(): void {
  const config = loadConfigOrExit();
  const worker = createWorker();
  // SIGTERM: running jobs finish (within SHUTDOWN_TIMEOUT_MS), then the process exits 0.
  closeOnShutdownSignal(worker, closeWorker, config.SHUTDOWN_TIMEOUT_MS);
  worker.catch((error: unknown) => {
    console.error('Worker failed to start', error);
    process.exit(1);
  });
}

main();
