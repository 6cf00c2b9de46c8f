import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import type { TestServer } from '#tests/helpers/server.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { makeLog, reportForm } from '#tests/integration/ingestion/fixtures.ts';
import { insertMatch, insertPlayedFor, insertPlayer } from './helpers.ts';
import { ACTORS, allow, makeWorld, startMatrixServer, type ActorName, type World } from './matrix-world.ts';

interface Call {
  method: string;
  path: string;
  json?: unknown;
  form?: FormData;
}
interface Row {
  name: string;
  /** Arranges what the call needs in a fresh world and describes the call. */
  call: (w: World, ctx: { server: TestServer }) => Promise<Call>;
  expected: Record<ActorName, number>;
}

const everyUser = ['user', 'managerA', 'managerC', 'admin'] as const;
const teamsOfMatch = ['managerA', 'keyA', 'admin'] as const;
// Another game in each world (one game is reported once), a day after the world's stored match of the same teams.
const csv = (w: World) => makeLog('hlu-csv', { seed: 1000 + w.n, start: '2026-03-02T18:00:00Z' });
let steamCounter = 0;
const steamId = (w: World) => `765611980${String(w.n).padStart(4, '0')}${String(++steamCounter).padStart(4, '0')}`;

async function claimedPlayer(server: TestServer, w: World): Promise<string> {
  const id = steamId(w);
  await insertPlayer(server.db, id);
  await server.db
    .insertInto('profile_claims')
    .values({ steam_id: id, user_id: w.userIds.user, status: 'approved' })
    .execute();
  return id;
}
/** A pending claim by `user` of a player who played for team A: its manager and admins may decide it. */
async function pendingClaim(server: TestServer, w: World): Promise<string> {
  const id = steamId(w);
  await insertPlayer(server.db, id);
  await insertPlayedFor(server.db, id, await pendingMatch(server, w), w.teams.A.id);
  await server.db.insertInto('profile_claims').values({ steam_id: id, user_id: w.userIds.user }).execute();
  return `/v2/claims/${id}/${w.userIds.user}`;
}
const pendingMatch = (server: TestServer, w: World) =>
  insertMatch(server.db, {
    seriesId: w.seriesId,
    winner: w.teams.A,
    loser: w.teams.B,
    submittedBy: w.teams.B.id,
    status: 'pending',
  });
/** Approved by the opponent and waiting for the rating worker (never notified here: it stays queued). */
const approvedMatch = (server: TestServer, w: World) =>
  insertMatch(server.db, {
    seriesId: w.seriesId,
    winner: w.teams.A,
    loser: w.teams.B,
    submittedBy: w.teams.B.id,
    status: 'queued',
  });
async function request(server: TestServer, w: World): Promise<number> {
  const row = await server.db
    .insertInto('team_registration_requests')
    .values({
      user_id: w.userIds.user,
      name: `New ${w.n}`,
      tag: `NEW${w.n}x`,
      icon: null,
      invite: null,
      contact: 'me#1',
      decided_by_user_id: null,
      decided_at: null,
      decision_reason: null,
      team_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A series of its own for the webhook rows: no match is ever rated in it, so nothing is posted to the (real,
 * unreachable) Discord addresses they save.
 */
async function webhookSeries(server: TestServer): Promise<number> {
  await server.db
    .insertInto('series')
    .values({ tag: 'WH', name: 'Webhooks' })
    .onConflict((oc) => oc.column('tag').doNothing())
    .execute();
  return (await server.db.selectFrom('series').select('id').where('tag', '=', 'WH').executeTakeFirstOrThrow()).id;
}
const webhookUrl = (w: World) =>
  `https://discord.com/api/webhooks/${String(w.n).padStart(18, '7')}/matrix-token-${String(++steamCounter).padStart(12, '0')}`;

const rows: Row[] = [
  {
    name: 'POST /v2/matches/serverlog',
    expected: allow(201, teamsOfMatch),
    call: async (w) => ({
      method: 'POST',
      path: '/v2/matches/serverlog',
      form: reportForm({ teams: [w.teams.A.tag, w.teams.B.tag], kind: 'competitive' }, { text: csv(w) }),
    }),
  },
  {
    name: 'POST /v2/users/@me/claims',
    expected: allow(201, everyUser),
    call: async (w, { server }) => {
      const id = steamId(w);
      await insertPlayer(server.db, id);
      return { method: 'POST', path: '/v2/users/@me/claims', json: { steam_id: id } };
    },
  },
  {
    name: 'DELETE /v2/users/@me/claims/{id}',
    expected: allow(204, ['user', 'admin']),
    call: async (w, { server }) => ({
      method: 'DELETE',
      path: `/v2/users/@me/claims/${await claimedPlayer(server, w)}`,
    }),
  },
  {
    name: 'PUT /v2/users/@me/claims/{id}',
    expected: allow(200, ['user']),
    call: async (w, { server }) => ({
      method: 'PUT',
      path: `/v2/users/@me/claims/${await claimedPlayer(server, w)}`,
      json: { visibility: 'private' },
    }),
  },
  {
    name: 'GET /v2/claims',
    expected: allow(200, everyUser),
    call: async () => ({ method: 'GET', path: '/v2/claims' }),
  },
  {
    name: 'POST /v2/claims/{id}/{user} approve',
    expected: allow(200, ['managerA', 'admin']),
    call: async (w, { server }) => ({
      method: 'POST',
      path: await pendingClaim(server, w),
      json: { action: 'approve' },
    }),
  },
  {
    name: 'POST /v2/claims/{id}/{user} reject',
    expected: allow(200, ['managerA', 'admin']),
    call: async (w, { server }) => ({
      method: 'POST',
      path: await pendingClaim(server, w),
      json: { action: 'reject' },
    }),
  },
  {
    name: 'POST /v3/series/{s}/teams',
    expected: allow(201, ['admin']),
    call: async (w) => ({
      method: 'POST',
      path: '/v3/series/S1/teams',
      json: { name: 'Fresh', tag: `F${w.n}x`, icon: '', invite: 'https://discord.gg/x', discord_role_id: '' },
    }),
  },
  {
    name: 'PATCH /v3/series/{s}/teams/{tag}',
    expected: allow(200, ['managerA', 'admin']),
    call: async (w) => ({
      method: 'PATCH',
      path: `/v3/series/S1/teams/${w.teams.A.tag}`,
      json: { inactive: true, icon: 'https://example.org/a.png' },
    }),
  },
  {
    name: 'POST /v3/series/{s}/teams/{tag} change_tag',
    expected: allow(200, ['admin']),
    call: async (w) => ({
      method: 'POST',
      path: `/v3/series/S1/teams/${w.teams.A.tag}`,
      json: { action: 'change_tag', new_tag: `R${w.n}x` },
    }),
  },
  {
    name: 'DELETE /v3/series/{s}/teams/{tag}',
    expected: allow(204, ['admin']),
    call: async (w) => ({ method: 'DELETE', path: `/v3/series/S1/teams/${w.teams.A.tag}` }),
  },
  {
    name: 'POST /v2/team-requests',
    expected: allow(201, everyUser),
    call: async (w) => ({
      method: 'POST',
      path: '/v2/team-requests',
      json: { name: 'Newcomers', tag: `N${w.n}x`, contact: 'discord: me' },
    }),
  },
  {
    name: 'POST /v2/team-requests/{id} accept',
    expected: allow(200, ['admin']),
    call: async (w, { server }) => ({
      method: 'POST',
      path: `/v2/team-requests/${await request(server, w)}`,
      json: { action: 'accept' },
    }),
  },
  {
    name: 'POST /v2/team-requests/{id} reject',
    expected: allow(200, ['admin']),
    call: async (w, { server }) => ({
      method: 'POST',
      path: `/v2/team-requests/${await request(server, w)}`,
      json: { action: 'reject', reason: 'duplicate' },
    }),
  },
  {
    name: 'GET /v2/teams/{tag}/api-key',
    expected: allow(200, ['managerA', 'admin']),
    call: async (w) => ({ method: 'GET', path: `/v2/teams/${w.teams.A.tag}/api-key` }),
  },
  {
    name: 'POST /v2/teams/{tag}/api-key',
    expected: allow(201, ['managerA', 'admin']),
    call: async (w) => ({ method: 'POST', path: `/v2/teams/${w.teams.A.tag}/api-key` }),
  },
  {
    name: 'POST /v2/tournaments',
    expected: allow(201, ['admin']),
    call: async (w) => ({
      method: 'POST',
      path: '/v2/tournaments',
      json: { name: 'Cup', tag: `CUP${w.n}`, icon: '', invite: '', prize: 'glory' },
    }),
  },
  {
    name: 'PATCH /v2/tournaments/{tag}',
    expected: allow(200, ['admin']),
    call: async (w, { server }) => {
      await server.db
        .insertInto('tournaments')
        .values({
          tag: `T${w.n}x`,
          name: 'T',
          icon: null,
          invite: null,
          series_id: null,
          starts_at: null,
          ends_at: null,
        })
        .execute();
      return { method: 'PATCH', path: `/v2/tournaments/T${w.n}x`, json: { description: 'Finals', active: false } };
    },
  },
  {
    name: 'POST /v3/series/{s}/matches/{id} approve',
    expected: allow(200, teamsOfMatch),
    call: async (w, { server }) => ({
      method: 'POST',
      path: `/v3/series/S1/matches/${await pendingMatch(server, w)}`,
      json: { action: 'approve' },
    }),
  },
  {
    name: 'POST /v3/series/{s}/matches/{id} dispute',
    expected: allow(200, teamsOfMatch),
    call: async (w, { server }) => ({
      method: 'POST',
      path: `/v3/series/S1/matches/${await pendingMatch(server, w)}`,
      json: { action: 'dispute' },
    }),
  },
  {
    name: 'PUT .../matches/{id}/tournament',
    expected: allow(204, teamsOfMatch),
    call: async (w, { server }) => ({
      method: 'PUT',
      path: `/v3/series/S1/matches/${await pendingMatch(server, w)}/tournament`,
      json: { tournament: null },
    }),
  },
  {
    name: 'PUT .../matches/{id}/cap_flips',
    expected: allow(204, teamsOfMatch),
    call: async (w, { server }) => ({
      method: 'PUT',
      path: `/v3/series/S1/matches/${await pendingMatch(server, w)}/cap_flips`,
      // The match was won 3-2 by its Allies: the last flip leaves 3-2.
      json: { cap_flips: [{ at: 120, side: 'Allies', new_score: '3-2' }] },
    }),
  },
  {
    name: 'PUT .../matches/{id}/layout',
    expected: allow(204, teamsOfMatch),
    call: async (w, { server }) => ({
      method: 'PUT',
      path: `/v3/series/S1/matches/${await pendingMatch(server, w)}/layout`,
      json: { layout: ['a', 'b', 'c', 'd', 'e'] },
    }),
  },
  {
    name: 'PATCH .../matches/{id} streams',
    expected: allow(204, teamsOfMatch),
    call: async (w, { server }) => ({
      method: 'PATCH',
      path: `/v3/series/S1/matches/${await pendingMatch(server, w)}`,
      json: { streams: { caster: 'https://twitch.tv/x' } },
    }),
  },
  {
    name: 'PATCH .../matches/{id} correction of a pending match',
    expected: allow(204, teamsOfMatch),
    call: async (w, { server }) => ({
      method: 'PATCH',
      path: `/v3/series/S1/matches/${await pendingMatch(server, w)}`,
      json: { date: '2026-03-01T17:00:00Z', winner: w.teams.B.tag },
    }),
  },
  {
    name: 'PATCH .../matches/{id} correction of an approved match',
    expected: allow(204, ['admin']),
    call: async (w, { server }) => ({
      method: 'PATCH',
      path: `/v3/series/S1/matches/${await approvedMatch(server, w)}`,
      json: { result: '5-0' },
    }),
  },
  {
    name: 'DELETE /v3/series/{s}/matches/{id} pending',
    expected: allow(204, teamsOfMatch),
    call: async (w, { server }) => ({
      method: 'DELETE',
      path: `/v3/series/S1/matches/${await pendingMatch(server, w)}`,
    }),
  },
  {
    name: 'DELETE /v3/series/{s}/matches/{id} approved',
    expected: allow(204, ['admin']),
    call: async (w, { server }) => ({
      method: 'DELETE',
      path: `/v3/series/S1/matches/${await approvedMatch(server, w)}`,
    }),
  },
  {
    name: 'GET /v3/series/{s}/webhooks',
    expected: allow(200, ['admin']),
    call: async (_w, { server }) => {
      await webhookSeries(server);
      return { method: 'GET', path: '/v3/series/WH/webhooks' };
    },
  },
  {
    name: 'POST /v3/series/{s}/webhooks',
    expected: allow(201, ['admin']),
    call: async (w, { server }) => {
      await webhookSeries(server);
      return { method: 'POST', path: '/v3/series/WH/webhooks', json: { url: webhookUrl(w) } };
    },
  },
  {
    name: 'DELETE /v3/series/{s}/webhooks/{id}',
    expected: allow(204, ['admin']),
    call: async (w, { server }) => {
      const row = await server.db
        .insertInto('webhooks')
        .values({
          series_id: await webhookSeries(server),
          url: webhookUrl(w),
          discord_id: '1',
          hint: 'abcd',
          created_by_user_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { method: 'DELETE', path: `/v3/series/WH/webhooks/${row.id}` };
    },
  },
  {
    name: 'POST /v3/series/{s}/players/{id} change_primary_name',
    expected: allow(200, ['user', 'admin']),
    call: async (w, { server }) => ({
      method: 'POST',
      path: `/v3/series/S1/players/${await claimedPlayer(server, w)}`,
      json: { action: 'change_primary_name', name: 'New Name' },
    }),
  },
];

describe.each(engines)('authorization matrix on %s', (engine) => {
  let server: TestServer;
  let seriesId: number;
  const prefix = engine === 'pglite' ? 'L' : 'P';
  beforeAll(async () => {
    ({ server, seriesId } = await startMatrixServer(engine));
  });
  afterAll(async () => {
    await ratingQueueIdle(server.db);
    await server.close();
  });

  it.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const mismatches: string[] = [];
    for (const actor of ACTORS) {
      const world = await makeWorld(server.db, seriesId, prefix);
      const call = await row.call(world, { server });
      const headers: Record<string, string> = { ...world.headers[actor] };
      if (call.json !== undefined) headers['content-type'] = 'application/json';
      const body = call.form ?? (call.json !== undefined ? JSON.stringify(call.json) : null);
      const response = await server.fetch(call.path, { method: call.method, headers, body });
      const text = await response.text();
      if (response.status !== row.expected[actor])
        mismatches.push(`${actor}: expected ${row.expected[actor]}, got ${response.status} ${text.slice(0, 200)}`);
      if (response.status >= 400) expect(JSON.parse(text)).toHaveProperty('error');
    }
    expect(mismatches).toEqual([]);
  });
});
