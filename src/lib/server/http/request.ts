import type { z } from 'zod';
import { badRequest } from './errors.ts';
import { describeZodError } from './respond.ts';
import { messages } from './messages.ts';
import { findBadText, replaceControlCharacters, textProblem } from '#lib/schemas/text.ts';

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
 * Parses a JSON request body against `schema`; a malformed body or a bad field is a 400 naming it. A string or key
 * anywhere in the body holding a control character other than tab and line breaks is refused before the schema.
 */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw badRequest(messages.invalidJson);
  }
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
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    raw[key] = repeated.includes(key) ? url.searchParams.getAll(key) : (url.searchParams.getAll(key).at(-1) ?? '');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest(describeZodError(parsed.error, 'parameter'));
  return parsed.data;
}
