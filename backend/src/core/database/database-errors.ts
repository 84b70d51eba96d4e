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
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, originalCode } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    originalCode?: unknown;
  };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof originalCode === 'string' && UNAVAILABLE_CODES.has(originalCode)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
