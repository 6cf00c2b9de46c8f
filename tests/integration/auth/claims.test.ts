import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { startFakeSteam } from '#tests/fake-steam/server.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { claimReviewSchema } from '#lib/schemas/claim.ts';
import { messages } from '#lib/server/core/messages.ts';
import { insertMatch, insertPlayedFor, insertPlayer, insertTeam, sessionFor, type Credentials } from './helpers.ts';

// Configuration is read once per process: one fake Steam serves both engines' servers. No other network is used.
const fake = await startFakeSteam();
const env = { STEAM_OPENID_URL: fake.url, PUBLIC_URL: 'http://hss.example.org' };
afterAll(() => fake.close());

const id = (n: number) => `7656119800000${String(n).padStart(4, '0')}`;

describe.each(engines)('profile claims need proof on %s', (engine) => {
  let server: TestServer;
  let admin: Credentials;
  let managerA: Credentials;
  let managerC: Credentials;
  let stranger: Credentials;
  let owner: Credentials;
  let other: Credentials;
  beforeAll(async () => {
    server = await startTestServer(engine, env);
    await createSeries(server.db, { tag: 'S1', name: 'Season 1', current: true });
    const seriesId = (await server.db.selectFrom('series').select('id').executeTakeFirstOrThrow()).id;
    const alpha = { id: await insertTeam(server.db, 'ALPHA'), tag: 'ALPHA' };
    const bravo = { id: await insertTeam(server.db, 'BRAVO'), tag: 'BRAVO' };
    const charlie = await insertTeam(server.db, 'CHARLIE');
    const match = await insertMatch(server.db, {
      seriesId,
      winner: alpha,
      loser: bravo,
      submittedBy: alpha.id,
      status: 'posted',
    });
    for (let n = 1; n <= 9; n++) await insertPlayer(server.db, id(n), `Player ${n}`);
    for (const n of [2, 3, 4]) await insertPlayedFor(server.db, id(n), match, alpha.id);
    admin = await sessionFor(server.db, { discordId: '700000000000000001', name: 'Admin', admin: true });
    managerA = await sessionFor(server.db, {
      discordId: '700000000000000002',
      name: 'Alpha boss',
      manages: [alpha.id],
    });
    managerC = await sessionFor(server.db, { discordId: '700000000000000003', manages: [charlie] });
    stranger = await sessionFor(server.db, { discordId: '700000000000000004', name: 'Stranger' });
    owner = await sessionFor(server.db, { discordId: '700000000000000005', name: 'Owner' });
    other = await sessionFor(server.db, { discordId: '700000000000000006', name: 'Other' });
  });
  afterAll(async () => {
    await ratingQueueIdle(server.db);
    await server.close();
  });

  const call = (as: Credentials | null, method: string, path: string, json?: unknown) =>
    server.fetch(path, {
      method,
      headers: { ...(as?.headers ?? {}), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? null : JSON.stringify(json),
    });
  const claimRow = (steamId: string, who: Credentials) =>
    server.db
      .selectFrom('profile_claims')
      .select(['status', 'proof', 'decided_by_user_id'])
      .where('steam_id', '=', steamId)
      .where('user_id', '=', who.userId)
      .executeTakeFirst();
  const player = (steamId: string) =>
    server.db
      .selectFrom('players')
      .select(['visibility', 'primary_name'])
      .where('steam_id', '=', steamId)
      .executeTakeFirstOrThrow();

  it("reproducer: a stranger's claim neither hides nor renames the profile", async () => {
    const claimed = await call(stranger, 'POST', '/v2/users/@me/claims', { steam_id: id(1) });
    expect(claimed.status).toBe(201);
    const hide = await call(stranger, 'PUT', `/v2/users/@me/claims/${id(1)}`, { visibility: 'private' });
    expect(hide.status).toBe(403);
    expect(await claimed.json()).toEqual({ steam_id: id(1), visibility: 'public', status: 'pending' });
    expect(await hide.json()).toEqual({ error: messages.claimPending(id(1)), code: 'ClaimPending' });
    const rename = await call(stranger, 'POST', `/v3/series/S1/players/${id(1)}`, {
      action: 'change_primary_name',
      name: 'Hijacked',
    });
    expect(rename.status).toBe(403);
    expect(await player(id(1))).toEqual({ visibility: 'public', primary_name: null });
    const seen = await call(null, 'GET', `/v3/series/S1/players/${id(1)}`);
    expect(seen.status).toBe(200);
    expect(await seen.json()).toMatchObject({ name: 'Player 1', claimed: false, visibility: 'public' });
    expect(await (await call(stranger, 'GET', '/v2/users/@me')).json()).toMatchObject({ my_steam_ids: [] });
    // Claiming again answers the same pending claim; a second claimant is not blocked by the first.
    expect(await (await call(stranger, 'POST', '/v2/users/@me/claims', { steam_id: id(1) })).json()).toMatchObject({
      status: 'pending',
    });
    expect((await call(other, 'POST', '/v2/users/@me/claims', { steam_id: id(1) })).status).toBe(201);
    expect((await call(stranger, 'POST', '/v2/users/@me/claims', { steam_id: id(99) })).status).toBe(404);
    expect((await call(stranger, 'POST', '/v2/users/@me/claims', { steam_id: 'abc' })).status).toBe(400);
  });

  /** Starts a proof as `who` and returns the provider address the browser is sent to. */
  async function startProof(who: Credentials, redirect = '/my-profile'): Promise<string> {
    const response = await call(who, 'GET', `/v2/auth/steam/login?redirect_uri=${encodeURIComponent(redirect)}`);
    expect(response.status).toBe(302);
    return response.headers.get('location') ?? '';
  }
  /** Brings the browser back from Steam to the callback as `who`; answers where it is sent next. */
  async function finish(who: Credentials | null, back: URL): Promise<string> {
    const response = await call(who, 'GET', back.pathname + back.search);
    expect(response.status).toBe(302);
    return response.headers.get('location') ?? '';
  }

  it('a Steam sign-in proves the id: the claim takes effect at once and other claims of it are rejected', async () => {
    const login = new URL(await startProof(owner));
    expect(login.origin + login.pathname).toBe(fake.url);
    expect(Object.fromEntries(login.searchParams)).toMatchObject({
      'openid.mode': 'checkid_setup',
      'openid.realm': 'http://hss.example.org',
    });
    expect(login.searchParams.get('openid.return_to')).toMatch(
      /^http:\/\/hss\.example\.org\/v2\/auth\/steam\/callback\?state=[\w-]{40,}$/,
    );
    const back = fake.approve(login.toString(), id(1));
    expect(await finish(owner, back)).toBe('/my-profile');
    expect(await claimRow(id(1), owner)).toEqual({ status: 'approved', proof: 'steam', decided_by_user_id: null });
    expect((await claimRow(id(1), stranger))?.status).toBe('rejected');
    expect((await claimRow(id(1), other))?.status).toBe('rejected');
    expect((await call(owner, 'PUT', `/v2/users/@me/claims/${id(1)}`, { visibility: 'private' })).status).toBe(200);
    expect((await call(null, 'GET', `/v3/series/S1/players/${id(1)}`)).status).toBe(403);
    expect(await (await call(owner, 'GET', '/v2/users/@me')).json()).toMatchObject({ my_steam_ids: [id(1)] });
    // The same assertion brought back again finds its state used up.
    expect(await finish(owner, back)).toBe('/my-profile?login_error=invalid-state');
    expect(fake.refusals).toEqual([]);
  });

  it('refuses whatever Steam did not vouch for, in catalogue words, before asking it when the shape is wrong', async () => {
    const refusedWith = async (change: (back: URL) => void, who: Credentials | null = owner) => {
      const back = fake.approve(await startProof(owner, '/statistics'), id(5));
      change(back);
      return finish(who, back);
    };
    const asked = fake.verifications;
    expect(await refusedWith((b) => b.searchParams.set('openid.return_to', 'http://evil.example/cb'))).toBe(
      '/statistics?login_error=steam-refused',
    );
    expect(await refusedWith((b) => b.searchParams.set('openid.mode', 'cancel'))).toBe(
      '/statistics?login_error=steam-cancelled',
    );
    expect(await refusedWith((b) => b.searchParams.set('openid.mode', 'setup_needed'))).toContain('steam-refused');
    expect(
      await refusedWith((b) => {
        b.searchParams.set('openid.claimed_id', 'https://steamcommunity.com/openid/id/123');
        b.searchParams.set('openid.identity', 'https://steamcommunity.com/openid/id/123');
      }),
    ).toContain('steam-refused');
    expect(await refusedWith((b) => b.searchParams.set('openid.signed', 'signed,claimed_id,identity'))).toContain(
      'steam-refused',
    );
    expect(await refusedWith((b) => b.searchParams.set('openid.op_endpoint', 'http://evil.example/openid'))).toContain(
      'steam-refused',
    );
    expect(await refusedWith((b) => b.searchParams.set('openid.response_nonce', '2001-01-01T00:00:00Zabc'))).toContain(
      'steam-refused',
    );
    // Someone else's browser cannot finish this user's proof, nor can a signed-out one.
    expect(await refusedWith(() => {}, stranger)).toContain('login_error=invalid-state');
    expect(await refusedWith(() => {}, null)).toContain('login_error=steam-signed-out');
    expect(fake.verifications).toBe(asked);
    // A well-formed assertion about another id than Steam signed: Steam says it is not valid.
    const forged = (b: URL) => {
      b.searchParams.set('openid.claimed_id', `https://steamcommunity.com/openid/id/${id(6)}`);
      b.searchParams.set('openid.identity', `https://steamcommunity.com/openid/id/${id(6)}`);
    };
    expect(await refusedWith(forged)).toBe('/statistics?login_error=steam-refused');
    expect(fake.refusals).toEqual(['signature']);
    fake.refusals.length = 0;
    expect(await finish(owner, fake.approve(await startProof(owner), id(42)))).toBe(
      '/my-profile?login_error=steam-unknown-player',
    );
    expect(await claimRow(id(5), owner)).toBeUndefined();
    expect(await claimRow(id(6), owner)).toBeUndefined();
    expect((await call(null, 'GET', '/v2/auth/steam/login?redirect_uri=/my-profile')).headers.get('location')).toBe(
      '/my-profile?login_error=steam-signed-out',
    );
    expect((await call(owner, 'GET', '/v2/auth/steam/login?redirect_uri=//evil.example')).status).toBe(400);
  });

  it('a pending claim waits for an admin or a manager of a team the player played for', async () => {
    for (const n of [2, 3, 4, 7])
      expect((await call(stranger, 'POST', '/v2/users/@me/claims', { steam_id: id(n) })).status).toBe(201);
    const queue = async (who: Credentials) => {
      const response = await call(who, 'GET', '/v2/claims');
      expect(response.status).toBe(200);
      return claimReviewSchema.array().parse(await response.json());
    };
    expect((await queue(managerC)).map((c) => c.steam_id)).toEqual([]);
    expect((await queue(stranger)).map((c) => c.steam_id)).toEqual([]);
    expect((await queue(managerA)).map((c) => c.steam_id)).toEqual([id(2), id(3), id(4)]);
    expect((await queue(admin)).map((c) => c.steam_id)).toEqual(expect.arrayContaining([id(2), id(7)]));
    expect((await queue(managerA))[0]).toMatchObject({
      player_name: 'Player 2',
      user_id: stranger.userId,
      user_name: 'Stranger',
      teams: ['ALPHA'],
    });

    const decide = (who: Credentials, n: number, action: string, user = stranger) =>
      call(who, 'POST', `/v2/claims/${id(n)}/${user.userId}`, { action });
    const refused = await decide(managerC, 2, 'approve');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: messages.claimReviewForbidden, code: 'ClaimReviewForbidden' });
    expect((await decide(stranger, 2, 'approve')).status).toBe(403);
    expect((await claimRow(id(2), stranger))?.status).toBe('pending');

    const approved = await decide(managerA, 2, 'approve');
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({ steam_id: id(2), user_id: stranger.userId, status: 'approved' });
    expect(await claimRow(id(2), stranger)).toEqual({
      status: 'approved',
      proof: 'review',
      decided_by_user_id: managerA.userId,
    });
    expect((await call(stranger, 'PUT', `/v2/users/@me/claims/${id(2)}`, { visibility: 'private' })).status).toBe(200);
    expect((await decide(managerA, 2, 'reject')).status).toBe(409);

    expect((await decide(managerA, 3, 'reject')).status).toBe(200);
    expect(await player(id(3))).toEqual({ visibility: 'public', primary_name: null });
    expect((await decide(admin, 7, 'approve')).status).toBe(200);
    expect((await decide(admin, 7, 'approve', other)).status).toBe(404);
    expect((await call(admin, 'POST', `/v2/claims/${id(4)}/x`, { action: 'approve' })).status).toBe(404);
    expect((await call(admin, 'POST', `/v2/claims/${id(4)}/${stranger.userId}`, { action: 'maybe' })).status).toBe(400);

    // A manager's word is proof for their players, not for themselves.
    expect((await call(managerA, 'POST', '/v2/users/@me/claims', { steam_id: id(4) })).status).toBe(201);
    expect((await decide(managerA, 4, 'approve', managerA)).status).toBe(403);
    const audit = await server.db.selectFrom('audit_log').select('action').where('entity_id', '=', id(2)).execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['profile.claim', 'profile.claim.approve', 'profile.visibility']),
    );
  });

  it('/my-profile shows the claimant each claim and its state, and reviewers their queue', async () => {
    const page = async (who: Credentials) => {
      const response = await call(who, 'GET', '/my-profile?series=S1');
      expect(response.status).toBe(200);
      return response.text();
    };
    const mine = await page(stranger);
    expect(mine).toContain('Waiting for approval');
    expect(mine).toContain('Claim rejected');
    expect(mine).toContain('Yours');
    expect(mine).toContain(`/v2/auth/steam/login?redirect_uri=%2Fmy-profile`);
    expect(mine).not.toContain('Claims to review');
    const boss = await page(managerA);
    expect(boss).toContain('Claims to review');
    expect(boss).toContain('Player 4');
    expect(boss).not.toContain('Player 7');
    expect(await page(managerC)).toContain('No claims waiting');

    const playerPage = async (who: Credentials, n: number) =>
      (await call(who, 'GET', `/statistics/players/${id(n)}?series=S1`)).text();
    expect(await playerPage(stranger, 3)).toContain('Your claim');
    expect(await playerPage(stranger, 3)).toContain('Claim rejected');
    expect(await playerPage(stranger, 3)).not.toContain('Is this you?');
    expect(await playerPage(stranger, 5)).toContain('Is this you?');
    expect(await playerPage(managerA, 4)).toContain('Withdraw claim');
    expect(await playerPage(managerC, 4)).not.toContain('Your claim');
  });
});
