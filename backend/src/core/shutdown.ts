const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Nest's shutdown hooks close the process gracefully on SIGTERM/SIGINT (HTTP server, relay, jobs
 * in progress). Should anything hang, this exits anyway after `timeoutMs` so an orchestrator's
 * restart is never blocked.
 */
export function exitAfterShutdownTimeout(timeoutMs: number): void {
  for (const signal of SIGNALS) {
    process.once(signal, () => {
      setTimeout(() => {
        console.error(`Shutdown took longer than ${timeoutMs} ms; exiting`);
        process.exit(1);
      }, timeoutMs).unref();
    });
  }
}

/**
 * On the first SIGTERM/SIGINT, runs `close` (once `started` has resolved, if the signal came
 * during start-up) and exits 0, or 1 if closing failed or took longer than `timeoutMs`. Jobs cut
 * off by the timeout are not lost: their locks expire and another worker runs them again.
 */
export function closeOnShutdownSignal<T>(
  started: Promise<T>,
  close: (running: T) => Promise<void>,
  timeoutMs: number,
): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.error(`${signal} received; finishing running jobs (at most ${timeoutMs} ms)`);
    setTimeout(() => {
      console.error(`Shutdown took longer than ${timeoutMs} ms; exiting`);
      process.exit(1);
    }, timeoutMs).unref();
    started.then(close).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed', error);
        process.exit(1);
      },
    );
  };
  for (const signal of SIGNALS) process.on(signal, shutdown);
}
