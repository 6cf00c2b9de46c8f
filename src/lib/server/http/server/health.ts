import { getDb } from '#lib/server/app.ts';
import { readiness } from '#lib/server/services/health.ts';
import { jsonResponse } from '#lib/server/http/answers/respond.ts';

/*
 * Health checks for a load balancer or an orchestrator, answered by the site server before Astro: `/healthz` says
 * the process is alive (no database involved, so a database outage does not get the instance restarted), and
 * `/readyz` that it can serve (database reachable, migrations applied); while it fails, send traffic elsewhere.
 */

export const HEALTH_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

/** How long /readyz waits for the database before calling the instance not ready. */
const READY_TIMEOUT_MS = 2000;

const NO_STORE = { 'cache-control': 'no-store' };

/** The answer to a health check at `pathname` (one of HEALTH_PATHS) for `method`. */
export async function healthAnswer(pathname: string, method: string): Promise<Response> {
  if (method !== 'GET' && method !== 'HEAD')
    return jsonResponse({ error: `Method ${method} is not allowed here` }, 405, { allow: 'GET, HEAD', ...NO_STORE });
  if (pathname === '/healthz') return jsonResponse({ status: 'ok' }, 200, NO_STORE);
  const state = await readiness(getDb, READY_TIMEOUT_MS);
  return state.ready
    ? jsonResponse({ status: 'ready' }, 200, NO_STORE)
    : jsonResponse({ error: state.reason }, 503, { 'retry-after': '5', ...NO_STORE });
}
