import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, engines } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import type { CalculationStatus, MatchRow } from '#lib/server/db/tables/matches.ts';
import { cliActor, systemActor, type Actor } from '#lib/server/auth/actor.ts';
import { HttpError } from '#lib/server/core/errors.ts';
import { approvableBy, decideMatch, nextStatus } from '#lib/server/services/match-actions.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { insertMatch, insertTeam } from './helpers.ts';

/*
 * An approval is one statement whose condition (approvableBy, SQL) must allow exactly what nextStatus (the rule as
 * the rest of the site applies it) allows: a looser condition would let a reporter approve their own match. Every
 * status, reporter and registered opponent is tried with every kind of caller.
 */
const STATUSES: CalculationStatus[] = ['pending', 'queued', 'processing', 'posted', 'skipped', 'disputed'];

describe.each(engines)('the approval rule on %s', (engine) => {
  let handle: DatabaseHandle;
  let teams: { a: number; b: number; c: number };
  let seriesId: number;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
    const { db } = handle;
    seriesId = (
      await db
        .insertInto('series')
        .values({ tag: 'S1', name: 'S1', is_current: true })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    teams = { a: await insertTeam(db, 'A'), b: await insertTeam(db, 'B'), c: await insertTeam(db, 'C') };
  });
  afterAll(async () => {
    await ratingQueueIdle(handle.db);
    await handle.close();
  });

  const user = (managedTeamIds: number[], admin = false): Actor => ({
    kind: 'user',
    userId: 1,
    discordId: '1',
    name: 'someone',
    roles: admin ? ['ADMIN', 'USER'] : ['USER'],
    managedTeamIds,
    sessionId: null,
  });

  it('allows in one statement exactly what nextStatus allows', async () => {
    const { db } = handle;
    const { a, b, c } = teams;
    const actors: [string, Actor][] = [
      ['admin', user([], true)],
      ['admin managing A', user([a], true)],
      ['cli', cliActor],
      ['system', systemActor],
      ['manager of A', user([a])],
      ['manager of B', user([b])],
      ['manager of C', user([c])],
      ['manager of A and B', user([a, b])],
      ['manager of nothing', user([])],
      ['key of A', { kind: 'team-key', teamId: a, teamTag: 'A' }],
      ['key of B', { kind: 'team-key', teamId: b, teamTag: 'B' }],
      ['key of C', { kind: 'team-key', teamId: c, teamTag: 'C' }],
    ];
    const mismatches: string[] = [];
    let allowedCount = 0;
    for (const status of STATUSES)
      for (const submittedBy of [a, b, null])
        for (const loserRegistered of [true, false]) {
          const id = await insertMatch(db, {
            seriesId,
            winner: { id: a, tag: 'A' },
            loser: { id: b, tag: 'B' },
            submittedBy,
            status,
          });
          if (!loserRegistered)
            await db.updateTable('matches').set({ loser_team_id: null }).where('id', '=', id).execute();
          const match = (await db
            .selectFrom('matches')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirstOrThrow()) as MatchRow;
          for (const [name, actor] of actors) {
            let byRule: boolean;
            try {
              byRule = nextStatus(actor, match, 'approve') === 'queued';
            } catch (error) {
              if (!(error instanceof HttpError)) throw error;
              byRule = false;
            }
            const { rows } = await sql<{
              ok: boolean;
            }>`select (${approvableBy(actor)}) as ok from matches where id = ${id}`.execute(db);
            if (rows[0]!.ok !== byRule)
              mismatches.push(
                `${name} on a ${status} match reported by ${submittedBy ?? 'nobody'}: SQL ${rows[0]!.ok}, rule ${byRule}`,
              );
            if (byRule) allowedCount += 1;
          }
        }
    expect(mismatches).toEqual([]);
    // The rule allows some of them, else the comparison proves little.
    expect(allowedCount).toBeGreaterThan(10);
  });

  it('approves in one statement with its audit entry, and refuses without writing anything', async () => {
    const { db } = handle;
    const { a, b } = teams;
    const disputed = await insertMatch(db, {
      seriesId,
      winner: { id: a, tag: 'A' },
      loser: { id: b, tag: 'B' },
      submittedBy: a,
      status: 'disputed',
    });
    const entries = () =>
      db
        .selectFrom('audit_log')
        .select(['action', 'before', 'after'])
        .where('entity_id', '=', String(disputed))
        .execute();
    // The opponent may not approve a disputed match: 403, and nothing changed or logged.
    const refused = await decideMatch(db, user([b]), 's1', String(disputed), 'approve').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(403);
    expect(await entries()).toEqual([]);
    expect(await decideMatch(db, cliActor, 'S1', String(disputed), 'approve')).toEqual({
      match_id: disputed,
      calculation_status: 'queued',
    });
    const [entry] = await entries();
    expect(entry).toMatchObject({
      action: 'match.approve',
      before: { calculation_status: 'disputed' },
      after: { calculation_status: 'queued' },
    });
    // Once queued, another approval is 409; an unknown match or series 404.
    const again = await decideMatch(db, cliActor, 'S1', String(disputed), 'approve').catch((e: unknown) => e);
    expect((again as HttpError).status).toBe(409);
    for (const [series, id] of [
      ['S1', '999999'],
      ['S9', String(disputed)],
      ['S1', 'x'],
    ]) {
      const missing = await decideMatch(db, cliActor, series!, id!, 'approve').catch((e: unknown) => e);
      expect((missing as HttpError).status).toBe(404);
    }
  });
});
