import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '#lib/server/db/connect.ts';
import { migrateToLatest, migrateUpTo } from '#lib/server/db/migrate.ts';
import { createPostgresDatabase, engines } from '#tests/helpers/database.ts';

/*
 * Migration 0016 moves the per-player JSON of existing matches out of player_match_stats into player_match_details
 * (a database of an older version, or an older backup restored and migrated forward, keeps every detail), and the
 * details go with their stats row or match.
 */
const JSON_COLUMNS = ['aliases', 'weapons', 'roles', 'squads', 'killers', 'victims', 'kill_events'] as const;

const details = (n: number) => ({
  aliases: [`P${n}`, `Old${n}`],
  weapons: { M1_GARAND: n, MP40: 1 },
  roles: [{ role: 'Rifleman', at: 0 }],
  squads: [{ unit: 'Able', joined: 0, left: 600 + n }],
  killers: { [`7656119800000000${n}`]: 2 },
  victims: { '76561198000000009': n },
  kill_events: [12, 40 + n],
});

describe.each(engines)('player match details on %s', (engine) => {
  let handle: DatabaseHandle;
  let drop = async () => {};
  beforeAll(async () => {
    if (engine === 'pglite') handle = await connectDatabase({ dataDir: 'memory://', migrate: false });
    else {
      const created = await createPostgresDatabase();
      drop = created.drop;
      handle = await connectDatabase({ databaseUrl: created.url, migrate: false });
    }
  }, 120_000);
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it('moves the JSON of every stats row and cascades deletes to it', async () => {
    const db = handle.db;
    await migrateUpTo(db, '0015_rating_write_indexes');
    await sql`insert into series (tag, name) values ('S1', 'Season 1')`.execute(db);
    await sql`insert into matches (series_id, type, map, date, result, winner_tag, loser_tag, calculation_status)
      select id, 'competitive', 'foy', timestamptz '2026-01-01T20:00:00Z' + n * interval '1 day', '5-0', 'A', 'B', 'posted'
      from series, generate_series(1, 2) as n`.execute(db);
    await sql`insert into players (steam_id, name, first_seen, last_seen)
      select '7656119800000000' || n, 'P' || n, now(), now() from generate_series(1, 3) as n`.execute(db);
    const lines = [1, 2, 3].flatMap((n) => [1, 2].map((match) => ({ match, n })));
    for (const { match, n } of lines) {
      const json = details(n + match);
      await sql`insert into player_match_stats (match_id, steam_id, name, kills, ${sql.raw(JSON_COLUMNS.join(', '))})
        values (${match}, ${`7656119800000000${n}`}, ${`P${n}`}, ${n},
          ${sql.join(JSON_COLUMNS.map((c) => sql`${JSON.stringify(json[c])}::jsonb`))})`.execute(db);
    }

    await migrateToLatest(db);
    const statColumns = await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'player_match_stats'`.execute(db);
    expect(
      statColumns.rows.map((r) => r.column_name).filter((c) => (JSON_COLUMNS as readonly string[]).includes(c)),
    ).toEqual([]);
    const moved = await db
      .selectFrom('player_match_details')
      .selectAll()
      .orderBy('match_id')
      .orderBy('steam_id')
      .execute();
    expect(moved).toEqual(
      lines
        .sort((a, b) => a.match - b.match || a.n - b.n)
        .map(({ match, n }) => ({ match_id: match, steam_id: `7656119800000000${n}`, ...details(n + match) })),
    );
    const kills = await db
      .selectFrom('player_match_stats')
      .select('kills')
      .orderBy('match_id')
      .orderBy('steam_id')
      .execute();
    expect(kills.map((r) => r.kills)).toEqual([1, 2, 3, 1, 2, 3]);

    await db
      .deleteFrom('player_match_stats')
      .where('match_id', '=', 1)
      .where('steam_id', '=', '76561198000000001')
      .execute();
    await db.deleteFrom('matches').where('id', '=', 2).execute();
    const left = await db
      .selectFrom('player_match_details')
      .select(['match_id', 'steam_id'])
      .orderBy('steam_id')
      .execute();
    expect(left).toEqual([
      { match_id: 1, steam_id: '76561198000000002' },
      { match_id: 1, steam_id: '76561198000000003' },
    ]);
  }, 120_000);
});
