import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engines } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import { announceDataChange } from '#lib/server/db/changes.ts';
import { reportMatch } from '#lib/server/services/ingestion/index.ts';
import { keptReportContext, REPORT_CONTEXT_MAX_AGE_MS } from '#lib/server/services/ingestion/report-context.ts';
import { decideMatch } from '#lib/server/services/match-actions.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { insertTournament, makeLog, seedTeams } from './fixtures.ts';

/*
 * A report's look-ups are kept in memory (services/ingestion/report-context.ts); a kept one must never outlive a
 * change this process makes to what it read (a team renamed, an old tag added, a tournament or a series changed), and
 * the writes every report, approval and rating pass make must not drop it (else nothing would stay kept under load).
 */
describe.each(engines)("a report's kept look-ups on %s", (engine) => {
  let handle: DatabaseHandle;
  let teams: Record<string, { id: number; key: string }>;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
    teams = await seedTeams(handle.db, ['ALPHA', 'BRAVO']);
    await insertTournament(handle.db, 'CUP');
  });
  afterAll(async () => {
    await ratingQueueIdle(handle.db);
    await handle.close();
  });

  const kept = (now?: number) => keptReportContext(handle.db, ['alpha', 'Bravo'], 'cup', now);
  /** Sets the series' initial mu as SQL typed by hand would (no write watch): a kept series still shows the old one. */
  const handSetMu = (mu: number) => handle.db.withoutPlugins().updateTable('series').set({ rating_mu: mu }).execute();

  it('answers the parts it keeps from memory, in any case, until kept their maximum age', async () => {
    const start = Date.now();
    const first = await kept(start);
    expect(first.teams.map((team) => team?.tag)).toEqual(['ALPHA', 'BRAVO']);
    expect(first.tournamentId).toEqual(expect.any(Number));
    expect(first.series).toMatchObject({ tag: 'S1', rating_mu: 25 });
    expect(Object.isFrozen(first.teams[0])).toBe(true);
    await handSetMu(30);
    expect(await keptReportContext(handle.db, ['ALPHA', 'bravo'], 'CUP', start + 1)).toEqual(first);
    // Each part on its own: a pair never reported before, of teams kept, is answered from memory too.
    expect(await keptReportContext(handle.db, ['BRAVO', 'alpha'], undefined, start + 2)).toEqual({
      teams: [first.teams[1], first.teams[0]],
      tournamentId: undefined,
      series: first.series,
    });
    expect(await kept(start + REPORT_CONTEXT_MAX_AGE_MS - 1)).toEqual(first);
    expect((await kept(start + REPORT_CONTEXT_MAX_AGE_MS)).series?.rating_mu).toBe(30);
    await handSetMu(25);
  });

  it.each([
    [
      'a team renamed',
      (db: DatabaseHandle['db']) => db.updateTable('teams').set({ tag: 'ALPHA2' }).where('tag', '=', 'ALPHA'),
    ],
    ['a tournament changed', (db: DatabaseHandle['db']) => db.updateTable('tournaments').set({ name: 'Other Cup' })],
    ['a series changed', (db: DatabaseHandle['db']) => db.updateTable('series').set({ name: 'Season One' })],
    [
      'an old tag added',
      (db: DatabaseHandle['db']) =>
        db.insertInto('team_previous_tags').values({ team_id: teams['BRAVO']!.id, tag: 'OLDB', until: new Date() }),
    ],
  ])('looks up again once this process has written its tables: %s', async (_, write) => {
    const before = await kept();
    await handSetMu(31);
    expect((await kept()).series?.rating_mu).toBe(before.series?.rating_mu);
    await write(handle.db).execute();
    expect((await kept()).series?.rating_mu).toBe(31);
    await handSetMu(25);
    // The tags stay as the other tests expect them.
    await handle.db.updateTable('teams').set({ tag: 'ALPHA' }).where('tag', '=', 'ALPHA2').execute();
  });

  it('stays kept through a report, its approval and the rating pass that follows', async () => {
    // The tests before wrote the tables without announcing it, as the site does after each change: announced here.
    announceDataChange(handle.db);
    const context = await kept();
    await handSetMu(32);
    const tags = context.teams.map((team) => team!.tag);
    const reporter: Actor = { kind: 'team-key', teamId: context.teams[0]!.id, teamTag: tags[0]! };
    const opponent: Actor = { kind: 'team-key', teamId: context.teams[1]!.id, teamTag: tags[1]! };
    const report = await reportMatch(handle.db, reporter, {
      data: { teams: ['alpha', 'Bravo'], kind: 'competitive' },
      file: { name: 'kept.log', content: makeLog('hlu-csv', { seed: 7, start: '2025-07-01T19:00:00.000Z' }) },
      backdated: true,
    });
    expect(report.created).toBe(true);
    announceDataChange(handle.db);
    expect(await kept()).toEqual(context);
    const decided = await decideMatch(handle.db, opponent, 'S1', String(report.match_id), 'approve');
    expect(decided.calculation_status).toBe('queued');
    announceDataChange(handle.db);
    await ratingQueueIdle(handle.db);
    const rated = await handle.db
      .selectFrom('matches')
      .select('calculation_status')
      .where('id', '=', report.match_id)
      .executeTakeFirstOrThrow();
    expect(rated.calculation_status).toBe('posted');
    announceDataChange(handle.db);
    expect(await kept()).toEqual(context);
    await handSetMu(25);
  });
});
