import type { ProofOfWorkChallenge } from '@rafter/domain/lead';

/**
 * Solves `challenge` in a Web Worker, a chunk of its own that is fetched only when a calculator
 * under a burst asks for one, so the widget's first screen carries none of it.
 */
export function solveChallenge(challenge: ProofOfWorkChallenge): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./challenge-solver.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.addEventListener(
      'message',
      (event: MessageEvent<{ solution?: string; error?: string }>) => {
        worker.terminate();
        if (event.data.solution) resolve(event.data.solution);
        else reject(new Error(event.data.error ?? 'The challenge was not solved'));
      },
    );
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The challenge solver failed'));
    });
    worker.postMessage(challenge);
  });
}
