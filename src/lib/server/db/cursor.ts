import { sql, type Compilable, type OperationNodeSource } from 'kysely';
import type { DB } from './index.ts';

/*
 * A refresh that reads every line of a large series (200,000 on `bench:skills`) held them all in the server's memory
 * at once (+300 MB peak) and parsed them in one go, a stall of the event loop that every request waited behind. A
 * cursor hands them over a chunk at a time: the server holds one chunk, and between chunks it serves requests.
 */

let cursors = 0;

/**
 * Yields the rows of `query` in chunks of at most `size`, in its order, through a cursor of the caller's transaction
 * (`db` must be one: a cursor lives in a transaction). The cursor is closed when the rows run out or the caller stops
 * early; when a fetch fails the transaction is aborted, which closes it, and the error is thrown as it came.
 */
export async function* rowsInChunks<Row>(
  db: DB,
  query: Compilable<Row> & OperationNodeSource,
  size: number,
): AsyncGenerator<Row[]> {
  if (!db.isTransaction) throw new Error('rowsInChunks needs a transaction: a cursor lives in one');
  // Unique within the process, so that chunked reads nested in one transaction do not collide.
  const name = sql.id(`chunked_rows_${++cursors}`);
  // A cursor is planned for its first tenth by default (fast-start plans, such as a walk of an index in the order
  // wanted instead of a sort); this one is read to its end, so it is planned for all of its rows, as a query would be.
  await sql`set local cursor_tuple_fraction = 1`.execute(db);
  await sql`declare ${name} no scroll cursor for ${query}`.execute(db);
  let open = true;
  try {
    for (;;) {
      let rows: Row[];
      try {
        ({ rows } = await sql<Row>`fetch forward ${sql.lit(size)} from ${name}`.execute(db));
      } catch (error) {
        open = false;
        throw error;
      }
      if (rows.length === 0) break;
      yield rows;
    }
  } finally {
    if (open) await sql`close ${name}`.execute(db);
  }
}
