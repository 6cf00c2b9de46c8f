import { sql, type RawBuilder } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import type { LogUploadRow } from '#lib/server/db/tables/log-uploads.ts';

export interface NewLogUpload {
  sha256: string;
  path: string;
  filename: string;
  format: string | null;
  content: Uint8Array;
  uploadedByUserId: number | null;
  uploadedByTeamId: number | null;
}

/** The id of the upload stored with this content hash, as a query (a subquery of a later statement). */
export function uploadIdBySha(db: DB, sha256: string) {
  return db.selectFrom('log_uploads').select('id').where('sha256', '=', sha256);
}

/**
 * The upload's bytes as an expression: hex text decoded by the server. PGlite serialises a Uint8Array parameter
 * one byte-string at a time, which cost more than the rest of a report; Buffer's hex encoding is native.
 */
function hexContent(content: Uint8Array): RawBuilder<Uint8Array> {
  return sql<Uint8Array>`decode(${Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('hex')}, 'hex')`;
}

/** The advisory lock keys of a game's reports (see lockReportedGame), in the order they are taken. */
function gameLockKeys(game: { gameKey: string | null; tags: readonly [string, string] }): RawBuilder<unknown> {
  const pair = game.tags.map((t) => t.toLowerCase()).sort();
  const names = [`hss:report-teams:${pair[0]}\n${pair[1]}`];
  if (game.gameKey !== null) names.push(`hss:report-game:${game.gameKey}`);
  return sql`select distinct hashtextextended(n, 0) as k
    from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) as n order by k`;
}

/**
 * Serialises, until the end of the current transaction, the new reports that could be of one game: those with the
 * same content key (when given) and those between the same two teams (tags compared case-insensitively, either
 * order): the two ways reportedMatchInsert (matches-write.ts) finds a stored game, so two reports of one game in
 * different files (which no unique index joins) cannot both miss each other and store it twice, while reports of
 * other games go on side by side.
 * The locks are taken in one statement, in key order, so that two reports never wait on each other crosswise.
 */
export async function lockReportedGame(
  db: DB,
  game: { gameKey: string | null; tags: readonly [string, string] },
): Promise<void> {
  await sql`select pg_advisory_xact_lock(k) from (${gameLockKeys(game)}) as keys`.execute(db);
}

/**
 * The statement that takes the game's locks (lockReportedGame), then stores the upload unless the same content
 * (sha256) is stored already (content-addressed: the first upload's path and filename are kept), in ONE statement
 * (a report's transaction holds its turn for every round trip). The locks are taken before the upload is stored, and
 * so by every report before anything else: a resend of the same content (same game) waits for the game's lock, never
 * holding the upload's row meanwhile, and, once the original has committed, the next statement finds its upload and
 * then its match. The statement's snapshot predates the lock: what reports committed meanwhile is read by the next
 * statements.
 */
export function lockGameAndStoreUpload(
  game: { gameKey: string | null; tags: readonly [string, string] },
  upload: NewLogUpload,
): RawBuilder<{ id: number }> {
  // INSERT ... SELECT gives its parameters no column types: each is cast to its column's. The select reads the
  // aggregate of the locks, so every lock is held before the row is inserted. No conflict target: every unique index
  // (sha256 and the path derived from it) is an arbiter, so a concurrent store of the same content waits for the
  // first and then does nothing instead of failing on the path.
  return sql<{ id: number }>`insert into log_uploads
      (sha256, path, filename, format, size_bytes, content, uploaded_by_user_id, uploaded_by_team_id)
    select ${upload.sha256}::text, ${upload.path}::text, ${upload.filename}::text, ${upload.format}::text,
      ${upload.content.byteLength}::int, ${hexContent(upload.content)}, ${upload.uploadedByUserId}::int,
      ${upload.uploadedByTeamId}::int
    from (select count(pg_advisory_xact_lock(k)) from (${gameLockKeys(game)}) as keys) as locked
    on conflict do nothing
    returning id`;
}

/** One stored upload with its content, or undefined. */
export function findLogUpload(db: DB, id: number): Promise<LogUploadRow | undefined> {
  return db.selectFrom('log_uploads').selectAll().where('id', '=', id).executeTakeFirst();
}
