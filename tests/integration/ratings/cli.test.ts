import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import { commands } from '#cli/commands/index.ts';
import { runCli } from '#cli/run.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { ratingSnapshot } from './fixtures.ts';

async function hss(handle: DatabaseHandle, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(commands, args, { out: (l) => out.push(l), err: (l) => err.push(l), database: handle });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hss-import-'));
function file(name: string, text: string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
}

const GOOD = [
  'date,winner,loser,result,type,map,tournament',
  '2025-01-05,[7DR],"ABC",5-0,competitive,Carentan,',
  '2025-01-06 20:30,ABC,XYZ,4-1,competitive,SMDM,',
  '"2025-01-07T20:00:00Z",XYZ,[7DR],3-2,event,"Sainte-Mère-Église",CUP1',
  '2025-01-08,[7DR],XYZ,2-1,friendly,foy,',
  '2025-01-09,[7DR],XYZ,4-1,competitive,PHL,',
].join('\r\n');

describe('demo season', () => {
  it('simulates seasons without a database and scores the models against the oracle', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const run = (args: string[]) =>
      runCli(commands, ['demo', 'season', ...args], { out: (l) => out.push(l), err: (l) => err.push(l) });
    expect(await run(['--teams', '8', '--matches', '120', '--seeds', '2', '--drift', '0.5'])).toBe(0);
    expect(out[0]).toBe(
      '2 season(s) of 8 teams, 120 matches over 180 days, drift 0.5 (seed 1-2); scored on the latest 30% against the oracle that knows the true strengths.',
    );
    expect(out.join('\n')).toMatch(/^model\s+seasons\s+log_loss\s+gap\s+gap_se\s+slope$/m);
    expect(out.join('\n')).toMatch(/^oracle\s+2\s+0\.\d{4}\s+0\s+0\s/m);
    out.length = 0;
    expect(await run(['--teams', '8', '--matches', '120'])).toBe(0);
    expect(out.join('\n')).toMatch(/^rating\s+36\s.*t1 \d/m);
    expect(out.join('\n')).toMatch(/Kendall tau \(final score vs final true strength, 8 teams\): -?[01]\.\d{4}/);
    out.length = 0;
    expect(await run(['--teams', '8', '--matches', '120', '--rosters'])).toBe(0);
    expect(out[0]).toMatch(/^1 roster season\(s\) of 8 teams/);
    expect(out.join('\n')).toMatch(/^roster\s+36\s.*players sigma \d/m);
    expect(await run(['--drift', 'lots'])).toBe(2);
    expect(err.join('\n')).toContain("Option --drift must be a number, got 'lots'");
  });
});

describe.each(engines)('ratings and import CLI on %s', (engine) => {
  let handle: DatabaseHandle;
  let seriesId: number;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
    await createSeries(handle.db, { tag: 'HIST', name: 'History', current: true });
    seriesId = (await handle.db.selectFrom('series').select('id').where('tag', '=', 'HIST').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => handle.close());

  it('rejects a file with bad rows, naming the lines, and writes nothing', async () => {
    const bad = file(
      'bad.csv',
      [
        'date,winner,loser,result,type,map,tournament',
        '2025-01-05,AAA,BBB,5-0,competitive,Carentan,',
        'yesterday,AAA,BBB,5-0,competitive,Carentan,',
        '2025-01-06,AAA,AAA,6-0,competitive,Atlantis,',
        '2025-01-07,AAA,BBB,3-2,event,Foy,',
      ].join('\n'),
    );
    const result = await hss(handle, ['import', 'results', bad, '--series', 'HIST']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('3 bad row(s)');
    expect(result.err).toMatch(/line 3: date 'yesterday'/);
    expect(result.err).toMatch(
      /line 4: winner and loser are the same team; result '6-0' must be 5-0, 4-1 or 3-2; map 'Atlantis'/,
    );
    expect(result.err).toMatch(/line 5: an event match needs a tournament/);
    expect(await handle.db.selectFrom('matches').select('id').execute()).toEqual([]);
    expect(await handle.db.selectFrom('teams').select('id').execute()).toEqual([]);
  });

  it('imports a good file as rated matches, creating teams and tournaments, and re-imports as a no-op', async () => {
    const good = file('good.csv', GOOD);
    const first = await hss(handle, ['import', 'results', good, '--series', 'HIST']);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain('Imported 5 of 5 matches into HIST (0 already present).');
    expect(first.out).toContain('Created teams: [7DR], ABC, XYZ');
    expect(first.out).toContain('Created tournaments: CUP1');
    const matches = await handle.db.selectFrom('matches').selectAll().orderBy('date').execute();
    expect(matches.map((m) => [m.map, m.result, m.type, m.calculation_status, m.source])).toEqual([
      ['carentan', '5-0', 'competitive', 'posted', 'import'],
      ['stmariedumont', '4-1', 'competitive', 'posted', 'import'],
      ['stmereeglise', '3-2', 'event', 'posted', 'import'],
      ['foy', '2-1', 'friendly', 'skipped', 'import'],
      ['purpleheartlane', '4-1', 'competitive', 'posted', 'import'],
    ]);
    expect(matches[1]!.date.toISOString()).toBe('2025-01-06T20:30:00.000Z');
    expect(matches[0]!.win_probability).toBe(0.5);
    expect(matches.every((m) => m.import_key?.length === 64)).toBe(true);
    const snapshot = await ratingSnapshot(handle.db, seriesId);
    expect(snapshot.history).toHaveLength(8);

    const again = await hss(handle, ['import', 'results', good, '--series', 'HIST']);
    expect(again.out).toContain('Imported 0 of 5 matches into HIST (5 already present).');
    expect(await ratingSnapshot(handle.db, seriesId)).toEqual(snapshot);
    expect(await handle.db.selectFrom('matches').select('id').execute()).toHaveLength(5);
  });

  it('recomputes to the same numbers, fits thresholds and evaluates', async () => {
    const before = await ratingSnapshot(handle.db, seriesId);
    const recompute = await hss(handle, ['ratings', 'recompute', '--series', 'HIST']);
    expect(recompute.code).toBe(0);
    expect(recompute.out).toMatch(/Recomputed HIST: 4 rated matches/);
    expect(await ratingSnapshot(handle.db, seriesId)).toEqual(before);

    // A new series rates with the sector model and the demo-fitted defaults; 4 matches are too few to refit.
    const fit = await hss(handle, ['ratings', 'fit', '--series', 'HIST']);
    expect(fit.code).toBe(0);
    expect(fit.out).toBe('Series HIST has too few rated matches to fit (at least 10 are needed).');
    const series = await handle.db
      .selectFrom('series')
      .select(['sector_thresholds', 'rating_model', 'rating_gamma'])
      .where('id', '=', seriesId)
      .executeTakeFirstOrThrow();
    expect(series.rating_model).toBe('sector');
    expect(series.rating_gamma).toBeGreaterThan(0);
    expect(series.sector_thresholds).toMatchObject({ t1: expect.any(Number), t2: expect.any(Number) });

    const evaluate = await hss(handle, ['ratings', 'evaluate', '--series', 'HIST']);
    expect(evaluate.code).toBe(0);
    expect(evaluate.out).toMatch(/model\s+n\s+accuracy\s+log_loss\s+log_loss_95ci\s+brier\s+slope\s+tuned/);
    for (const model of ['rating', 'trueskill', 'trueskill_tau', 'elo', 'helo', 'winrate'])
      expect(evaluate.out).toMatch(new RegExp(`^${model}\\s+1\\s`, 'm'));
    expect(evaluate.out).not.toContain('Kendall');

    expect((await hss(handle, ['ratings', 'recompute', '--series', 'NOPE'])).err).toContain(
      "Series 'NOPE' does not exist",
    );

    // Predictions: every rated match with its pre-match probability and the ratings before and after.
    const csv = await hss(handle, ['ratings', 'predictions', '--series', 'HIST']);
    expect(csv.code).toBe(0);
    const lines = csv.out.split('\n');
    expect(lines[0]).toBe(
      'match_id,date,winner,loser,result,type,winner_mu_before,winner_sigma_before,loser_mu_before,' +
        'loser_sigma_before,winner_mu_after,winner_sigma_after,loser_mu_after,loser_sigma_after,win_probability',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^\d+,2025-01-05T00:00:00\.000Z,\[7DR\],ABC,5-0,competitive,25,[\d.]+,25,.*,0\.5$/);
    const json = await hss(handle, ['ratings', 'predictions', '--series', 'HIST', '--format', 'json']);
    const records = JSON.parse(json.out) as Record<string, unknown>[];
    const stored = before.matches.find((m) => m.id === records[3]!['match_id'])!;
    expect(records).toHaveLength(4);
    expect(records[3]).toMatchObject({
      result: '4-1',
      win_probability: stored.win_probability,
      loser_sigma_after: stored.loser_sigma_after,
    });
    const bad = await hss(handle, ['ratings', 'predictions', '--series', 'HIST', '--format', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('Option --format must be csv or json');
  });
});
