import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import type { DB } from '#lib/server/db/index.ts';
import { rowsInChunks } from '#lib/server/db/cursor.ts';

async function collect<T>(chunks: AsyncGenerator<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

const openCursors = async (db: DB) =>
  (await sql<{ n: number }>`select count(*)::int as n from pg_cursors where name like 'chunked_rows_%'`.execute(db))
    .rows[0]!.n;

describe.each(engines)('rows read in chunks through a cursor on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
    await sql`create table chunked (id int primary key, label text not null)`.execute(handle.db);
    await sql`insert into chunked select i, 'row ' || i from generate_series(1, 7) i`.execute(handle.db);
  });
  afterAll(() => handle.close());

  const query = (db: DB) =>
    db
      .selectFrom(sql<{ id: number; label: string }>`chunked`.as('c'))
      .select(['c.id', 'c.label'])
      .where('c.id', '>', 0)
      .orderBy('c.id');

  it('yields every row in order, at most `size` at a time, and never an empty chunk', async () => {
    const chunks = await handle.db.transaction().execute((trx) => collect(rowsInChunks(trx, query(trx), 3)));
    expect(chunks.map((c) => c.map((r) => r.id))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(chunks[0]![0]).toEqual({ id: 1, label: 'row 1' });
    const even = await handle.db.transaction().execute((trx) => collect(rowsInChunks(trx, query(trx), 7)));
    expect(even.map((c) => c.length)).toEqual([7]);
  });

  it('closes the cursor when the reader stops early, and leaves the transaction usable', async () => {
    await handle.db.transaction().execute(async (trx) => {
      for await (const chunk of rowsInChunks(trx, query(trx), 2)) {
        expect(chunk).toHaveLength(2);
        break;
      }
      expect(await openCursors(trx)).toBe(0);
      // Another chunked read in the same transaction starts over.
      expect((await collect(rowsInChunks(trx, query(trx), 5))).flat()).toHaveLength(7);
    });
  });

  it('reads what the table held when it opened, though the transaction writes meanwhile', async () => {
    const labels = await handle.db.transaction().execute(async (trx) => {
      const seen: string[] = [];
      for await (const chunk of rowsInChunks(trx, query(trx), 2)) {
        seen.push(...chunk.map((r) => r.label));
        await sql`update chunked set label = 'changed'`.execute(trx);
      }
      return seen;
    });
    expect(labels).toEqual([1, 2, 3, 4, 5, 6, 7].map((i) => `row ${i}`));
    // The updates themselves were made and committed: only the open cursor did not see them.
    expect((await sql<{ label: string }>`select distinct label from chunked`.execute(handle.db)).rows).toEqual([
      { label: 'changed' },
    ]);
  });

  it('throws the failing fetch’s own error, not one from closing the cursor in an aborted transaction', async () => {
    const failing = (db: DB) =>
      db.selectFrom(sql<{ x: number }>`generate_series(1, 5)`.as('g')).select(sql<number>`10 / (g - 3)`.as('q'));
    const chunks: number[][] = [];
    await expect(
      handle.db.transaction().execute(async (trx) => {
        for await (const chunk of rowsInChunks(trx, failing(trx), 2)) chunks.push(chunk.map((r) => r.q));
      }),
    ).rejects.toThrow(/division by zero/);
    expect(chunks).toEqual([[-5, -10]]);
  });

  it('refuses to run outside a transaction, where a cursor cannot live', async () => {
    await expect(collect(rowsInChunks(handle.db, query(handle.db), 2))).rejects.toThrow(/needs a transaction/);
  });
});
