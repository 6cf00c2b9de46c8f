/**
 * Recognises the errors that mean "the database cannot answer right now" rather than "this request is wrong":
 * the server is down or restarting, the network dropped, no pooled connection came free in time, or a statement
 * ran past its timeout (a lock held elsewhere). Such a request is worth retrying, so it is answered 503.
 */

export type DatabaseFailure = 'unavailable' | 'timeout';

// Node's socket errors when PostgreSQL is unreachable or goes away mid-request.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
]);
// SQLSTATEs: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
// query_canceled (statement_timeout) and lock_not_available (lock_timeout).
const TIMEOUT_STATES = new Set(['57014', '55P03']);
// pg and pg-pool report these without a code.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];
const TIMEOUT_MESSAGES = [/^timeout exceeded when trying to connect/, /^Query read timeout/];

function classify(error: unknown): DatabaseFailure | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return 'unavailable';
    if (TIMEOUT_STATES.has(code)) return 'timeout';
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return 'unavailable';
  if (TIMEOUT_MESSAGES.some((pattern) => pattern.test(error.message))) return 'timeout';
  return undefined;
}

/**
 * Whether `error` (or an error it wraps, through `cause` or an AggregateError's `errors`: a failed connect tries
 * every address of the host) says the database could not answer, and how; undefined for any other error.
 */
export function databaseFailure(error: unknown, depth = 0): DatabaseFailure | undefined {
  if (depth > 4 || !(error instanceof Error)) return undefined;
  const own = classify(error);
  if (own) return own;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const found = databaseFailure(inner, depth + 1);
      if (found) return found;
    }
  }
  return databaseFailure(error.cause, depth + 1);
}
