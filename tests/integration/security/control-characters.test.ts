import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture, steamId, type ReadFixture } from '#tests/helpers/read-fixtures.ts';
import { apiKeyFor, sessionFor } from '#tests/integration/auth/helpers.ts';
import { makeLog, reportForm } from '#tests/integration/ingestion/fixtures.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';

// The probe's reproducers: NUL (and other C0 control characters) in paths, queries, JSON bodies and uploads reached
// PostgreSQL ('invalid byte sequence for encoding "UTF8": 0x00') and answered 500.
describe.each(engines)('control characters in input on %s', (engine) => {
  let server: TestServer;
  let fx: ReadFixture;
  let admin: Record<string, string>;
  let alphaKey: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    fx = await buildReadFixture(server.db);
    admin = (await sessionFor(server.db, { discordId: '900000000000000002', admin: true })).headers;
    alphaKey = await apiKeyFor(server.db, fx.teams['ALPHA']!);
  });
  afterAll(async () => {
    await ratingQueueIdle(server.db);
    await server.close();
  });

  const expect400 = async (response: Response, pattern: RegExp, what: string) => {
    const body = (await response.json()) as { error: string };
    expect([what, response.status, body.error]).toEqual([what, 400, expect.stringMatching(pattern)]);
  };

  it('refuses NUL in every path segment and filter of the read API with a 400 naming it', async () => {
    const s = '/v3/series/S1';
    const cases: [string, string][] = [
      ['/v3/series/%00', 'series'],
      ['/v3/series/S%001/statistics', 'series'],
      ['/v3/series/%00/matches', 'series'],
      [`/v3/series/%00/matches/${fx.matches.public[0]}`, 'series'],
      ['/v3/series/%00/teams', 'series'],
      ['/v3/series/%00/teams/ALPHA', 'series'],
      ['/v3/series/%00/players', 'series'],
      [`/v3/series/%00/players/${steamId(1)}`, 'series'],
      [`${s}/teams/%00`, 'tag'],
      [`${s}/teams/AL%00PHA/players`, 'tag'],
      [`${s}/teams/%00/private-matches`, 'tag'],
      ['/v2/tournaments/%00', 'tag'],
      ['/v2/teams/%00/api-key', 'tag'],
      ['/v3/maps/%00/caps', 'map'],
      [`${s}/matches/1%00`, 'matchId'],
      [`${s}/players/%00`, 'steamId'],
      [`${s}/matches?tag=%00`, 'tag'],
      [`${s}/matches?team=ALPHA&team=%00`, 'team'],
      [`${s}/matches?tournament=CUP%00`, 'tournament'],
      [`${s}/matches?map=%00`, 'map'],
      [`${s}/players?query=%00`, 'query'],
      [`${s}/players?query=a%01b`, 'query'],
      [`${s}/teams?limit=%1F`, 'limit'],
      ['/v2/tournaments?active=%00', 'active'],
      ['/v3/logs?path=2026%00', 'path'],
    ];
    for (const [path, name] of cases) {
      await expect400(
        await server.fetch(path, { headers: admin }),
        new RegExp(`^Invalid parameter '${name}': must not contain control characters$`),
        path,
      );
    }
  });

  it('refuses \\u0000 in the JSON body of every write endpoint with a 400 naming the field, writing nothing', async () => {
    const s = '/v3/series/S1';
    const match = fx.matches.public[0];
    const cases: [string, string, unknown, string][] = [
      ['POST', '/v2/users/@me/claims', { steam_id: `${steamId(1)}\u0000` }, 'steam_id'],
      ['PUT', `/v2/users/@me/claims/${steamId(7)}`, { visibility: 'public\u0000' }, 'visibility'],
      ['POST', `${s}/matches/${match}`, { action: 'approve\u0000' }, 'action'],
      [
        'PATCH',
        `${s}/matches/${match}`,
        { streams: { 'caster\u0000': 'https://twitch.tv/c' } },
        'streams.caster\uFFFD',
      ],
      ['PATCH', `${s}/matches/${match}`, { streams: { caster: 'https://twitch.tv/\u0000' } }, 'streams.caster'],
      ['PATCH', `${s}/matches/${match}`, { winner: 'ALPHA\u0000' }, 'winner'],
      ['PUT', `${s}/matches/${match}/tournament`, { tournament: 'CUP\u0000' }, 'tournament'],
      [
        'PUT',
        `${s}/matches/${match}/cap_flips`,
        { cap_flips: [{ at: 1, side: 'Allies', new_score: '\u0000' }] },
        'cap_flips.0.new_score',
      ],
      ['PUT', `${s}/matches/${match}/layout`, { layout: ['Sector\u0000'] }, 'layout.0'],
      ['POST', `${s}/teams`, { name: 'New\u0000', tag: 'NEWT' }, 'name'],
      ['PATCH', `${s}/teams/ALPHA`, { name: 'Alpha\u0000' }, 'name'],
      ['POST', `${s}/teams/ALPHA`, { action: 'change_tag', new_tag: 'AL\u0000' }, 'new_tag'],
      ['POST', `${s}/players/${steamId(1)}`, { action: 'change_primary_name', name: 'x\u0000' }, 'name'],
      ['POST', '/v2/tournaments', { name: 'Cup', tag: 'NEWCUP', notes: { deep: ['\u0000'] } }, 'notes.deep.0'],
      ['PATCH', '/v2/tournaments/CUP', { description: 'Line one\nline\u0000two' }, 'description'],
      ['POST', '/v2/team-requests', { name: 'Req', tag: 'RQ\u0000' }, 'tag'],
    ];
    for (const [method, path, body, field] of cases) {
      const response = await server.fetch(path, {
        method,
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const escaped = field.replace(/[.]/g, '\\.');
      await expect400(response, new RegExp(`^Invalid field '${escaped}': must not contain control characters`), path);
    }
    expect(await server.db.selectFrom('teams').select('tag').where('tag', 'like', 'NEW%').execute()).toEqual([]);
    expect(await server.db.selectFrom('tournaments').select('tag').where('tag', '=', 'NEWCUP').execute()).toEqual([]);
  });

  it('refuses unpaired surrogates in JSON bodies (jsonb refuses them) with a 400 naming the field', async () => {
    const match = fx.matches.public[0];
    const cases: [string, string, string, string][] = [
      ['POST', '/v2/tournaments', '{"name":"x","tag":"LONE","note":"\\ud800"}', 'note'],
      ['PUT', `/v3/series/S1/matches/${match}/layout`, '{"layout":["\\udc00"]}', 'layout.0'],
      ['PATCH', `/v3/series/S1/matches/${match}`, '{"streams":{"a\\ud800":"https://twitch.tv/x"}}', 'streams.a\uFFFD'],
      ['PATCH', '/v3/series/S1/teams/ALPHA', '{"name":"A\\ud800"}', 'name'],
    ];
    for (const [method, path, body, field] of cases) {
      const response = await server.fetch(path, {
        method,
        headers: { ...admin, 'content-type': 'application/json' },
        body,
      });
      const message = `Invalid field '${field}': must be well-formed Unicode (no unpaired surrogates)`;
      expect([path, response.status, await response.json()]).toEqual([
        path,
        400,
        { error: message, code: 'InvalidField' },
      ]);
    }
  });

  it('still accepts line breaks and tabs in a multi-line text (a tournament description)', async () => {
    const response = await server.fetch('/v2/tournaments/CUP', {
      method: 'PATCH',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'Rules:\n\t1. Be nice\r\n' }),
    });
    expect(response.status).toBe(200);
  });

  it('refuses a report whose data.teams or form fields carry NUL (400 naming them), storing nothing', async () => {
    const log = { text: makeLog('hlu-csv', { seed: 5 }) };
    const post = (form: FormData) =>
      server.fetch('/v2/matches/serverlog', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${alphaKey}` },
      });
    await expect400(
      await post(reportForm({ teams: ['ALPHA', 'BRAVO\u0000'], kind: 'friendly' }, log)),
      /^Invalid field 'data\.teams': its 2nd value must not contain control characters$/,
      'data.teams',
    );
    await expect400(
      await post(reportForm({ teams: ['ALPHA', 'BRAVO'], kind: 'friendly' }, log, { title: 'Final\u0000' })),
      /^Invalid field 'title': must not contain control characters$/,
      'title',
    );
    await expect400(
      await post(reportForm({ teams: ['ALPHA', 'BRAVO'], kind: 'friendly' }, log, { username: 'me\u0007' })),
      /^Invalid field 'username': must not contain control characters$/,
      'username',
    );
    expect(
      await server.db.selectFrom('log_uploads').select('id').where('filename', '=', 'export.csv').execute(),
    ).toEqual([]);
  });

  it('accepts a log with NUL inside a player name: parsed text has it replaced, the upload is kept verbatim', async () => {
    const original = makeLog('hlu-csv', { seed: 9 });
    const name = /"player_join_server","([^"]+)"/.exec(original)?.[1];
    expect(name).toBeTruthy();
    const hostile = `Nu\u0000ll\u0001`;
    const text = original.replaceAll(name!, hostile);
    const response = await server.fetch('/v2/matches/serverlog', {
      method: 'POST',
      body: reportForm({ teams: ['ALPHA', 'BRAVO'], kind: 'friendly' }, { text, name: 'nul\u0000.csv' }),
      headers: { authorization: `Bearer ${alphaKey}` },
    });
    expect(response.status).toBe(201);
    const { match_id } = (await response.json()) as { match_id: number };
    const names = await server.db
      .selectFrom('player_match_stats')
      .innerJoin('players', 'players.steam_id', 'player_match_stats.steam_id')
      .select('players.name')
      .where('player_match_stats.match_id', '=', match_id)
      .execute();
    expect(names.map((n) => n.name)).toContain('Nu\uFFFDll\uFFFD');
    const upload = await server.db
      .selectFrom('log_uploads')
      .innerJoin('matches', 'matches.log_upload_id', 'log_uploads.id')
      .select(['log_uploads.content', 'log_uploads.filename'])
      .where('matches.id', '=', match_id)
      .executeTakeFirstOrThrow();
    expect(new TextDecoder().decode(upload.content)).toBe(text);
    expect(upload.filename).toBe('nul\uFFFD.csv');
  });
});
