import { DATABASE_RETRY_SECONDS, HttpError } from './errors.ts';
import { messages } from './messages.ts';
import { databaseFailure } from '#lib/server/db/outage.ts';

/**
 * The 503 for an error that says the database could not answer (down, unreachable, no free connection in time,
 * a statement past its timeout), with Retry-After; undefined for any other error. Logged without the stack: the
 * cause is outside this request.
 */
export function databaseUnavailableError(error: unknown): HttpError | undefined {
  const failure = databaseFailure(error);
  if (!failure) return undefined;
  console.error(`Database ${failure === 'timeout' ? 'timeout' : 'unavailable'}: ${(error as Error).message}`);
  return new HttpError(
    503,
    failure === 'timeout' ? messages.databaseBusy : messages.databaseUnavailable,
    {},
    { 'retry-after': String(DATABASE_RETRY_SECONDS) },
  );
}
