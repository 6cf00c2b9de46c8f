import { sql, type Compilable, type OperationNodeSource } from 'kysely';
import type { DB } from './index.ts';

/*
 * A refresh that reads every line of a large series (200,000 on `bench:skills`) held them all in the server's memory
 * at once (+300 MB peak) and parsed them in one go, a stall of the event loop that every request waited behind. A
 * cursor hands them over a chunk at a time: the server holds one chunk, and between chunks it serves requests.
 */

let cursors = 0;

/** Transactions whose cursors are already planned for all of their rows (see below). */
const plannedForAllRows = new WeakSet<DB>();

/**
 * Yields the rows of `query` in chunks of at most `size`, in its order, through a cursor of the caller's transaction
 * (`db` must be one: a cursor lives in a transaction). The cursor is closed when the caller stops early, and with its
 * transaction otherwise; when a fetch fails the transaction is aborted, which closes it, and the error is thrown as it
 * came. Under load every round trip waits for a turn of the event loop, so it makes as few as it can: a read that
 * fits in one chunk costs the declaration and one fetch (and, once per transaction, the planning setting below).
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
  if (!plannedForAllRows.has(db)) {
    await sql`set local cursor_tuple_fraction = 1`.execute(db);
    plannedForAllRows.add(db);
  }
  await sql`declare ${name} no scroll cursor for ${query}`.execute(db);
  // Open while rows may remain: a short chunk is the last, and an exhausted cursor closes with its transaction.
  let open = true;
  try {
    while (open) {
      let rows: Row[];
      try {
        ({ rows } = await sql<Row>`fetch forward ${sql.lit(size)} from ${name}`.execute(db));
      } catch (error) {
        open = false;
        throw error;
      }
      if (rows.length < size) open = false;
      if (rows.length > 0) yield rows;
    }
  } finally {
    if (open) await sql`close ${name}`.execute(db);
  }
}
