import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, engines } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import { tableWrites, type TableGroup } from '#lib/server/db/table-writes.ts';

/*
 * Kept copies (the page shell's series, callers, a report's look-ups) are dropped when this process writes the tables
 * they were read from (db/table-writes.ts): a write must never go uncounted, and a statement that only names such a
 * table (a row lock, a column) must not count, or nothing would stay kept under a crowd of reports.
 */
describe.each(engines)('writes counted by table group on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
  });
  afterAll(() => handle.close());

  /** The groups whose count the statement moved. */
  async function counted(run: (db: DatabaseHandle['db']) => Promise<unknown>): Promise<TableGroup[]> {
    const groups: TableGroup[] = ['shell', 'callers', 'reports'];
    const before = groups.map((group) => tableWrites(group));
    await run(handle.db);
    return groups.filter((group, i) => tableWrites(group) !== before[i]);
  }

  it('counts the writes of query builders by their table', async () => {
    expect(await counted((db) => db.updateTable('series').set({ name: 'x' }).where('id', '=', -1).execute())).toEqual([
      'shell',
      'reports',
    ]);
    expect(await counted((db) => db.deleteFrom('teams').where('id', '=', -1).execute())).toEqual([
      'callers',
      'reports',
    ]);
    expect(await counted((db) => db.deleteFrom('sessions').where('user_id', '=', -1).execute())).toEqual(['callers']);
    expect(await counted((db) => db.selectFrom('teams').select('id').execute())).toEqual([]);
    // The marks the rating work sets on a series at every pass: no kept copy reads them.
    const marks = { derived_stale: false, ratings_stale: false };
    expect(await counted((db) => db.updateTable('series').set(marks).where('id', '=', -1).execute())).toEqual([]);
    expect(
      await counted((db) =>
        db
          .updateTable('series')
          .set({ ...marks, rating_mu: 25 })
          .where('id', '=', -1)
          .execute(),
      ),
    ).toEqual(['shell', 'reports']);
    // A key's last use, recorded by the look-up of its caller inside a raw statement: no kept caller reads it.
    const used = handle.db.updateTable('team_api_keys').set({ last_used_at: new Date() }).where('team_id', '=', -1);
    expect(await counted((db) => sql`with used as (${used.returning('team_id')}) select 1`.execute(db))).toEqual([]);
  });

  it.each([
    ['update series set name = name where false', ['shell', 'reports']],
    ['with gone as (delete from team_previous_tags where false returning 1) select 1', ['reports']],
    ['insert into "tournaments" select * from tournaments where false', ['shell', 'reports']],
    ['update public.teams set name = name where false', ['callers', 'reports']],
    ['alter table teams alter column name drop default', ['callers', 'reports']],
  ])('counts a raw statement writing a table of a group: %s', async (text, groups) => {
    expect(await counted((db) => sql.raw(text).execute(db))).toEqual(groups);
  });

  it('counts a query builder write inside a raw statement', async () => {
    expect(
      await counted((db) => {
        const update = db.updateTable('teams').set({ name: 'x' }).where('id', '=', -1).returning('id');
        return sql`with changed as (${update}) select count(*) from changed`.execute(db);
      }),
    ).toEqual(['callers', 'reports']);
  });

  it.each([
    'select id from series where id = -1 for no key update',
    "update matches set title = 'series' where false",
    "with picked as (select 1 as id, 'teams' as series) update matches set title = title where id in (select id from picked) and false",
    "insert into audit_log select * from audit_log where false and 'teams' <> 'series'",
  ])('leaves a raw statement that only names such a table uncounted: %s', async (text) => {
    expect(await counted((db) => sql.raw(text).execute(db))).toEqual([]);
  });
});
