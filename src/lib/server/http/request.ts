import type { z } from 'zod';
import { badRequest } from './errors.ts';
import { describeZodError } from './respond.ts';
import { messages } from './messages.ts';

/** Parses a JSON request body against `schema`; a malformed body or a bad field is a 400 naming it. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw badRequest(messages.invalidJson);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(describeZodError(parsed.error, 'field'));
  return parsed.data;
}

/**
 * Parses query parameters against `schema`. Keys listed in `repeated` are read as arrays (all their values);
 * the others as their last value. A bad parameter is a 400 naming it.
 */
export function readQuery<S extends z.ZodType>(url: URL, schema: S, repeated: readonly string[] = []): z.infer<S> {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    raw[key] = repeated.includes(key) ? url.searchParams.getAll(key) : (url.searchParams.getAll(key).at(-1) ?? '');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest(describeZodError(parsed.error, 'parameter'));
  return parsed.data;
}
