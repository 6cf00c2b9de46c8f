import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import { binaryRows, copyIn } from '#lib/server/db/copy.ts';
import { insertRatingHistory, loadRatingHistory } from '#lib/server/repositories/ratings.ts';
import { insertImportedMatches, matchWithoutLog } from '#lib/server/repositories/imports.ts';
import { rateQueued, recomputeRatings } from '#lib/server/services/ratings/rate.ts';
import { ratingSnapshot, seedSeries } from '#tests/integration/ratings/fixtures.ts';

describe.each(engines)('binary COPY on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
  });
  afterAll(() => handle.close());

  it('loads integers, doubles (bit for bit) and timestamps, nulls included, inside a transaction', async () => {
    const rows = [
      { n: 1, x: 0.1 + 0.2, at: new Date('2026-01-02T03:04:05.678Z') },
      { n: -2147483648, x: -0, at: new Date('1999-12-31T23:59:59.999Z') },
      { n: 2147483647, x: 5e-324, at: null },
      { n: 7, x: null, at: new Date(0) },
    ];
    const data = binaryRows(['int4', 'float8', 'timestamptz'] as const, rows, (r) => [r.n, r.x, r.at]);
    const back = await handle.db.transaction().execute(async (trx) => {
      await sql`create temp table copied (n int, x float8, at timestamptz) on commit drop`.execute(trx);
      await copyIn(trx, 'copy copied (n, x, at) from stdin with (format binary)', data);
      return (await sql<{ n: number; x: number | null; at: Date | null }>`select * from copied`.execute(trx)).rows;
    });
    expect(back).toEqual(rows);
    expect(Object.is(back[1]!.x, -0)).toBe(true);
  });

  it('loads text (any Unicode), jsonb from its JSON text and bytea verbatim, nulls included', async () => {
    const rows = [
      { t: 'Élite [7DR] 熊 🐻', j: '{"b": [1, 2.5, null], "a": "ü"}', b: Uint8Array.from([0, 255, 10, 13, 0]) },
      { t: '', j: 'null', b: new Uint8Array(0) },
      { t: null, j: null, b: null },
      { t: 'x'.repeat(100_000), j: '[]', b: new Uint8Array(70_000).fill(7) },
    ];
    const data = binaryRows(['text', 'jsonb', 'bytea'] as const, rows, (r) => [r.t, r.j, r.b]);
    const back = await handle.db.transaction().execute(async (trx) => {
      await sql`create temp table copied_text (t text, j jsonb, b bytea) on commit drop`.execute(trx);
      await copyIn(trx, 'copy copied_text (t, j, b) from stdin with (format binary)', data);
      return (
        await sql<{ t: string | null; j: string | null; b: Uint8Array | null }>`select t, j::text as j, b
          from copied_text`.execute(trx)
      ).rows;
    });
    expect(back.map((r) => r.t)).toEqual(rows.map((r) => r.t));
    // jsonb keeps the value, in its own spelling: compared parsed, and the JSON null is not SQL NULL.
    expect(back.map((r) => (r.j === null ? undefined : JSON.parse(r.j)))).toEqual([
      { a: 'ü', b: [1, 2.5, null] },
      null,
      undefined,
      [],
    ]);
    expect(back.map((r) => (r.b === null ? null : [...r.b]))).toEqual(
      rows.map((r) => (r.b === null ? null : [...r.b])),
    );
  });

  it('appends a full recompute of rating history by COPY, equal to what it was given', async () => {
    const db = handle.db;
    const { seriesId, teamIds } = await seedSeries(db, 'COPY', 2);
    // A match id need not exist (rating_history has no foreign keys, migration 0015); 1,000 points take the COPY.
    const points = Array.from({ length: 1000 }, (_, i) => ({
      team_id: teamIds[i % 2]!,
      match_id: 1_000_000 - i,
      date: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      mu: 25 + Math.sin(i) * 3,
      sigma: 8 / Math.sqrt(i + 1),
      num_matches: Math.floor(i / 2) + 1,
    }));
    await insertRatingHistory(db, seriesId, points);
    const stored = await loadRatingHistory(db, seriesId);
    const key = (p: { match_id: number }) => p.match_id;
    expect(stored.map(({ id: _, ...p }) => p).sort((a, b) => key(a) - key(b))).toEqual(
      [...points].sort((a, b) => key(a) - key(b)),
    );
  });

  it('rates 1,000 matches in bulk (COPY) exactly as a full recompute rewrites them after they were wiped', async () => {
    const db = handle.db;
    const { seriesId, teamIds } = await seedSeries(db, 'BULK', 6);
    await insertImportedMatches(
      db,
      Array.from({ length: 1000 }, (_, i) =>
        matchWithoutLog({
          series_id: seriesId,
          type: 'competitive',
          map: 'carentan',
          date: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000),
          result: ['5-0', '4-1', '3-2'][i % 3]!,
          winner_tag: 'W',
          loser_tag: 'L',
          winner_team_id: teamIds[i % 6]!,
          loser_team_id: teamIds[(i * 5 + 1) % 6 === i % 6 ? (i + 1) % 6 : (i * 5 + 1) % 6]!,
          calculation_status: 'queued',
        }),
      ),
    );
    expect(await db.transaction().execute((trx) => rateQueued(trx, seriesId))).toMatchObject({ posted: 1000 });
    const rated = await ratingSnapshot(db, seriesId);
    expect(rated.history).toHaveLength(2000);
    expect(rated.matches.every((m) => m.winner_mu_after !== null)).toBe(true);

    await db
      .updateTable('matches')
      .set({ winner_mu_after: null, win_probability: 0 })
      .where('series_id', '=', seriesId)
      .execute();
    await db.deleteFrom('rating_history').where('series_id', '=', seriesId).execute();
    expect(await db.transaction().execute((trx) => recomputeRatings(trx, seriesId))).toMatchObject({ rated: 1000 });
    expect(await ratingSnapshot(db, seriesId)).toEqual(rated);
  });
});
