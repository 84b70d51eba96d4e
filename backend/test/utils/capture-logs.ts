/**
 * Collects everything written to stdout from now until `stop()`. Pino writes to process.stdout
 * (instead of straight to file descriptor 1) when it finds `write` replaced, so the loggers must
 * be created after this starts.
 */
export function captureStdout(): { text(): string; stop(): void } {
  const chunks: string[] = [];
  const original = Object.getOwnPropertyDescriptor(process.stdout, 'write');
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }) as typeof process.stdout.write;
  return {
    text: () => chunks.join(''),
    stop: () => {
      if (original) Object.defineProperty(process.stdout, 'write', original);
      else delete (process.stdout as { write?: unknown }).write;
    },
  };
}
