import { failedForDatabase } from '#lib/server/http/answers/page-errors.ts';

/** What the 500 page needs to know: whether the request failed because the database could not answer. */
export function loadErrorPage(request: Request): { databaseUnavailable: boolean } {
  return { databaseUnavailable: failedForDatabase(request) };
}
