import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { migratedDataFolder } from '#tests/helpers/pglite-template.ts';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import { connectDatabase, type DatabaseHandle } from '#lib/server/db/connect.ts';
import { parseMatch } from '#lib/domain/logs/index.ts';
import { runCli } from '#cli/run.ts';
import type { CommandContext } from '#cli/command.ts';
import { commands } from '#cli/commands/index.ts';
import { matchesReparse } from '#cli/commands/matches.ts';
import { cliActor, type Actor } from '#lib/server/auth/actor.ts';
import { reportMatch } from '#lib/server/services/ingestion/index.ts';
import { makeLog, seedTeams, twoMatchLog } from './fixtures.ts';
import { noProgress } from '#lib/server/progress.ts';

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(commands, argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('hss logs parse', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'hss-logs-'));
    await writeFile(path.join(dir, 'one.txt'), makeLog('hlu-txt', { seed: 61, start: '2024-04-04T20:00:00Z' }));
    await writeFile(path.join(dir, 'two.csv'), twoMatchLog('hlu-csv'));
    await writeFile(path.join(dir, 'junk.log'), 'nothing to see\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('prints the parsed match as JSON, dated with --year', async () => {
    const result = await cli(['logs', 'parse', path.join(dir, 'one.txt'), '--year', '2024']);
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.out) as {
      format: string;
      date: string;
      result: string;
      map: string;
      players: Record<string, unknown>;
    };
    expect([parsed.format, parsed.date, parsed.result, parsed.map]).toEqual([
      'hlu-txt',
      '2024-04-04T20:00:00.000Z',
      '3-2',
      'carentan',
    ]);
    expect(Object.keys(parsed.players).length).toBe(24);
  });

  it('prints the candidates and exits 2 for several matches, and parses the one chosen with --match', async () => {
    const many = await cli(['logs', 'parse', path.join(dir, 'two.csv')]);
    expect(many.code).toBe(2);
    const body = JSON.parse(many.out) as { error: string; code: string; matches: { index: number }[] };
    expect([body.code, body.matches.map((m) => m.index)]).toEqual(['MultipleMatches', [0, 1]]);
    expect(body.error).toMatch(/^The log holds 2 complete matches/);
    const chosen = await cli(['logs', 'parse', path.join(dir, 'two.csv'), '--match', '1', '--format', 'hlu-csv']);
    expect(chosen.code).toBe(0);
    expect(JSON.parse(chosen.out) as { map: string; index: number }).toMatchObject({ map: 'foy', index: 1 });
  });

  it('fails with a message for an unreadable log, a missing file and a bad --format', async () => {
    const junk = await cli(['logs', 'parse', path.join(dir, 'junk.log')]);
    expect([junk.code, junk.err]).toEqual([1, expect.stringMatching(/^Failed: UnknownFormat: /)]);
    const missing = await cli(['logs', 'parse', path.join(dir, 'nope.txt')]);
    expect([missing.code, missing.err]).toEqual([1, expect.stringMatching(/Cannot read .*nope\.txt': ENOENT/)]);
    const format = await cli(['logs', 'parse', path.join(dir, 'one.txt'), '--format', 'xml']);
    expect([format.code, format.err]).toEqual([2, expect.stringMatching(/^Option --format must be one of hlu-txt/)]);
  });

  it('re-parses a stored match through the CLI runner and its configured PGlite folder', async () => {
    const dataDir = migratedDataFolder('hss-reparse-');
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    // The CLI reads its database from the configuration, validated once per process on first use.
    process.env['DATA_DIR'] = dataDir;
    delete process.env['DATABASE_URL'];
    const seeded = await connectDatabase({ dataDir });
    let matchId: number;
    try {
      const teams = await seedTeams(seeded.db, ['ALPHA', 'BRAVO']);
      const actor: Actor = { kind: 'team-key', teamId: teams['ALPHA']!.id, teamTag: 'ALPHA' };
      const text = makeLog('rcon', { seed: 62 });
      ({ match_id: matchId } = await reportMatch(seeded.db, actor, {
        data: { teams: ['ALPHA', 'BRAVO'], kind: 'competitive' },
        file: { name: 'r.log', content: text },
        backdated: true,
      }));
    } finally {
      await seeded.close();
    }
    const result = await cli(['matches', 'reparse', String(matchId)]);
    expect(result).toEqual({ code: 0, out: `Match ${matchId}: 24 -> 24 player rows`, err: '' });
    const unknown = await cli(['matches', 'reparse', '999']);
    expect([unknown.code, unknown.err]).toEqual([2, 'Match 999 does not exist']);
  }, 180_000); // opens, migrates and closes a PGlite folder twice: slow on a loaded 2-core machine

  it('rejects matches reparse without exactly one of an id and --all', async () => {
    expect((await cli(['matches', 'reparse'])).code).toBe(2);
    expect((await cli(['matches', 'reparse', '3', '--all'])).err).toMatch(/^Give either a match id or --all/);
  });
});

describe.each(engines)('hss matches reparse on %s', (engine) => {
  let handle: DatabaseHandle;
  let alpha: Actor;
  const out: string[] = [];
  const run = (positionals: string[], values: CommandContext['values'] = {}) =>
    matchesReparse.run({
      positionals,
      values,
      out: (l) => out.push(l),
      progress: noProgress,
      db: async () => handle.db,
    });

  beforeAll(async () => {
    handle = await createTestDatabase(engine);
    const teams = await seedTeams(handle.db, ['ALPHA', 'BRAVO']);
    alpha = { kind: 'team-key', teamId: teams['ALPHA']!.id, teamTag: 'ALPHA' };
  });
  afterAll(() => handle.close());

  it('rewrites the player rows and log statistics of a match, keeping overrides and set columns', async () => {
    const text = makeLog('hlu-csv', { seed: 71, alliedScore: 1, axisScore: 4 });
    const expected = parseMatch(text);
    const { match_id } = await reportMatch(handle.db, alpha, {
      data: { teams: ['ALPHA', 'BRAVO'], kind: 'competitive' },
      file: { name: 'e.csv', content: text },
      backdated: true,
      result: '5-0',
      map: 'SMDM',
    });
    const [first, second] = Object.keys(expected.players);
    // Damage what a parser bug could have produced, and set a column that other parts of the site own.
    await handle.db
      .deleteFrom('player_match_stats')
      .where('match_id', '=', match_id)
      .where('steam_id', '=', first!)
      .execute();
    await handle.db
      .updateTable('player_match_stats')
      .set({ kills: 999, streamer: 'https://twitch.tv/x' })
      .where('steam_id', '=', second!)
      .execute();
    await handle.db
      .updateTable('player_match_details')
      .set({ weapons: '{}', kill_events: '[]' })
      .where('steam_id', '=', second!)
      .execute();
    await handle.db
      .updateTable('matches')
      .set({ gamemode: 'broken', result: '1-4' })
      .where('id', '=', match_id)
      .execute();
    const aliasesBefore = await handle.db
      .selectFrom('player_aliases')
      .select(['steam_id', 'name', 'times_seen'])
      .orderBy('steam_id')
      .orderBy('name')
      .execute();

    out.length = 0;
    expect(await run([String(match_id)])).toBe(0);
    const total = Object.keys(expected.players).length;
    expect(out).toEqual([`Match ${match_id}: ${total - 1} -> ${total} player rows`]);
    const match = await handle.db
      .selectFrom('matches')
      .selectAll()
      .where('id', '=', match_id)
      .executeTakeFirstOrThrow();
    expect([match.result, match.map, match.gamemode, match.victor_side]).toEqual([
      '5-0',
      'stmariedumont',
      expected.gamemode,
      'Axis',
    ]);
    const row = await handle.db
      .selectFrom('player_match_stats')
      .select(['kills', 'streamer'])
      .where('steam_id', '=', second!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kills: expected.players[second!]!.kills, streamer: 'https://twitch.tv/x' });
    const details = await handle.db
      .selectFrom('player_match_details')
      .select(['steam_id', 'weapons', 'kill_events'])
      .where('match_id', '=', match_id)
      .execute();
    expect(details).toHaveLength(total);
    expect(details.find((d) => d.steam_id === second)).toEqual({
      steam_id: second,
      weapons: expected.players[second!]!.weapons,
      kill_events: expected.players[second!]!.kill_events,
    });
    expect(
      await handle.db
        .selectFrom('player_aliases')
        .select(['steam_id', 'name', 'times_seen'])
        .orderBy('steam_id')
        .orderBy('name')
        .execute(),
    ).toEqual(aliasesBefore);
  });

  it('re-parses every stored log with --all, reporting a failing one and going on', async () => {
    const broken = await reportMatch(handle.db, cliActor, {
      data: { teams: ['BRAVO', 'ALPHA'], kind: 'friendly' },
      file: { name: 'b.json', content: makeLog('hlu-json', { seed: 72 }) },
      backdated: true,
    });
    const upload = await handle.db
      .selectFrom('matches')
      .select('log_upload_id')
      .where('id', '=', broken.match_id)
      .executeTakeFirstOrThrow();
    await handle.db
      .updateTable('log_uploads')
      .set({ content: new TextEncoder().encode('garbage') })
      .where('id', '=', upload.log_upload_id)
      .execute();
    out.length = 0;
    expect(await run([], { all: true })).toBe(1);
    expect(out.at(-1)).toBe('Re-parsed 1 match(es), 1 failed');
    expect(out.some((l) => l.startsWith(`Match ${broken.match_id}: FAILED`))).toBe(true);
  });
});
