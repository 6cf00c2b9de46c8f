import { defineMiddleware } from 'astro:middleware';
import { assertPlainParameters } from '#lib/server/http/answers/request.ts';

/**
 * The edge of every request: path and query parameters holding C0 control characters are refused with a 400
 * naming the parameter (the 404 page for pages) before any step or route reads them. JSON bodies are checked by
 * readJson, form fields by their readers.
 */
export const input = defineMiddleware((context, next) => {
  assertPlainParameters(context.url, context.params);
  return next();
});
