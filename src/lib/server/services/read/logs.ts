import type { DB } from '#lib/server/db/index.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import { isAdmin } from '#lib/server/auth/actor.ts';
import type { LogBrowserRow, LogEntry, LogListing } from '#lib/schemas/log.ts';
import { forbidden, notFound, unauthorized } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { findLogFile, listLogsUnder, listMatchesOfLogs, type LogViewer } from '#lib/server/repositories/read/logs.ts';
import { iso } from './values.ts';

/** Whose logs the actor may see (signed-in users and admins); 401 anonymous, 403 team keys. */
function logViewer(actor: Actor): LogViewer {
  if (actor.kind === 'anonymous') throw unauthorized(messages.signInRequired);
  if (isAdmin(actor)) return { all: true };
  if (actor.kind !== 'user') throw forbidden(messages.signInRequired);
  return { all: false, teamIds: actor.managedTeamIds };
}

/** The listing's entries with, for each file, the matches reported from it that the actor may open. */
export async function withLogMatches(db: DB, actor: Actor, entries: LogEntry[]): Promise<LogBrowserRow[]> {
  const files = entries.filter((e) => e.type === 'file').map((e) => e.path);
  const rows = await listMatchesOfLogs(db, files, logViewer(actor));
  return entries.map((e) => ({
    ...e,
    matches: rows.filter((r) => r.path === e.path).map((r) => ({ id: r.id, series: r.series })),
  }));
}

export type LogBrowse = { kind: 'folder'; listing: LogListing } | { kind: 'file'; name: string; content: Uint8Array };

/**
 * GET /v3/logs?path=: every signed-in user (401 anonymous, 403 team keys); logs of private matches only for
 * admins and the managers of those matches' teams (to anyone else they do not exist: 404). A file path answers
 * the file; a folder path ('' = root) its direct children, folders first; a path that is neither is 404. `path` is
 * already validated.
 */
export async function browseLogs(db: DB, actor: Actor, path: string): Promise<LogBrowse> {
  const viewer = logViewer(actor);
  if (path) {
    const file = await findLogFile(db, path, viewer);
    if (file) return { kind: 'file', name: path.split('/').at(-1) ?? file.filename, content: file.content };
  }
  const rows = await listLogsUnder(db, path, viewer);
  if (path && rows.length === 0) throw notFound(messages.logNotFound(path));
  const folders = new Map<string, LogEntry>();
  const files: LogEntry[] = [];
  const start = path ? path.length + 1 : 0;
  for (const row of rows) {
    const rest = row.path.slice(start);
    const slash = rest.indexOf('/');
    if (slash === -1) {
      files.push({ name: rest, path: row.path, type: 'file', size: row.size_bytes, uploaded_at: iso(row.uploaded_at) });
    } else {
      const name = rest.slice(0, slash);
      if (!folders.has(name)) folders.set(name, { name, path: path ? `${path}/${name}` : name, type: 'folder' });
    }
  }
  return { kind: 'folder', listing: { path, entries: [...folders.values(), ...files] } };
}
