import { defineMiddleware } from 'astro:middleware';
import { getDb } from '#lib/server/db/index.ts';
import { invalidatePublicReads } from '#lib/server/http/read-cache.ts';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Any successful change may show in public answers: cached ones must not outlive it. */
export const invalidation = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!READ_METHODS.has(context.request.method) && response.status < 400) invalidatePublicReads(await getDb());
  return response;
});
