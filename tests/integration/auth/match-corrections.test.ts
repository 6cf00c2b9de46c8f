import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import type { TestServer } from '#tests/helpers/server.ts';
import { makeLog, reportForm, seedTeams } from '#tests/integration/ingestion/fixtures.ts';
import type { CalculationStatus } from '#lib/server/db/tables/matches.ts';
import { insertMatch, insertPlayedFor, insertPlayer, sessionFor } from './helpers.ts';
import { makeWorld, startMatrixServer, type World } from './matrix-world.ts';

/*
 * A wrong report fixed on the site (issue 37): the managers of either team correct a match's date and result or
 * delete it while it is not approved, admins at any time; every change is in the audit log, an approved (posted)
 * match replays its series' ratings, and cap flips never contradict the recorded result.
 */

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs = 60_000): Promise<T> {
  const t0 = performance.now();
  for (;;) {
    const value = await read();
    if (done(value) || performance.now() - t0 > limitMs) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(engines)('match corrections and deletions on %s', (engine) => {
  let server: TestServer;
  let seriesId: number;
  const prefix = engine === 'pglite' ? 'L' : 'P';
  beforeAll(async () => {
    ({ server, seriesId } = await startMatrixServer(engine));
  });
  afterAll(async () => {
    // Let a replay that is still running finish before the database goes away.
    await new Promise((r) => setTimeout(r, 200));
    await server.close();
  });

  const matchOf = (w: World, status: CalculationStatus) =>
    insertMatch(server.db, {
      seriesId: w.seriesId,
      winner: w.teams.A,
      loser: w.teams.B,
      submittedBy: w.teams.A.id,
      status,
    });
  const send = (w: World, who: keyof World['headers'], method: string, id: number, body?: unknown) =>
    server.fetch(`/v3/series/S1/matches/${id}${method === 'PUT' ? '/cap_flips' : ''}`, {
      method,
      headers: { ...w.headers[who], ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? null : JSON.stringify(body),
    });
  const row = (id: number) => server.db.selectFrom('matches').selectAll().where('id', '=', id).executeTakeFirst();
  const auditOf = (id: number) =>
    server.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'before', 'after'])
      .where('entity_type', '=', 'match')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();

  it("lets a manager of either team correct a pending match's date and result, audited, the players' teams following", async () => {
    const w = await makeWorld(server.db, seriesId, prefix);
    const id = await matchOf(w, 'pending');
    const steamId = `7656119800${prefix === 'L' ? 1 : 2}000001`;
    await insertPlayer(server.db, steamId);
    await insertPlayedFor(server.db, steamId, id, w.teams.A.id); // an Allies player of the winner A
    // The manager of A (the reporter) says B won 4-1 on the Allies side, a day earlier.
    const response = await send(w, 'managerA', 'PATCH', id, {
      date: '2026-02-28T18:00:00Z',
      winner: w.teams.B.tag,
      result: '4-1',
      victor_side: 'Allies',
    });
    expect(response.status, await response.text()).toBe(204);
    expect(await row(id)).toMatchObject({
      date: new Date('2026-02-28T18:00:00Z'),
      winner_tag: w.teams.B.tag,
      loser_tag: w.teams.A.tag,
      winner_team_id: w.teams.B.id,
      loser_team_id: w.teams.A.id,
      result: '4-1',
      victor_side: 'Allies',
      calculation_status: 'pending',
      report_overrides: { result: '4-1', date: '2026-02-28T18:00:00.000Z' },
    });
    // B played Allies now: the Allies player's line follows.
    const line = await server.db
      .selectFrom('player_match_stats')
      .select('team_id')
      .where('match_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(line.team_id).toBe(w.teams.B.id);
    expect(await auditOf(id)).toEqual([
      {
        action: 'match.correct',
        actor_user_id: w.userIds.managerA,
        before: {
          date: '2026-03-01T18:00:00.000Z',
          winner: w.teams.A.tag,
          loser: w.teams.B.tag,
          result: '3-2',
          victor_side: 'Allies',
        },
        after: {
          date: '2026-02-28T18:00:00.000Z',
          winner: w.teams.B.tag,
          loser: w.teams.A.tag,
          result: '4-1',
          victor_side: 'Allies',
        },
      },
    ]);
    // The page shows the correction to its teams' managers, not to a manager of another team.
    const page = await server.fetch(`/statistics/matches/${id}?series=S1`, { headers: w.headers.managerA });
    const html = await page.text();
    expect(html).toContain('Correct the report');
    expect(html).toContain(`Delete match ${id}`);
    const other = await (
      await server.fetch(`/statistics/matches/${id}?series=S1`, { headers: w.headers.managerC })
    ).text();
    expect(other).not.toContain('Correct the report');
  });

  it('refuses a winner from outside the match, a future date and an empty correction, changing nothing', async () => {
    const w = await makeWorld(server.db, seriesId, prefix);
    const id = await matchOf(w, 'pending');
    const refusals = [
      [{ winner: w.teams.C.tag }, 'InvalidField', /'winner': must be one of the match's teams/],
      [{ date: '2099-01-01T00:00:00Z' }, 'DateInFuture', /later than now/],
      [{ date: 'yesterday' }, 'InvalidField', /'date'/],
      [{ result: '2-2' }, 'InvalidField', /'result': must be 5-0, 4-1 or 3-2/],
      [{}, 'MatchCorrectionEmpty', /at least one/],
    ] as const;
    for (const [body, code, words] of refusals) {
      const response = await send(w, 'managerA', 'PATCH', id, body);
      const answer = (await response.json()) as { error: string; code: string };
      expect([response.status, answer.code], JSON.stringify(body)).toEqual([400, code]);
      expect(answer.error).toMatch(words);
    }
    expect(await row(id)).toMatchObject({ result: '3-2', winner_team_id: w.teams.A.id });
    expect(await auditOf(id)).toEqual([]);
  });

  it('lets a manager delete a match before approval, refuses both after it (403 in words), and lets an admin', async () => {
    const w = await makeWorld(server.db, seriesId, prefix);
    const pending = await matchOf(w, 'pending');
    expect((await send(w, 'managerA', 'DELETE', pending)).status).toBe(204);
    expect(await row(pending)).toBeUndefined();
    expect(await auditOf(pending)).toMatchObject([
      { action: 'match.delete', actor_user_id: w.userIds.managerA, before: { result: '3-2' }, after: null },
    ]);

    const approved = await matchOf(w, 'queued');
    for (const [method, body] of [
      ['PATCH', { result: '5-0' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await send(w, 'managerA', method, approved, body);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        error: `Match ${approved} is already approved (Queued): only an admin can correct or delete it now; ask an admin`,
        code: 'MatchApprovedAdminOnly',
      });
    }
    expect(await row(approved)).toMatchObject({ result: '3-2' });
    expect((await send(w, 'admin', 'PATCH', approved, { result: '5-0' })).status).toBe(204);
    expect(await row(approved)).toMatchObject({ result: '5-0', calculation_status: 'queued' });
    expect((await send(w, 'admin', 'DELETE', approved)).status).toBe(204);
    expect(await row(approved)).toBeUndefined();
    expect((await auditOf(approved)).map((a) => [a.action, a.actor_user_id])).toEqual([
      ['match.correct', w.userIds.admin],
      ['match.delete', w.userIds.admin],
    ]);
  });

  it('refuses cap flips whose last score contradicts the recorded result, and a result its cap flips contradict', async () => {
    const w = await makeWorld(server.db, seriesId, prefix);
    const id = await matchOf(w, 'pending'); // A won 3-2 as Allies: the flips must end at 3-2 (Allies-Axis)
    const contradicting = await send(w, 'managerA', 'PUT', id, {
      cap_flips: [
        { at: 300, side: 'Allies', new_score: '3-2' },
        { at: 900, side: 'Axis', new_score: '2-3' },
      ],
    });
    expect(contradicting.status).toBe(400);
    expect(await contradicting.json()).toEqual({
      error:
        'The cap flips end at 2-3 (Allies-Axis), but the recorded result ends the match at 3-2: the last capture must leave that score (or correct the result first)',
      code: 'CapFlipsContradictResult',
    });
    const agreeing = [
      { at: 300, side: 'Axis', new_score: '2-3' },
      { at: 900, side: 'Allies', new_score: '3-2' },
    ];
    expect((await send(w, 'managerA', 'PUT', id, { cap_flips: agreeing })).status).toBe(204);
    // Now the flips end at 3-2: a correction that A won 4-1 contradicts them.
    const correction = await send(w, 'managerA', 'PATCH', id, { result: '4-1' });
    expect(correction.status).toBe(400);
    expect(await correction.json()).toMatchObject({
      code: 'CapFlipsContradictResult',
      error: /correct or clear the cap flips first/,
    });
    // B winning 3-2 as Axis ends the match at 2-3 (Allies-Axis): refused; B winning 3-2 as Allies agrees with them.
    const axis = await send(w, 'managerA', 'PATCH', id, { winner: w.teams.B.tag, victor_side: 'Axis' });
    expect([axis.status, ((await axis.json()) as { code: string }).code]).toEqual([400, 'CapFlipsContradictResult']);
    expect((await send(w, 'managerA', 'PATCH', id, { winner: w.teams.B.tag })).status).toBe(204);
    expect(await row(id)).toMatchObject({ winner_team_id: w.teams.B.id, victor_side: 'Allies', result: '3-2' });
  });

  it('replays the ratings when an admin flips the result of a posted match', async () => {
    const [A, B] = [`CORA${prefix}`, `CORB${prefix}`];
    const teams = await seedTeams(server.db, [A, B]);
    const reported = await server.fetch('/v2/matches/serverlog', {
      method: 'POST',
      body: reportForm(
        { teams: [A, B], kind: 'competitive' },
        { text: makeLog('hlu-csv', { seed: 4242, alliedScore: 4, axisScore: 1 }) },
      ),
      headers: { authorization: `Bearer ${teams[A]!.key}` },
    });
    expect(reported.status).toBe(201);
    const { match_id: id } = (await reported.json()) as { match_id: number };
    const approved = await server.fetch(`/v3/series/S1/matches/${id}`, {
      method: 'POST',
      body: JSON.stringify({ action: 'approve' }),
      headers: { authorization: `Bearer ${teams[B]!.key}`, 'content-type': 'application/json' },
    });
    expect(approved.status).toBe(200);
    const ratingsOf = () =>
      server.db
        .selectFrom('team_ratings')
        .select(['team_id', 'mu', 'wins', 'losses'])
        .where('team_id', 'in', [teams[A]!.id, teams[B]!.id])
        .orderBy('team_id')
        .execute();
    const rated = await until(ratingsOf, (r) => r.length === 2 && r.every((t) => t.wins + t.losses === 1));
    const a = () => rated.find((t) => t.team_id === teams[A]!.id)!;
    expect(a()).toMatchObject({ wins: 1, losses: 0 });
    expect(a().mu).toBeGreaterThan(25);

    // A's manager may no longer change it; an admin says B won (on the same side, so the cap flips still agree).
    const managerA = await sessionFor(server.db, {
      discordId: `8100000000000000${prefix === 'L' ? 1 : 2}`,
      manages: [teams[A]!.id],
    });
    const admin = await sessionFor(server.db, { discordId: `8200000000000000${prefix === 'L' ? 1 : 2}`, admin: true });
    const patch = (headers: Record<string, string>) =>
      server.fetch(`/v3/series/S1/matches/${id}`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ winner: B }),
      });
    expect((await patch(managerA.headers)).status).toBe(403);
    expect((await patch(admin.headers)).status).toBe(204);
    const replayed = await until(ratingsOf, (r) => r.find((t) => t.team_id === teams[A]!.id)?.losses === 1);
    expect(replayed.find((t) => t.team_id === teams[A]!.id)).toMatchObject({ wins: 0, losses: 1 });
    expect(replayed.find((t) => t.team_id === teams[A]!.id)!.mu).toBeLessThan(25);
    expect(replayed.find((t) => t.team_id === teams[B]!.id)).toMatchObject({ wins: 1, losses: 0 });
    expect(await row(id)).toMatchObject({ winner_team_id: teams[B]!.id, calculation_status: 'posted' });
    expect((await auditOf(id)).map((e) => e.action)).toContain('match.correct');
  });
});
