import type { z } from 'zod';
import { findBadText } from '#lib/schemas/text.ts';
import { badRequest } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { describeZodError } from '#lib/server/core/zod-errors.ts';
import { readBodyText, readJson } from './request.ts';

/**
 * Plain HTML forms (pages that work without JavaScript) post url-encoded fields to the same API calls the islands
 * send JSON to; such a call answers 303 back to its page instead of JSON.
 */
export function isFormPost(request: Request): boolean {
  return /^application\/x-www-form-urlencoded/i.test(request.headers.get('content-type') ?? '');
}

/** The body as `schema` says, from JSON or from a plain form's fields (csrf_token aside); 400 naming a bad field. */
export async function readJsonOrForm<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  if (!isFormPost(request)) return readJson(request, schema);
  const form = new URLSearchParams(await readBodyText(request));
  // A null prototype: a field named like an Object property (constructor, __proto__) is only a field.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of form) if (name !== 'csrf_token') fields[name] = value;
  const bad = findBadText(fields);
  if (bad) throw badRequest(messages.invalidField(bad.path, bad.problem));
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw badRequest(describeZodError(parsed.error, 'field'));
  return parsed.data;
}

/** 303 to a path on this site (after a plain form post). */
export function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { location: path } });
}
