import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { findTeamByTag } from '#lib/server/repositories/teams-write.ts';
import { auditLogSchema } from '#lib/schemas/audit.ts';
import { apiKeyFor, insertMatch, insertTeam, sessionFor, type Credentials } from './helpers.ts';

describe.each(engines)('signed-in actions: states, side effects and bad input on %s', (engine) => {
  let server: TestServer;
  let seriesId: number;
  let teams: Record<'A' | 'B', { id: number; tag: string }>;
  let admin: Credentials;
  let managerA: Credentials;
  let managerB: Credentials;
  let user: Credentials;
  beforeAll(async () => {
    server = await startTestServer(engine);
    await createSeries(server.db, { tag: 'S1', name: 'Season 1', current: true });
    seriesId = (await server.db.selectFrom('series').select('id').executeTakeFirstOrThrow()).id;
    teams = {
      A: { id: await insertTeam(server.db, 'ALPHA'), tag: 'ALPHA' },
      B: { id: await insertTeam(server.db, 'BRAVO'), tag: 'BRAVO' },
    };
    admin = await sessionFor(server.db, { discordId: '600000000000000001', name: 'Admin', admin: true });
    managerA = await sessionFor(server.db, { discordId: '600000000000000002', manages: [teams.A.id] });
    managerB = await sessionFor(server.db, { discordId: '600000000000000003', manages: [teams.B.id] });
    user = await sessionFor(server.db, { discordId: '600000000000000004', name: 'Requester' });
  });
  afterAll(async () => {
    await ratingQueueIdle(server.db);
    await server.close();
  });

  const call = (as: Credentials | Record<string, string>, method: string, path: string, json?: unknown) =>
    server.fetch(path, {
      method,
      headers: {
        ...('headers' in as ? (as.headers as Record<string, string>) : as),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? null : JSON.stringify(json),
    });
  const status = async (id: number) =>
    (await server.db.selectFrom('matches').select('calculation_status').where('id', '=', id).executeTakeFirstOrThrow())
      .calculation_status;

  it('walks the match lifecycle: reporter cannot approve, opponent disputes, only an admin approves a disputed match', async () => {
    const id = await insertMatch(server.db, {
      seriesId,
      winner: teams.A,
      loser: teams.B,
      submittedBy: teams.B.id,
      status: 'pending',
    });
    const path = `/v3/series/S1/matches/${id}`;
    expect((await call(managerB, 'POST', path, { action: 'approve' })).status).toBe(403);
    expect(
      (
        await call({ authorization: `Bearer ${await apiKeyFor(server.db, teams.B.id)}` }, 'POST', path, {
          action: 'approve',
        })
      ).status,
    ).toBe(403);
    const disputed = await call(managerA, 'POST', path, { action: 'dispute' });
    expect([disputed.status, await disputed.json()]).toEqual([200, { match_id: id, calculation_status: 'disputed' }]);
    expect((await call(managerA, 'POST', path, { action: 'approve' })).status).toBe(403);
    expect((await call(managerA, 'POST', path, { action: 'dispute' })).status).toBe(409);
    const approved = await call(admin, 'POST', path, { action: 'approve' });
    expect([approved.status, await approved.json()]).toEqual([200, { match_id: id, calculation_status: 'queued' }]);
    // The rating queue may already have rated it.
    expect(['queued', 'processing', 'posted']).toContain(await status(id));
    expect((await call(admin, 'POST', path, { action: 'approve' })).status).toBe(409);
    const friendly = await insertMatch(server.db, {
      seriesId,
      winner: teams.A,
      loser: teams.B,
      submittedBy: teams.B.id,
      status: 'skipped',
    });
    const refused = await call(admin, 'POST', `/v3/series/S1/matches/${friendly}`, { action: 'approve' });
    expect([refused.status, await status(friendly)]).toEqual([409, 'skipped']);
    expect((await call(admin, 'POST', '/v3/series/S1/matches/999999', { action: 'approve' })).status).toBe(404);
    expect((await call(admin, 'POST', path, { action: 'accept' })).status).toBe(400);
  });

  it('answers 400 for bad match edits and leaves the match unchanged', async () => {
    const id = await insertMatch(server.db, {
      seriesId,
      winner: teams.A,
      loser: teams.B,
      submittedBy: teams.B.id,
      status: 'pending',
    });
    const base = `/v3/series/S1/matches/${id}`;
    const bad = [
      [
        'PUT',
        `${base}/cap_flips`,
        { cap_flips: [{ at: -1, side: 'Axis', new_score: '1-0' }] },
        /'cap_flips\.at': its 1st value/,
      ],
      [
        'PUT',
        `${base}/cap_flips`,
        { cap_flips: [{ at: 1, side: 'Nobody', new_score: '1-0' }] },
        /'cap_flips\.side': its 1st value/,
      ],
      ['PUT', `${base}/tournament`, { tournament: 'NOPE' }, /Tournament 'NOPE' does not exist/],
      ['PATCH', base, { streams: { caster: 'not a url' } }, /streams\.caster/],
      ['PUT', `${base}/layout`, { layout: 'abc' }, /layout/],
    ] as const;
    for (const [method, path, body, error] of bad) {
      const response = await call(managerB, method, path, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(error);
    }
    const row = await server.db
      .selectFrom('matches')
      .select(['cap_flips', 'streams', 'map_layout', 'tournament_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ cap_flips: [], streams: {}, map_layout: [], tournament_id: null });
    expect(
      (
        await call(managerB, 'PUT', `${base}/cap_flips`, {
          // Given out of order; the last in time leaves the recorded result (A won 3-2 as Allies).
          cap_flips: [
            { at: 300, side: 'Allies', new_score: '3-2' },
            { at: 60, side: 'Axis', new_score: '2-3' },
          ],
        })
      ).status,
    ).toBe(204);
    const flips = await server.db
      .selectFrom('matches')
      .select('cap_flips')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(flips.cap_flips).toEqual([
      { at: 60, side: 'Axis', new_score: '2-3' },
      { at: 300, side: 'Allies', new_score: '3-2' },
    ]);
  });

  it('changes a tag (old tag still resolves, new tag must be free), patches only present fields, soft-deletes', async () => {
    const id = await insertTeam(server.db, 'OLD');
    expect(
      (await call(admin, 'POST', '/v3/series/S1/teams/OLD', { action: 'change_tag', new_tag: 'ALPHA' })).status,
    ).toBe(409);
    const renamed = await call(admin, 'POST', '/v3/series/S1/teams/OLD', { action: 'change_tag', new_tag: 'NEW' });
    expect([renamed.status, ((await renamed.json()) as { tag: string }).tag]).toEqual([200, 'NEW']);
    expect((await findTeamByTag(server.db, 'old'))?.id).toBe(id);
    expect(await server.db.selectFrom('team_previous_tags').select('tag').where('team_id', '=', id).execute()).toEqual([
      { tag: 'OLD' },
    ]);
    const badIcon = await call(admin, 'PATCH', '/v3/series/S1/teams/NEW', { icon: 'not a url', name: 'Changed' });
    expect(badIcon.status).toBe(400);
    const patched = await call(admin, 'PATCH', '/v3/series/S1/teams/OLD', { invite: '', inactive: true });
    expect(await patched.json()).toEqual({
      tag: 'NEW',
      name: 'Team OLD',
      icon: null,
      invite: null,
      discord_role_id: null,
      inactive: true,
    });
    expect((await call(admin, 'DELETE', '/v3/series/S1/teams/NEW')).status).toBe(204);
    expect(await findTeamByTag(server.db, 'NEW')).toBeUndefined();
    expect((await call(admin, 'PATCH', '/v3/series/S1/teams/NEW', { inactive: false })).status).toBe(404);
  });

  it('accepts a registration: the team exists in the current series, with its Discord role, managed by the requester', async () => {
    const role = { name: 'Role', tag: 'ROLE', discord_role_id: 'not-a-role' };
    expect((await call(user, 'POST', '/v2/team-requests', role)).status).toBe(400);
    const created = await call(user, 'POST', '/v2/team-requests', {
      name: 'Newcomers',
      tag: 'NEWC',
      invite: 'https://discord.gg/new',
      contact: 'me#1',
      discord_role_id: ' 123456789012345678 ',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await call(user, 'POST', '/v2/team-requests', { name: 'Dup', tag: 'alpha' })).status).toBe(409);
    const pending = await call(admin, 'GET', '/v2/team-requests');
    expect(((await pending.json()) as { tag: string }[]).map((r) => r.tag)).toEqual(['NEWC']);
    const accepted = await call(admin, 'POST', `/v2/team-requests/${id}`, { action: 'accept' });
    expect(await accepted.json()).toMatchObject({
      id,
      status: 'accepted',
      team: 'NEWC',
      requested_by: 'Requester',
      discord_role_id: '123456789012345678',
    });
    const team = await findTeamByTag(server.db, 'NEWC');
    expect(team?.discord_role_id).toBe('123456789012345678');
    const managers = await server.db
      .selectFrom('team_managers')
      .select(['user_id', 'source'])
      .where('team_id', '=', team?.id ?? -1)
      .execute();
    expect(managers).toEqual([{ user_id: user.userId, source: 'registration' }]);
    expect(
      await server.db
        .selectFrom('team_ratings')
        .select('series_id')
        .where('team_id', '=', team?.id ?? -1)
        .execute(),
    ).toEqual([{ series_id: seriesId }]);
    expect((await call(admin, 'POST', `/v2/team-requests/${id}`, { action: 'reject' })).status).toBe(409);
    const me = await call(user, 'GET', '/v2/users/@me');
    expect(await me.json()).toMatchObject({ roles: ['USER', 'TEAM_MANAGER'], my_teams: ['NEWC'] });
  });

  it('records admin and manager actions in the audit log, readable by admins only', async () => {
    const tournament = await call(admin, 'POST', '/v2/tournaments', {
      name: 'Cup',
      tag: 'CUP',
      icon: '',
      invite: '',
      prize: 'glory',
    });
    expect(await tournament.json()).toMatchObject({
      tag: 'CUP',
      name: 'Cup',
      icon: null,
      description: '',
      event: false,
      series: 'S1',
      prize: 'glory',
    });
    const patched = await call(admin, 'PATCH', '/v2/tournaments/cup', { description: 'Finals', venue: 'online' });
    expect(await patched.json()).toMatchObject({ description: 'Finals', prize: 'glory', venue: 'online' });
    expect((await call(managerA, 'GET', '/v3/audit-log')).status).toBe(403);
    expect((await call({}, 'GET', '/v3/audit-log')).status).toBe(401);
    const response = await call(admin, 'GET', '/v3/audit-log?limit=2');
    const log = auditLogSchema.parse(await response.json());
    expect(log.meta).toMatchObject({ count: 2, offset: 0 });
    expect(log.meta.total_count).toBeGreaterThan(5);
    expect(log.entries.map((e) => [e.action, e.actor])).toEqual([
      ['tournament.update', 'user:Admin (600000000000000001)'],
      ['tournament.create', 'user:Admin (600000000000000001)'],
    ]);
    expect(log.entries[0]).toMatchObject({
      before: { description: '' },
      after: { description: 'Finals', extra: { venue: 'online' } },
    });
    expect((await call(admin, 'GET', '/v3/audit-log?limit=0')).status).toBe(400);
  });
});
