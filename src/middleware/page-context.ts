import { defineMiddleware } from 'astro:middleware';
import { getDb } from '#lib/server/db/index.ts';
import { chooseSeries, isApiOrAsset } from '#lib/server/http/page-routes.ts';
import { loadShell, shellSeries } from '#lib/server/pages/shell.ts';

const ERROR_ROUTES = new Set(['/404', '/403', '/500']);

/**
 * Pages only: the series in use (`Astro.locals.series`) and the shell's data (`Astro.locals.shell`), computed once
 * here as Starlight computes its route data, so that pages and components read them instead of loading them
 * again. A page address that does not name its series exactly is redirected to the one that does.
 */
export const pageContext = defineMiddleware(async (context, next) => {
  // The error screen reads nothing (the layout falls back to an empty shell): it must render while the database is down.
  if (isApiOrAsset(context.url.pathname) || context.routePattern === '/500') return next();
  const db = await getDb();
  const { series: all, tournaments } = await shellSeries(db);
  const { selected, redirectTo } = chooseSeries(context.url, all);
  const method = context.request.method;
  if (redirectTo && (method === 'GET' || method === 'HEAD') && !ERROR_ROUTES.has(context.routePattern)) {
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
