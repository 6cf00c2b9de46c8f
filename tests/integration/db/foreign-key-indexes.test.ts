import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engines } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';

/*
 * Deleting a referenced row makes the database look up its referencing rows by the foreign key: without an index
 * led by those columns every delete of a series, team, user or match scans whole tables. A new foreign key
 * without its index fails here.
 */
describe.each(engines)('foreign keys on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
  });
  afterAll(() => handle.close());

  it('every foreign key has an index led by its columns', async () => {
    const { rows } = await sql<{ constraint: string; table: string; columns: string }>`
      select c.conname as constraint, c.conrelid::regclass::text as table,
        (select string_agg(a.attname, ', ' order by k.ord)
           from unnest(c.conkey) with ordinality k(attnum, ord)
           join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as columns
      from pg_constraint c
      where c.contype = 'f'
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] = c.conkey)
      order by 2, 3`.execute(handle.db);
    expect(rows).toEqual([]);
    const { rows: all } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_constraint where contype = 'f'`.execute(handle.db);
    expect(all[0]!.n).toBeGreaterThan(30);
  });
});
