import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engines } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import { findReportContext } from '#lib/server/repositories/matches-write.ts';
import { findTeamByTag } from '#lib/server/repositories/teams-write.ts';
import { getDefaultSeries } from '#lib/server/services/series.ts';
import { insertTeam } from '#tests/integration/auth/helpers.ts';
import { insertTournament } from './fixtures.ts';

/*
 * A report's look-ups are one statement (findReportContext); what it finds must be what the separate look-ups find:
 * findTeamByTag per tag (old tags too), the tournament by tag in any case, and getDefaultSeries.
 */
describe.each(engines)("a report's look-ups on %s", (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
  });
  afterAll(() => handle.close());

  it('finds nothing in an empty database', async () => {
    expect(await findReportContext(handle.db, ['ALPHA', 'BRAVO'], 'CUP')).toEqual({
      teams: [undefined, undefined],
      tournamentId: undefined,
      series: undefined,
    });
  });

  it('finds the teams in the order given (old tags too), the tournament in any case and the default series', async () => {
    const { db } = handle;
    const alpha = await insertTeam(db, 'ALPHA');
    const renamed = await insertTeam(db, 'NEWTAG');
    await db.insertInto('team_previous_tags').values({ team_id: renamed, tag: 'OLDTAG', until: new Date() }).execute();
    const cup = await insertTournament(db, 'Cup');
    const addSeries = (tag: string, createdAt: string, current = false) =>
      db
        .insertInto('series')
        .values({ tag, name: tag, is_current: current, created_at: new Date(createdAt) })
        .execute();
    await addSeries('OLD', '2026-01-01T00:00:00Z');
    await addSeries('NEW', '2026-02-01T00:00:00Z');

    const context = await findReportContext(db, ['oldtag', 'Alpha'], 'cUP');
    expect(context.teams).toEqual([
      { id: renamed, tag: 'NEWTAG' },
      { id: alpha, tag: 'ALPHA' },
    ]);
    expect(await Promise.all(['oldtag', 'Alpha'].map((tag) => findTeamByTag(db, tag)))).toMatchObject(context.teams);
    expect(context.tournamentId).toBe(cup);
    // No series is current: the newest.
    expect(context.series?.tag).toBe('NEW');
    expect(context.series).toEqual(await getDefaultSeries(db));

    await db.updateTable('series').set({ is_current: true }).where('tag', '=', 'OLD').execute();
    const current = await findReportContext(db, ['ALPHA', 'NOBODY'], undefined);
    expect(current.teams).toEqual([{ id: alpha, tag: 'ALPHA' }, undefined]);
    expect(current.tournamentId).toBe(undefined);
    expect(current.series?.tag).toBe('OLD');
    expect(current.series).toEqual(await getDefaultSeries(db));
  });
});
