const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * On the first SIGTERM/SIGINT, runs `close` (once `started` has resolved, if the signal came
 * during start-up) and exits 0, or 1 if closing failed or took longer than `timeoutMs`. Jobs cut
 * off by the timeout are not lost: their locks expire and another worker runs them again.
 */
export function closeOnShutdownSignal<T>(
  started: Promise<T>,
  close: (running: T) => Promise<void>,
  timeoutMs: number,
  /** What is finished before the process exits, for the log line. */
  finishing = 'running jobs',
): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.error(`${signal} received; finishing ${finishing} (at most ${timeoutMs} ms)`);
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
