import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import type { LogFormat } from '#lib/domain/logs/index.ts';
import { parseMatch } from '#lib/domain/logs/index.ts';
import { cliActor, type Actor } from '#lib/server/auth/actor.ts';
import { reportMatch } from '#lib/server/services/ingestion/index.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { refreshPercentiles } from '#lib/server/services/ratings/skills.ts';
import { lockReportedGame } from '#lib/server/repositories/log-uploads.ts';
import { makeLog, rejection, seedTeams, twoMatchLog } from './fixtures.ts';

const FORMATS: LogFormat[] = ['hlu-txt', 'hlu-csv', 'hlu-json', 'rcon'];

describe.each(engines)('reportMatch on %s', (engine) => {
  let handle: DatabaseHandle;
  let teams: Record<string, { id: number; key: string }>;
  let alpha: Actor;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
    teams = await seedTeams(handle.db, ['ALPHA', 'BRAVO', 'CHARLIE']);
    alpha = { kind: 'team-key', teamId: teams['ALPHA']!.id, teamTag: 'ALPHA' };
  });
  afterAll(async () => {
    await ratingQueueIdle(handle.db);
    await handle.close();
  });

  it.each(FORMATS)(
    'stores a %s report: match, players, aliases, per-player rows and the verbatim upload',
    async (format) => {
      const seed = 100 + FORMATS.indexOf(format);
      // One game per format: the same teams on the same map at the same time would be one game reported twice.
      const start = `2025-06-${String(2 + FORMATS.indexOf(format)).padStart(2, '0')}T19:00:00.000Z`;
      const text = makeLog(format, { seed, start });
      const expected = parseMatch(text, { year: 2025 });
      const result = await reportMatch(handle.db, alpha, {
        data: { teams: ['alpha', 'BRAVO'], kind: 'competitive' },
        file: { name: `../match ${format}.log`, content: text },
        backdated: true,
        year: format === 'hlu-txt' ? 2025 : undefined,
        username: 'hlu-user',
      });
      expect(result).toMatchObject({ series: 'S1', created: true });
      const match = await handle.db
        .selectFrom('matches')
        .selectAll()
        .where('id', '=', result.match_id)
        .executeTakeFirstOrThrow();
      expect(match).toMatchObject({
        type: 'competitive',
        map: 'carentan',
        result: '3-2',
        victor_side: 'Allies',
        duration: 20,
        winner_tag: 'ALPHA',
        loser_tag: 'BRAVO',
        winner_team_id: teams['ALPHA']!.id,
        loser_team_id: teams['BRAVO']!.id,
        calculation_status: 'pending',
        log_format: format,
        log_match_index: 0,
        submitted_by_tag: 'ALPHA',
        submitted_by_team_id: teams['ALPHA']!.id,
        submitted_by_username: 'hlu-user',
        source: 'log',
        visibility: 'public',
      });
      expect(match.date.toISOString()).toBe(start);
      expect(match.cap_flips).toEqual(expected.cap_flips);
      expect(match.kill_statistics).toEqual(expected.kill_statistics);
      expect(match.report_overrides).toEqual(format === 'hlu-txt' ? { year: 2025 } : null);

      const upload = await handle.db
        .selectFrom('log_uploads')
        .selectAll()
        .where('id', '=', match.log_upload_id)
        .executeTakeFirstOrThrow();
      expect(Buffer.from(upload.content).equals(Buffer.from(text, 'utf8'))).toBe(true);
      expect(upload.format).toBe(format);
      expect(upload.path).toMatch(new RegExp(`^\\d{4}/\\d{2}/${upload.sha256.slice(0, 16)}-match_${format}\\.log$`));

      const rows = await handle.db
        .selectFrom('player_match_stats as s')
        .innerJoin('player_match_details as d', (join) =>
          join.onRef('d.match_id', '=', 's.match_id').onRef('d.steam_id', '=', 's.steam_id'),
        )
        .selectAll('s')
        .select(['d.weapons', 'd.kill_events', 'd.killers', 'd.aliases'])
        .where('s.match_id', '=', result.match_id)
        .execute();
      expect(rows.length).toBe(Object.keys(expected.players).length);
      for (const row of rows) {
        const p = expected.players[row.steam_id]!;
        expect(row).toMatchObject({
          side: p.side,
          name: p.name,
          kills: p.kills,
          deaths: p.deaths,
          kpm: p.kpm,
          combat_points: p.combat_points,
        });
        expect([row.weapons, row.kill_events, row.killers, row.aliases]).toEqual([
          p.weapons,
          p.kill_events,
          p.killers,
          p.aliases,
        ]);
        expect(row.team_id).toBe(
          p.side === 'Allies' ? teams['ALPHA']!.id : p.side === 'Axis' ? teams['BRAVO']!.id : null,
        );
      }
      // Each line's in-match percentiles are stored with it, as the refresh of derived data computes them from the
      // stored lines (which then finds nothing to change).
      const percentiles = () =>
        handle.db
          .selectFrom('player_match_stats')
          .select(['steam_id', 'side_percentile', 'all_percentile'])
          .where('match_id', '=', result.match_id)
          .orderBy('steam_id')
          .execute();
      const stored = await percentiles();
      expect(stored.every((line) => line.side_percentile !== null && line.all_percentile !== null)).toBe(true);
      await handle.db.transaction().execute((trx) => refreshPercentiles(trx, match.series_id, [result.match_id]));
      expect(await percentiles()).toEqual(stored);
      const renamed = Object.entries(expected.players).find(([, p]) => p.aliases.length > 1);
      if (renamed) {
        const aliases = await handle.db
          .selectFrom('player_aliases')
          .select('name')
          .where('steam_id', '=', renamed[0])
          .execute();
        expect(aliases.map((a) => a.name).sort()).toEqual(
          [...new Set([...renamed[1].aliases, renamed[1].name])].sort(),
        );
      }
      const player = await handle.db
        .selectFrom('players')
        .selectAll()
        .where('steam_id', '=', rows[0]!.steam_id)
        .executeTakeFirstOrThrow();
      expect(player.name).toBe(expected.players[rows[0]!.steam_id]!.name);
      expect(player.last_seen.toISOString()).toBe(start);
    },
  );

  it('applies overrides over the log and keeps them for a re-parse', async () => {
    const text = makeLog('hlu-csv', { seed: 200, alliedScore: 1, axisScore: 4 });
    const result = await reportMatch(handle.db, alpha, {
      data: { teams: ['ALPHA', 'CHARLIE'], kind: 'competitive' },
      file: { name: 'export.csv', content: text },
      backdated: true,
      result: '5-0',
      map: 'SMDM',
      date: '2026-01-05T20:00:00Z',
      victor_side: 'Allies',
      duration: '88',
      title: 'Final',
    });
    const match = await handle.db
      .selectFrom('matches')
      .selectAll()
      .where('id', '=', result.match_id)
      .executeTakeFirstOrThrow();
    expect(match).toMatchObject({
      result: '5-0',
      map: 'stmariedumont',
      victor_side: 'Allies',
      duration: 88,
      title: 'Final',
    });
    expect(match.date.toISOString()).toBe('2026-01-05T20:00:00.000Z');
    expect(match.report_overrides).toEqual({
      result: '5-0',
      map: 'stmariedumont',
      date: '2026-01-05T20:00:00.000Z',
      victor_side: 'Allies',
      duration: 88,
    });
  });

  it('rejects a competitive result other than 5-0, 4-1, 3-2, from the log or the form', async () => {
    const draw = makeLog('hlu-csv', { seed: 201, alliedScore: 2, axisScore: 2 });
    const input = {
      data: { teams: ['ALPHA', 'BRAVO'], kind: 'competitive' },
      file: { name: 'x.csv', content: draw },
      backdated: true,
    };
    expect((await rejection(reportMatch(handle.db, alpha, input))).message).toMatch(/log's result is '2-2'/);
    const bad = await rejection(reportMatch(handle.db, alpha, { ...input, result: '2-1', victor_side: 'Axis' }));
    expect([bad.status, bad.message]).toEqual([
      400,
      "Result '2-1' is not allowed for a competitive match: use 5-0, 4-1 or 3-2",
    ]);
    const friendly = await reportMatch(handle.db, alpha, {
      ...input,
      data: { teams: ['ALPHA', 'BRAVO'], kind: 'friendly' },
    });
    const row = await handle.db
      .selectFrom('matches')
      .select(['result', 'victor_side', 'calculation_status'])
      .where('id', '=', friendly.match_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ result: '2-2', victor_side: null, calculation_status: 'skipped' });
  });

  it('queues an admin report, stores an unregistered opponent by tag and never duplicates a resend', async () => {
    const text = makeLog('rcon', { seed: 202, start: '2026-03-02T18:00:00Z' });
    const input = {
      data: { teams: ['Randoms', 'BRAVO'], kind: 'competitive' },
      file: { name: 'r.log', content: text },
      backdated: true,
    };
    const first = await reportMatch(handle.db, cliActor, input);
    const again = await reportMatch(handle.db, cliActor, {
      ...input,
      data: { teams: ['RANDOMS', 'bravo'], kind: 'competitive' },
    });
    expect(again).toEqual({ match_id: first.match_id, series: 'S1', created: false });
    // The same file with the teams the other way round is the same game: refused, naming the match, and what its
    // statement wrote before it found the game is taken back.
    const written = () =>
      Promise.all(
        (['matches', 'player_match_stats', 'player_match_details', 'audit_log'] as const).map(
          async (table) =>
            (
              await handle.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
        ),
      );
    const before = await written();
    const other = await rejection(
      reportMatch(handle.db, cliActor, { ...input, data: { teams: ['BRAVO', 'Randoms'], kind: 'competitive' } }),
    );
    expect([other.status, other.details]).toEqual([409, { match_id: first.match_id, series: 'S1' }]);
    expect(await written()).toEqual(before);
    const rows = await handle.db
      .selectFrom('matches')
      .selectAll()
      .where(
        'log_upload_id',
        '=',
        (
          await handle.db
            .selectFrom('matches')
            .select('log_upload_id')
            .where('id', '=', first.match_id)
            .executeTakeFirstOrThrow()
        ).log_upload_id,
      )
      .execute();
    expect(rows.map((r) => [r.winner_tag, r.winner_team_id, r.loser_tag])).toEqual([['Randoms', null, 'BRAVO']]);
    // The rating worker may already have picked the match up; the audit entry records the status it was given.
    const audit = await handle.db
      .selectFrom('audit_log')
      .select(['action', 'after', 'actor_label'])
      .where('entity_id', '=', String(first.match_id))
      .execute();
    expect(audit).toEqual([
      {
        action: 'match.report',
        actor_label: 'cli',
        after: expect.objectContaining({ status: 'queued', teams: ['Randoms', 'BRAVO'] }),
      },
    ]);
  });

  it('turns two identical reports racing each other into one match', async () => {
    const input = {
      data: { teams: ['BRAVO', 'ALPHA'], kind: 'competitive' },
      file: { name: 'race.csv', content: makeLog('hlu-csv', { seed: 203, start: '2026-03-03T18:00:00Z' }) },
      backdated: true,
    };
    const results = await Promise.all([reportMatch(handle.db, alpha, input), reportMatch(handle.db, alpha, input)]);
    expect(results[0].match_id).toBe(results[1].match_id);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
  });

  // One connection on PGlite: nothing to wait for there.
  it.runIf(engine === 'postgres')(
    'holds up a report of the same game (content key or the two teams), not those of other games',
    async () => {
      const key = 'a'.repeat(64);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = handle.db.transaction().execute(async (trx) => {
        await lockReportedGame(trx, { gameKey: key, tags: ['ALPHA', 'BRAVO'] });
        locked();
        await held;
      });
      await isLocked;
      // Other games go on while it is held (they would hang this test otherwise).
      for (const game of [
        { gameKey: 'b'.repeat(64), tags: ['ALPHA', 'CHARLIE'] as const },
        { gameKey: null, tags: ['bravo', 'charlie'] as const },
      ])
        await handle.db.transaction().execute((trx) => lockReportedGame(trx, game));
      // The same two teams (either order, any case) without a key, and the same key under other teams, wait.
      const done: boolean[] = [];
      const waiters = [
        { gameKey: null, tags: ['bravo', 'Alpha'] as const },
        { gameKey: key, tags: ['CHARLIE', 'ALPHA'] as const },
      ].map((game, i) =>
        handle.db.transaction().execute(async (trx) => {
          await lockReportedGame(trx, game);
          done[i] = true;
        }),
      );
      const waiting = async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_locks
            where locktype = 'advisory' and not granted
              and database = (select oid from pg_database where datname = current_database())`.execute(handle.db)
        ).rows[0]!.n;
      while ((await waiting()) < 2) await new Promise((resolve) => setImmediate(resolve));
      expect(done).toEqual([]);
      release();
      await Promise.all([holder, ...waiters]);
      expect(done).toEqual([true, true]);
    },
  );

  it('answers MultipleMatches with the candidates and reports the chosen match by index', async () => {
    const text = twoMatchLog('hlu-json');
    const input = {
      data: { teams: ['ALPHA', 'BRAVO'], kind: 'competitive' },
      file: { name: 'two.json', content: text },
      backdated: true,
    };
    const error = await rejection(reportMatch(handle.db, alpha, input));
    expect([error.message, error.code]).toEqual([
      "The log holds 2 complete matches: choose one with the 'match' field (0-1); 'matches' lists them",
      'MultipleMatches',
    ]);
    expect((error.details['matches'] as { index: number; score: string }[]).map((m) => [m.index, m.score])).toEqual([
      [0, '3 - 2'],
      [1, '1 - 4'],
    ]);
    const second = await reportMatch(handle.db, alpha, { ...input, match: '1', victor_side: 'Axis' });
    const row = await handle.db
      .selectFrom('matches')
      .select(['map', 'result', 'victor_side', 'log_match_index'])
      .where('id', '=', second.match_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ map: 'foy', result: '4-1', victor_side: 'Axis', log_match_index: 1 });
    const outOfRange = await rejection(reportMatch(handle.db, alpha, { ...input, match: 5 }));
    expect([outOfRange.status, outOfRange.code]).toEqual([400, 'MatchIndexOutOfRange']);
    expect(outOfRange.message).toMatch(/^Match 5 does not exist: the log holds 2 complete match\(es\) \(0-1\)/);
  });

  // The details are the report's last write: failing them must take the match and its stats rows back too.
  it('leaves nothing behind when the report fails midway', async () => {
    const count = async (
      table:
        | 'matches'
        | 'log_uploads'
        | 'players'
        | 'player_aliases'
        | 'player_match_stats'
        | 'player_match_details'
        | 'audit_log',
    ) =>
      (
        await handle.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const tables = [
      'matches',
      'log_uploads',
      'players',
      'player_aliases',
      'player_match_stats',
      'player_match_details',
      'audit_log',
    ] as const;
    const before = await Promise.all(tables.map(count));
    await sql`create function hss_test_fail() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`.execute(
      handle.db,
    );
    await sql`create trigger hss_test_fail before insert on player_match_details for each statement execute function hss_test_fail()`.execute(
      handle.db,
    );
    try {
      const text = makeLog('hlu-csv', { seed: 300, perSide: 5, start: '2026-03-04T18:00:00Z' });
      const failure = await reportMatch(handle.db, alpha, {
        data: { teams: ['ALPHA', 'BRAVO'], kind: 'competitive' },
        file: { name: 'f.csv', content: text },
        backdated: true,
      }).then(
        () => 'no error',
        (e: unknown) => String(e),
      );
      expect(failure).toMatch(/forced failure/);
      expect(await Promise.all(tables.map(count))).toEqual(before);
    } finally {
      await sql`drop trigger hss_test_fail on player_match_details`.execute(handle.db);
      await sql`drop function hss_test_fail()`.execute(handle.db);
    }
  });
});
