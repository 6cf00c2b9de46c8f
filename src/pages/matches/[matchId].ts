import type { APIRoute } from 'astro';

/** /matches/{matchId}: the old address of a match, redirected under /statistics with its query string (spec section 2). */
export const GET: APIRoute = ({ params, url, redirect }) =>
  redirect(`/statistics/matches/${encodeURIComponent(params['matchId'] ?? '')}${url.search}`, 301);
