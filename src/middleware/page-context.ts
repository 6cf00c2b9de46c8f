import { defineMiddleware } from 'astro:middleware';
import { getDb } from '#lib/server/app.ts';
import { chooseSeries, isApiOrAsset } from '#lib/server/http/server/page-routes.ts';
import { loadShell, shellSeries } from '#lib/server/pages/shell.ts';
import { MATCH_ROUTES, matchAddress } from '#lib/server/pages/addresses.ts';

const ERROR_ROUTES = new Set(['/404', '/403', '/500']);

/**
 * Pages only: the series in use (`Astro.locals.series`) and the shell's data (`Astro.locals.shell`), computed once
 * here as Starlight computes its route data, so that pages and components read them instead of loading them
 * again. A page address that does not name its series exactly is redirected to the one that does; a match address
 * is redirected for good (301) to the match's own series, whatever series it names.
 */
export const pageContext = defineMiddleware(async (context, next) => {
  // The error screen reads nothing (the layout falls back to an empty shell): it must render while the database is down.
  if (isApiOrAsset(context.url.pathname) || context.routePattern === '/500') return next();
  const db = await getDb();
  const method = context.request.method;
  const reading = method === 'GET' || method === 'HEAD';
  const { series: all, tournaments } = await shellSeries(db);
  const { selected, redirectTo } = chooseSeries(context.url, all);
  // A match page naming its series exactly is checked by the page itself, and only when the match is not there.
  if (
    reading &&
    MATCH_ROUTES.has(context.routePattern) &&
    (redirectTo || context.routePattern.startsWith('/matches'))
  ) {
    const target = await matchAddress(db, context.url, context.params['matchId']);
    if (target) return context.redirect(target, 301);
  }
  if (redirectTo && reading && !ERROR_ROUTES.has(context.routePattern)) {
    return context.redirect(redirectTo.pathname + redirectTo.search, 302);
  }
  context.locals.series = selected;
  context.locals.shell = await loadShell(
    db,
    context.locals.actor,
    { all, selected },
    tournaments,
    context.locals.csrfToken,
  );
  return next();
});
