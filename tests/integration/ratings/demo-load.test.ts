import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DB } from '#lib/server/db/index.ts';
import { seedDemo, type DemoSeedOptions } from '#lib/server/services/demo/seed.ts';

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)$/;

/**
 * Every row of every table (the migrations' bookkeeping aside), as JSON sorted within its table, with each instant
 * at or after `since` (the moment a write happened: created_at, approved_at, a fit's time...) replaced by 'now':
 * everything the seed decides is compared, not the clock.
 */
async function everyRow(db: DB, since: Date): Promise<Record<string, string[]>> {
  const { rows: tables } = await sql<{ name: string }>`select tablename as name from pg_tables
    where schemaname = 'public' and tablename not like 'kysely_migration%' order by 1`.execute(db);
  const clockless = (value: unknown): unknown => {
    if (typeof value === 'string') return ISO_TIME.test(value) && new Date(value) >= since ? 'now' : value;
    if (Array.isArray(value)) return value.map(clockless);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clockless(v)]));
    return value;
  };
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ row: unknown }>`select to_jsonb(t) as row from ${sql.table(name)} as t`.execute(db);
    out[name] = rows
      .map((r) => JSON.stringify(clockless(typeof r.row === 'string' ? JSON.parse(r.row) : r.row)))
      .sort();
  }
  return out;
}

async function seeded(engine: (typeof engines)[number], options: DemoSeedOptions) {
  const handle = await createTestDatabase(engine);
  try {
    const since = new Date(Date.now() - 1000);
    const summary = await seedDemo(handle.db, options);
    return { summary, rows: await everyRow(handle.db, since) };
  } finally {
    await handle.close();
  }
}

describe.each(engines)('the demo seed on %s', (engine) => {
  it('loads in bulk (logs written and parsed on worker threads) the very database reporting each match through the services gives', async () => {
    // Three series, the last with enough rated matches for a fit; friendlies, event and league matches, one disputed and two pending; private ones; every format.
    const options = { seed: 5, teams: 8, matches: 260, anchor: new Date('2026-03-01T00:00:00Z') };
    const services = await seeded(engine, { ...options, via: 'services' });
    const bulk = await seeded(engine, { ...options, workers: 2 });
    expect(bulk.summary).toMatchObject({ posted: services.summary.posted, players: services.summary.players });
    expect(services.rows['matches']).toHaveLength(260);
    expect(services.rows['series_rating_fits']!.length).toBeGreaterThan(0);
    expect(services.rows['player_match_details']!.length).toBeGreaterThan(260 * 8);
    for (const table of Object.keys(services.rows))
      expect({ table, rows: bulk.rows[table] }).toEqual({ table, rows: services.rows[table] });
  }, 240_000);
});
