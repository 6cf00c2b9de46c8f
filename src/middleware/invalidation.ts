import { defineMiddleware } from 'astro:middleware';
import { getDb } from '#lib/server/app.ts';
import { announceDataChange } from '#lib/server/db/changes.ts';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Any successful change may show in public answers: cached ones must not outlive it. */
export const invalidation = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!READ_METHODS.has(context.request.method) && response.status < 400) announceDataChange(await getDb());
  return response;
});
