import type { DB } from '#lib/server/db/index.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import { isAdmin } from '#lib/server/auth/actor.ts';
import type { LogEntry, LogListing } from '#lib/schemas/log.ts';
import { forbidden, notFound, unauthorized } from '#lib/server/http/errors.ts';
import { messages } from '#lib/server/http/messages.ts';
import { findLogFile, listLogsUnder } from '#lib/server/repositories/read/logs.ts';
import { iso } from './values.ts';

export type LogBrowse = { kind: 'folder'; listing: LogListing } | { kind: 'file'; name: string; content: Uint8Array };

/**
 * GET /v3/logs?path=: admins only (401 anonymous, 403 others). A file path answers the file; a folder path
 * ('' = root) its direct children, folders first; a path that is neither is 404. `path` is already validated.
 */
export async function browseLogs(db: DB, actor: Actor, path: string): Promise<LogBrowse> {
  if (actor.kind === 'anonymous') throw unauthorized(messages.signInRequired);
  if (!isAdmin(actor)) throw forbidden(messages.adminOnly);
  if (path) {
    const file = await findLogFile(db, path);
    if (file) return { kind: 'file', name: path.split('/').at(-1) ?? file.filename, content: file.content };
  }
  const rows = await listLogsUnder(db, path);
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
