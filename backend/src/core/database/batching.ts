import type DataLoader from 'dataloader';

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
