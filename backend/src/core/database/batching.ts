import DataLoader from 'dataloader';

/**
 * DataLoader options for work that requests or jobs arriving together (in the same turn of the
 * event loop) share: one statement for all of them instead of one each, and no wait at all for
 * one alone. No caching: every call is a fresh read or write (docs/decisions/0010).
 */
export const TOGETHER = {
  cache: false,
  maxBatchSize: 100,
  batchScheduleFn: (dispatch: () => void) => setImmediate(dispatch),
} as const satisfies DataLoader.Options<unknown, unknown>;

/**
 * Like a DataLoader with `TOGETHER`, but one batch at a time: while a batch runs, the calls
 * arriving meanwhile gather into the next one, which starts as soon as it finishes. Under load a
 * batch then holds what arrived during a round trip rather than during one turn of the event
 * loop, so the same requests cost a few large statements instead of many small ones; a call alone
 * still starts on the next turn. For reads and Redis scripts only: a statement that can wait on a
 * lock would hold up every caller behind it (docs/decisions/0042).
 */
export function oneBatchAtATime<K, V>(
  batchLoad: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  /** The most calls one batch holds (TOGETHER's 100 by default); more wait for the next. */
  maxBatchSize: number = TOGETHER.maxBatchSize,
): DataLoader<K, V> {
  /** A batch is scheduled or running. */
  let busy = false;
  const waiting: (() => void)[] = [];
  const finished = (): void => {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  };
  return new DataLoader<K, V>(
    (keys) => {
      let run: Promise<readonly (V | Error)[]>;
      try {
        run = batchLoad(keys);
      } catch (error) {
        finished();
        throw error;
      }
      run.then(finished, finished);
      return run;
    },
    {
      ...TOGETHER,
      maxBatchSize,
      // Without a cache every batch DataLoader dispatches has keys, so it calls the function
      // above, which frees the turn when the batch ends.
      batchScheduleFn: (dispatch) => {
        if (busy) {
          waiting.push(dispatch);
          return;
        }
        busy = true;
        setImmediate(dispatch);
      },
    },
  );
}
