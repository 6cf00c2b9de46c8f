import { dictionary } from '#lib/own.ts';
import type { z } from 'zod';
import { HttpError, badRequest } from '#lib/server/core/errors.ts';
import { describeZodError } from '#lib/server/core/zod-errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { findBadText, replaceControlCharacters, textProblem } from '#lib/schemas/text.ts';
import { MAX_JSON_DEPTH, tooDeep } from '#lib/schemas/json-depth.ts';

/** Largest JSON or form body a write route reads unless it names a larger limit. */
export const MAX_JSON_BYTES = 64 * 1024;

const tooLarge = (limit: number) => new HttpError(413, messages.bodyTooLarge(Math.round(limit / 1024)));

/**
 * The request body as text, at most `limit` bytes: 413 from a Content-Length past it, or as soon as more bytes
 * arrive than it allows (the rest is never read), so a huge body costs neither memory nor time.
 */
export async function readBodyText(request: Request, limit = MAX_JSON_BYTES): Promise<string> {
  const length = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(length) && length > limit) throw tooLarge(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  for (;;) {
    // A client that goes away mid-body (or is cut off by the request timeout) sent no request worth answering.
    const { done, value } = await reader.read().catch(() => {
      throw badRequest(messages.bodyIncomplete);
    });
    if (done) break;
    seen += value.byteLength;
    if (seen > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Parses JSON text nested at most MAX_JSON_DEPTH deep (400 otherwise, before any recursive walk); malformed
 * JSON is a 400 too.
 */
export function parseBoundedJson(text: string): unknown {
  if (tooDeep(text)) throw badRequest(messages.jsonTooDeep(MAX_JSON_DEPTH));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(messages.invalidJson);
  }
}

/**
 * Refuses path parameters and query parameters (names and values) holding C0 control characters with a 400
 * naming the parameter: a NUL reaching PostgreSQL is an error, not a miss. The middleware applies this to every
 * request before any step reads its input.
 */
export function assertPlainParameters(url: URL, params: Record<string, string | undefined> = {}): void {
  for (const [name, value] of Object.entries(params)) {
    const problem = value === undefined ? undefined : textProblem(value);
    if (problem) throw badRequest(messages.invalidParameter(name, problem));
  }
  for (const [name, value] of url.searchParams) {
    const problem = textProblem(name) ?? textProblem(value);
    if (problem) throw badRequest(messages.invalidParameter(replaceControlCharacters(name), problem));
  }
}

/**
 * Parses a JSON request body against `schema`; a malformed body or a bad field is a 400 naming it, a body past
 * `limit` bytes a 413, one nested past MAX_JSON_DEPTH a 400. A string or key anywhere in the body holding a control
 * character other than tab and line breaks is refused before the schema.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  limit = MAX_JSON_BYTES,
): Promise<z.infer<S>> {
  const body = parseBoundedJson(await readBodyText(request, limit));
  const bad = findBadText(body);
  if (bad) throw badRequest(messages.invalidField(bad.path, bad.problem));
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(describeZodError(parsed.error, 'field'));
  return parsed.data;
}

/**
 * Parses query parameters against `schema`. Keys listed in `repeated` are read as arrays (all their values);
 * the others as their last value. A bad parameter, or one holding a control character, is a 400 naming it.
 */
export function readQuery<S extends z.ZodType>(url: URL, schema: S, repeated: readonly string[] = []): z.infer<S> {
  assertPlainParameters(url);
  const raw = dictionary<string | string[]>();
  for (const key of new Set(url.searchParams.keys())) {
    raw[key] = repeated.includes(key) ? url.searchParams.getAll(key) : (url.searchParams.getAll(key).at(-1) ?? '');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest(describeZodError(parsed.error, 'parameter'));
  return parsed.data;
}
