import type { z } from 'zod';

/** A parameter of an operation; `repeated` query parameters may appear several times. */
export interface Parameter {
  name: string;
  in: 'path' | 'query';
  description: string;
  type?: 'string' | 'integer' | 'boolean';
  enum?: readonly string[];
  repeated?: boolean;
}

/** One call of the API, declared once for the OpenAPI document, the /api-docs page and the method checks. */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  group: string;
  summary: string;
  /** Who may call it beyond anyone. */
  access?: string;
  parameters?: Parameter[];
  body?: z.ZodType;
  /** A multipart/form-data body instead: its JSON Schema (an object of the form's fields) and each part's type. */
  multipart?: { schema: Record<string, unknown>; encoding?: Record<string, { contentType: string }> };
  /** The 2xx answer: a schema (JSON), 'text' (a download), 'redirect' (302, a browser step) or null (204). */
  response: z.ZodType | 'text' | 'redirect' | null;
  /** The status of a JSON answer when it is not 200 (201: created). */
  status?: number;
  /** Error statuses the call documents, besides 400 for bad input. */
  errors?: number[];
  /** What each documented error status means here, with the codes it answers (`{ error, code }`). */
  errorText?: Record<number, string>;
}

export const p = (name: string, description: string): Parameter => ({ name, in: 'path', description });
export const q = (name: string, description: string, extra: Partial<Parameter> = {}): Parameter => ({
  name,
  in: 'query',
  description,
  type: 'string',
  ...extra,
});
export const steamId = p('steamId', '17-digit Steam id or 32-hex player id');
export const series = p('series', 'Series tag');

/** A call only admins may make: it documents 401 (not signed in), 403 (not an admin) and 404, then `more`. */
export const adminCall = (operation: Omit<Operation, 'access' | 'errors'>, more: number[] = []): Operation => ({
  ...operation,
  access: 'admin',
  errors: [401, 403, 404, ...more],
});
