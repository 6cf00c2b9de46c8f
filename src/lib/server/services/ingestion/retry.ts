import { HttpError } from '#lib/server/core/errors.ts';
import { databaseUnavailableError } from '#lib/server/core/database-errors.ts';
import type { ReportFile } from './input.ts';

/**
 * HLU's client retries a failed upload once, and by then it has read its file object, so the retry carries an empty
 * file. An empty log from the same caller within this long after a refusal is answered with that refusal again.
 */
export const HLU_RETRY_WINDOW_MS = 2 * 60_000;
const KEPT_AT_MOST = 10_000;

interface Refusal {
  status: number;
  code: string;
  message: string;
  details: Record<string, unknown>;
  headers: Record<string, string>;
  at: number;
}

const refusals = new Map<string, Refusal>();

/** True when the upload is a file with no bytes at all: what HLU's retry sends. */
export function isEmptyUpload(file: ReportFile | undefined): boolean {
  if (!file) return false;
  return typeof file.content === 'string' ? file.content.length === 0 : file.content.byteLength === 0;
}

/** The refusal a thrown error answers (an HttpError, or the 503 of a database that did not answer), else undefined. */
export function refusalOf(error: unknown): HttpError | undefined {
  return error instanceof HttpError ? error : databaseUnavailableError(error);
}

/** Remembers the refusal of `caller`'s upload (a team key's team, a user, an address) for HLU_RETRY_WINDOW_MS. */
export function rememberRefusal(caller: string, refusal: HttpError, now = Date.now()): void {
  if (refusals.size >= KEPT_AT_MOST) {
    for (const [key, kept] of refusals) if (now - kept.at > HLU_RETRY_WINDOW_MS) refusals.delete(key);
    if (refusals.size >= KEPT_AT_MOST) refusals.clear();
  }
  const { connection: _connection, ...headers } = refusal.headers;
  refusals.delete(caller);
  refusals.set(caller, {
    status: refusal.status,
    code: refusal.code,
    message: refusal.message,
    details: refusal.details,
    headers,
    at: now,
  });
}

/**
 * The refusal of `caller`'s last upload when it came less than HLU_RETRY_WINDOW_MS ago, as a new HttpError with the
 * same status, body and headers; it is answered once (HLU retries once) and then forgotten.
 */
export function takeRefusal(caller: string, now = Date.now()): HttpError | undefined {
  const kept = refusals.get(caller);
  if (!kept) return undefined;
  refusals.delete(caller);
  if (now - kept.at > HLU_RETRY_WINDOW_MS) return undefined;
  return new HttpError(kept.status, kept.message, { ...kept.details, code: kept.code }, { ...kept.headers });
}
