import { codeOfSentence, STATUS_CODES } from './message-codes.ts';

/**
 * An error that becomes a JSON response `{ error, code, ...details }` with its status: `error` the catalogue's
 * sentence, `code` its machine code (a `code` in `details`, else the catalogue entry's, else the status'). Services
 * throw these; endpoints never build error bodies by hand.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  /** What the body carries beside `error` and `code`. */
  readonly details: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    message: string,
    details: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    const { code, ...rest } = details;
    this.code = typeof code === 'string' ? code : (codeOfSentence(message) ?? STATUS_CODES[status] ?? `Http${status}`);
    this.details = rest;
    this.headers = headers;
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new HttpError(400, message, details);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, details?: Record<string, unknown>) => new HttpError(409, message, details);

/** Seconds a client is asked to wait (Retry-After) before retrying when the database could not answer. */
export const DATABASE_RETRY_SECONDS = 5;

/** Internal header by which a page answer asks the site server for a status Astro cannot give it; never sent. */
export const STATUS_OVERRIDE_HEADER = 'x-hss-status';
