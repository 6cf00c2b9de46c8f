import type { LogBrowserRow } from '#lib/schemas/log.ts';
import { logPathParam } from '#lib/schemas/log.ts';
import { getDb } from '#lib/server/app.ts';
import { badRequest } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { browseLogs, withLogMatches } from '#lib/server/services/read/logs.ts';

/** A folder of the log browser, or the address that downloads a file (GET /v3/logs?path=). */
export type LogBrowserPage =
  { kind: 'folder'; path: string; rows: LogBrowserRow[] } | { kind: 'file'; download: string };

/**
 * /log-browser?path=: the stored logs by folder, under the server's rule for GET /v3/logs (signed out: sign in
 * and come back; not allowed: the 403 page). A malformed path is a 400 (the not-found page); a file path is
 * answered by its download address. Each file row names the matches reported from it that the caller may open.
 */
export async function loadLogBrowser(locals: App.Locals, url: URL): Promise<LogBrowserPage> {
  const parsed = logPathParam.safeParse(url.searchParams.get('path') ?? '');
  if (!parsed.success) throw badRequest(messages.invalidParameter('path', parsed.error.issues[0]?.message ?? ''));
  const db = await getDb();
  const result = await browseLogs(db, locals.actor, parsed.data);
  if (result.kind === 'file') return { kind: 'file', download: `/v3/logs?path=${encodeURIComponent(parsed.data)}` };
  return {
    kind: 'folder',
    path: result.listing.path,
    rows: await withLogMatches(db, locals.actor, result.listing.entries),
  };
}
