import { defineMiddleware } from 'astro:middleware';
import { checkMethod, methodAnswer } from '#lib/server/http/server/methods.ts';

/**
 * Methods before anything else runs: an unknown /v2 or /v3 address answers a JSON 404, OPTIONS answers 204 with
 * Allow, and a method the route does not have answers 405 with Allow (pages take GET and HEAD only). The site
 * server does the same in front of static files and for methods Astro cannot represent (TRACE).
 */
export const methods = defineMiddleware((context, next) => {
  const outcome = checkMethod(context.request.method, context.url.pathname);
  return outcome ? methodAnswer(outcome, context.request.method, context.url.pathname) : next();
});
