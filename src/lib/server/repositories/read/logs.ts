import type { DB } from '#lib/server/db/index.ts';

/** The uploaded log at exactly `path`, with its content, or undefined. */
export function findLogFile(db: DB, path: string) {
  return db
    .selectFrom('log_uploads')
    .select(['path', 'filename', 'size_bytes', 'uploaded_at', 'content'])
    .where('path', '=', path)
    .executeTakeFirst();
}

/** Every upload below the folder `prefix` ('' = root), without content, by path. */
export function listLogsUnder(db: DB, prefix: string) {
  let query = db.selectFrom('log_uploads').select(['path', 'size_bytes', 'uploaded_at']).orderBy('path');
  if (prefix) query = query.where('path', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`);
  return query.execute();
}
