/**
 * Nest's shutdown hooks close the process gracefully on SIGTERM/SIGINT (HTTP server, relay, jobs
 * in progress). Should anything hang, this exits anyway after `timeoutMs` so an orchestrator's
 * restart is never blocked.
 */
export function exitAfterShutdownTimeout(timeoutMs: number): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        console.error(`Shutdown took longer than ${timeoutMs} ms; exiting`);
        process.exit(1);
      }, timeoutMs).unref();
    });
  }
}
