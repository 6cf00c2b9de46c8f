import { sql } from 'kysely';
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
      // Hex text decoded by the server: PGlite serialises a Uint8Array parameter one byte-string at a time,
      // which cost more than the rest of a report; Buffer's hex encoding is native.
      content: sql<Uint8Array>`decode(${Buffer.from(upload.content.buffer, upload.content.byteOffset, upload.content.byteLength).toString('hex')}, 'hex')`,
      uploaded_by_user_id: upload.uploadedByUserId,
      uploaded_by_team_id: upload.uploadedByTeamId,
    })
    // No conflict target: every unique index (sha256 and the path derived from it) is an arbiter, so a concurrent
    // store of the same content waits for the first and then does nothing instead of failing on the path.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await db
    .selectFrom('log_uploads')
    .select('id')
    .where('sha256', '=', upload.sha256)
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

/**
 * Serialises, until the end of the current transaction, every report of the same content (sha256): a resend racing
 * the original then finds the original's match instead of inserting a second one.
 */
export async function lockUploadContent(db: DB, sha256: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${sha256}, 0))`.execute(db);
}

/**
 * Serialises, until the end of the current transaction, the new reports that could be of one game: those with the
 * same content key (when given) and those between the same two teams (tags compared case-insensitively, either
 * order): findSameGame's two ways of finding a game, so two reports of one game in different files (which no unique
 * index joins) cannot both miss each other and store it twice, while reports of other games go on side by side.
 * The locks are taken in one statement, in key order, so that two reports never wait on each other crosswise.
 */
export async function lockReportedGame(
  db: DB,
  game: { gameKey: string | null; tags: readonly [string, string] },
): Promise<void> {
  const pair = game.tags.map((t) => t.toLowerCase()).sort();
  const names = [`hss:report-teams:${pair[0]}\n${pair[1]}`];
  if (game.gameKey !== null) names.push(`hss:report-game:${game.gameKey}`);
  await sql`select pg_advisory_xact_lock(k) from (
      select distinct hashtextextended(n, 0) as k from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) as n
      order by k) as keys`.execute(db);
}

/** The id of the upload with this content hash, or undefined. */
export async function findLogUploadIdBySha(db: DB, sha256: string): Promise<number | undefined> {
  return (await db.selectFrom('log_uploads').select('id').where('sha256', '=', sha256).executeTakeFirst())?.id;
}

/** One stored upload with its content, or undefined. */
export function findLogUpload(db: DB, id: number): Promise<LogUploadRow | undefined> {
  return db.selectFrom('log_uploads').selectAll().where('id', '=', id).executeTakeFirst();
}
