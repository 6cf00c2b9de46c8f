import { sequence } from 'astro:middleware';
import { respond } from './respond.ts';
import { methods } from './methods.ts';
import { input } from './input.ts';
import { pageCache } from './page-cache.ts';
import { caller } from './caller.ts';
import { pageContext } from './page-context.ts';
import { invalidation } from './invalidation.ts';

/**
 * Every request passes these steps in order (each file says what it adds):
 * respond (errors become JSON or the error pages; security headers on every answer) -> methods (unknown API
 * addresses 404, OPTIONS, 405 with Allow) -> input (path and query parameters with control characters are
 * refused) -> pageCache (pages for visitors without cookies, from the rendered-page cache) -> caller (who is
 * calling, CSRF) -> pageContext (pages only: the series in use and the shell's data in Astro.locals) ->
 * invalidation (a successful change drops cached public answers and pages).
 */
export const onRequest = sequence(respond, methods, input, pageCache, caller, pageContext, invalidation);
