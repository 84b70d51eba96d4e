/// <reference lib="webworker" />
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/**
 * Solves a proof-of-work challenge off the page's thread (PBKDF2 through Web Crypto) and answers
 * with what the quote request sends: the challenge and its solution, base64 JSON.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.addEventListener('message', (event: MessageEvent<Challenge>) => {
  const challenge = event.data;
  solveChallenge({ challenge, deriveKey })
    .then(
      (solution) => {
        if (!solution) throw new Error('The challenge was not solved in time');
        scope.postMessage({ solution: btoa(JSON.stringify({ challenge, solution })) });
      },
      (error: unknown) => scope.postMessage({ error: String(error) }),
    )
    .catch((error: unknown) => scope.postMessage({ error: String(error) }));
});
