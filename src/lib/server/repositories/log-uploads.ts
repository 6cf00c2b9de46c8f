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

/**
 * Stores an upload unless the same content (sha256) is already stored, and returns the stored row's id and whether
 * this call inserted it. Content-addressed: the first upload's path and filename are kept. While the inserting
 * transaction is open, a concurrent store of the same content waits for it (unique index) and then finds its row.
 */
export async function storeLogUpload(db: DB, upload: NewLogUpload): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insertInto('log_uploads')
    .values({
      sha256: upload.sha256,
      path: upload.path,
      filename: upload.filename,
      format: upload.format,
      size_bytes: upload.content.byteLength,
      content: hexContent(upload.content),
      uploaded_by_user_id: upload.uploadedByUserId,
      uploaded_by_team_id: upload.uploadedByTeamId,
    })
    // No conflict target: every unique index (sha256 and the path derived from it) is an arbiter, so a concurrent
    // store of the same content waits for the first and then does nothing instead of failing on the path.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  return { id: await existingUploadId(db, upload.sha256), created: false };
}

async function existingUploadId(db: DB, sha256: string): Promise<number> {
  return (await db.selectFrom('log_uploads').select('id').where('sha256', '=', sha256).executeTakeFirstOrThrow()).id;
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
 * order): the two ways insertReportedMatch (matches-write.ts) finds a stored game, so two reports of one game in
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
 * lockReportedGame, then storeLogUpload, in ONE statement (a report's transaction holds its turn for every round
 * trip). The locks are taken before the upload is stored, and so by every report before anything else: a resend
 * of the same content (same game) waits for the game's lock, never holding the upload's row meanwhile, and, once
 * the original has committed, finds its upload and then its match. The statement's snapshot predates the lock:
 * what reports committed meanwhile is read by the next statements.
 */
export async function lockGameAndStoreUpload(
  db: DB,
  game: { gameKey: string | null; tags: readonly [string, string] },
  upload: NewLogUpload,
): Promise<{ id: number; created: boolean }> {
  // INSERT ... SELECT gives its parameters no column types: each is cast to its column's. The select reads the
  // aggregate of the locks, so every lock is held before the row is inserted.
  const inserted = await sql<{ id: number }>`insert into log_uploads
      (sha256, path, filename, format, size_bytes, content, uploaded_by_user_id, uploaded_by_team_id)
    select ${upload.sha256}::text, ${upload.path}::text, ${upload.filename}::text, ${upload.format}::text,
      ${upload.content.byteLength}::int, ${hexContent(upload.content)}, ${upload.uploadedByUserId}::int,
      ${upload.uploadedByTeamId}::int
    from (select count(pg_advisory_xact_lock(k)) from (${gameLockKeys(game)}) as keys) as locked
    on conflict do nothing
    returning id`.execute(db);
  const row = inserted.rows[0];
  if (row) return { id: row.id, created: true };
  return { id: await existingUploadId(db, upload.sha256), created: false };
}

/** The id of the upload with this content hash, or undefined. */
export async function findLogUploadIdBySha(db: DB, sha256: string): Promise<number | undefined> {
  return (await db.selectFrom('log_uploads').select('id').where('sha256', '=', sha256).executeTakeFirst())?.id;
}

/** One stored upload with its content, or undefined. */
export function findLogUpload(db: DB, id: number): Promise<LogUploadRow | undefined> {
  return db.selectFrom('log_uploads').selectAll().where('id', '=', id).executeTakeFirst();
}
