import type { APIRoute } from 'astro';

/** /matches: the old address of the match list, redirected under /statistics with its query string (spec section 2). */
export const GET: APIRoute = ({ url, redirect }) => redirect(`/statistics/matches${url.search}`, 301);
