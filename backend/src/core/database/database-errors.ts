/** Error codes meaning "PostgreSQL cannot be reached right now", not "this request is wrong". */
const UNAVAILABLE_CODES = new Set([
  // Prisma: cannot reach the server, timed out, server closed the connection, pool timeout.
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2024',
  // Node sockets.
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  // PostgreSQL: connection exceptions (08…) and operator intervention (57P01-57P03).
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|PostgreSQL is unreachable|Connection terminated|connection (?:is )?(?:closed|ended)|Can't reach database server|the database system is (?:starting up|shutting down|in recovery mode)|terminating connection due to administrator command|Client has encountered a connection error/i;

/**
 * True when `error` (or an error it wraps) says the database is unreachable or restarting: the
 * api answers 503 with Retry-After then, since the same request will work again shortly.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return matches(error, UNAVAILABLE_CODES, UNAVAILABLE_MESSAGES);
}

/**
 * Codes meaning "PostgreSQL refused this transaction for now": a deadlock it broke, a
 * serialization failure, a lock it could not get in time (Prisma: P2034), a transaction that ran
 * out of its time waiting (Prisma: P2028). The same request would likely work a moment later.
 */
const CONTENTION_CODES = new Set(['P2028', 'P2034', '40001', '40P01', '55P03']);

const CONTENTION_MESSAGES =
  /deadlock detected|could not serialize access|canceling statement due to lock timeout|Transaction already closed|Unable to start a transaction in the given time/i;

/**
 * True when `error` (or an error it wraps) is contention in PostgreSQL rather than a fault of the
 * request or of the code: the api answers 503 with Retry-After, not 500.
 */
export function isDatabaseContention(error: unknown): boolean {
  return matches(error, CONTENTION_CODES, CONTENTION_MESSAGES);
}

/** `error` or an error it wraps (Prisma's, the driver adapter's, pg's) carries one of these. */
function matches(error: unknown, codes: Set<string>, messages: RegExp, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, originalCode } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    originalCode?: unknown;
  };
  if (typeof code === 'string' && codes.has(code)) return true;
  if (typeof originalCode === 'string' && codes.has(originalCode)) return true;
  if (typeof message === 'string' && messages.test(message)) return true;
  return matches(cause, codes, messages, depth + 1);
}
