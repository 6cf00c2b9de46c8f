import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { insertTournament, makeLog, reportForm, seedTeams, seedUser, twoMatchLog } from './fixtures.ts';

/** One game of the HLU examples (../shared/data/hll), in the export format `ext`. */
const example = (ext: 'csv' | 'json' | 'txt') =>
  readFileSync(new URL(`../../fixtures/hll/hlu-example-logs.${ext}`, import.meta.url), 'utf8');

// The server module (and its in-memory rate limiter) is shared by both engines' servers in this process, and the
// limiter counts per team tag: each engine gets its own tags.
describe.each(engines)('POST /v2/matches/serverlog on %s', (engine) => {
  const suffix = engine === 'pglite' ? 'L' : 'P';
  const A = `ALPHA${suffix}`;
  const B = `BRAVO${suffix}`;
  const C = `CHARLIE${suffix}`;
  const R = `LIMIT${suffix}`;
  let server: TestServer;
  let teams: Record<string, { id: number; key: string }>;
  // Reported as HLU sends it (no 'backdated'): a game of two days ago.
  const csv = makeLog('hlu-csv', { seed: 41, start: new Date(Date.now() - 2 * 86_400_000).toISOString() });

  const post = (form: FormData | undefined, headers: Record<string, string> = {}, body?: BodyInit) =>
    server.fetch('/v2/matches/serverlog', { method: 'POST', body: body ?? form ?? null, headers });
  const asTeam = (tag: string) => ({ authorization: `Bearer ${teams[tag]!.key}` });
  const competitive = () => ({ teams: [A, B], kind: 'competitive' });

  beforeAll(async () => {
    server = await startTestServer(engine, { MAX_UPLOAD_MB: '1' });
    teams = await seedTeams(server.db, [B, A, C, R, 'zulu']);
    await server.db.updateTable('teams').set({ deleted_at: new Date() }).where('tag', '=', 'zulu').execute();
    await insertTournament(server.db, `CUP${suffix}`);
  });
  afterAll(async () => {
    await ratingQueueIdle(server.db);
    await server.close();
  });

  it('GET /v2/teams lists the live teams as {tag, name} sorted by tag', async () => {
    const response = await server.fetch('/v2/teams');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([A, B, C, R].sort().map((tag) => ({ tag, name: `Team ${tag}` })));
  });

  it('accepts the request exactly as HLU sends it and answers a resend with the same match', async () => {
    const form = () => {
      const f = new FormData();
      f.set('data', JSON.stringify({ teams: [A, B], kind: 'competitive' }));
      f.set('username', 'someuser#1234');
      f.set('file', new Blob([csv], { type: 'text/plain; charset=utf-8' }), 'export.csv');
      return f;
    };
    const first = await post(form(), asTeam(B));
    expect(first.status).toBe(201);
    const body = (await first.json()) as { match_id: number; series: string };
    expect(body).toEqual({ match_id: expect.any(Number), series: 'S1' });
    const resend = await post(form(), asTeam(B));
    expect([resend.status, await resend.json()]).toEqual([201, body]);
    const rows = await server.db
      .selectFrom('matches')
      .select(['id', 'submitted_by_tag', 'submitted_by_username', 'calculation_status', 'log_format'])
      .execute();
    expect(rows).toEqual([
      {
        id: body.match_id,
        submitted_by_tag: B,
        submitted_by_username: 'someuser#1234',
        calculation_status: 'pending',
        log_format: 'hlu-csv',
      },
    ]);
    const upload = await server.db
      .selectFrom('log_uploads')
      .select(['filename', 'path', 'content'])
      .executeTakeFirstOrThrow();
    expect(upload.filename).toBe('export.csv');
    expect(upload.path).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{16}-export\.csv$/);
    expect(Buffer.from(upload.content).toString('utf8')).toBe(csv);
  });

  it('refuses a second report of one game (another format, the other team, a close start) and names the first', async () => {
    const file = (ext: 'csv' | 'json' | 'txt') => ({ text: example(ext), name: `example.${ext}` });
    const form = (teams: string[], f: { text: string; name: string }, fields?: Record<string, string>) =>
      reportForm({ teams, kind: 'competitive' }, f, fields);
    const first = await post(form([A, C], file('csv')), asTeam(A));
    expect(first.status).toBe(201);
    const body = (await first.json()) as { match_id: number; series: string };
    const refused = {
      error: `This game has already been reported as match ${body.match_id}: approve or dispute that match instead of reporting it again`,
      code: 'ReportSameGame',
      match_id: body.match_id,
      series: 'S1',
    };
    const answers = async (response: Response) => [response.status, await response.json()];
    // The opponent uploads its JSON export of the same game: same teams, map and start, same players and kills.
    expect(await answers(await post(form([C, A], file('json')), asTeam(C)))).toEqual([409, refused]);
    // The text export under a third team's name: only the players and their kill times say it is the same game.
    expect(await answers(await post(form([A, R], file('txt'), { year: '2024' }), asTeam(A)))).toEqual([409, refused]);
    // Another log of the same two teams on the same map, started three minutes later, is the same game too...
    const close = makeLog('hlu-csv', { seed: 46, map: 'carentan', start: '2024-05-12T19:05:00Z' });
    expect(await answers(await post(form([C, A], { text: close, name: 'c.csv' }), asTeam(C)))).toEqual([409, refused]);
    // ...but not one started twenty minutes later.
    const later = makeLog('hlu-csv', { seed: 46, map: 'carentan', start: '2024-05-12T19:22:14Z' });
    expect((await post(form([C, A], { text: later, name: 'l.csv' }), asTeam(C))).status).toBe(201);
    // HLU's retry of the identical file still answers 201 with the first match.
    expect(await answers(await post(form([A, C], file('csv')), asTeam(A)))).toEqual([201, body]);
    const stored = await server.db
      .selectFrom('matches')
      .select(sql<number>`count(*)`.as('n'))
      .where('date', '<', new Date('2025-01-01T00:00:00Z'))
      .executeTakeFirstOrThrow();
    expect(stored.n).toBe(2);
  });

  it('answers 401 with a JSON error without a key or with an unknown key', async () => {
    for (const headers of [{}, { authorization: 'Bearer hss_not-a-real-key-000000000000000000000000000000' }]) {
      const response = await post(reportForm(competitive(), { text: csv }), headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await response.json()) as { error: string }).error).toMatch(/valid authorization/);
    }
  });

  it('answers 403 to a key of a third team', async () => {
    const response = await post(reportForm(competitive(), { text: csv }), asTeam(C));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: `You may only report a match of a team you act for, and you act for neither ${A} nor ${B}`,
      code: 'ReportNotForTeam',
    });
  });

  it.each([
    ['data is not JSON', '{"teams": [', { text: 'x' }, {}, "Invalid field 'data': it is not valid JSON"],
    ['data lacks the kind', '{"teams": ["X1", "X2"]}', { text: 'x' }, {}, /^Invalid field 'data.kind'/],
    ['the file is missing', null, undefined, {}, "Missing field 'file': attach the log file"],
    ['the format is unknown', null, { text: 'hello\nworld\n' }, {}, /Could not recognise the log format/],
    ['the format field is invalid', null, { text: 'x' }, { format: 'xml' }, /^Invalid field 'format'/],
    [
      'the result is not allowed',
      null,
      {},
      { result: '2-1' },
      "Result '2-1' is not allowed for a competitive match: use 5-0, 4-1 or 3-2",
    ],
    ['the map is unknown', null, {}, { map: 'Atlantis' }, "Unknown map 'Atlantis'"],
    ['the date is invalid', null, {}, { date: 'yesterday' }, /^Invalid field 'date'/],
    ['the tournament is unknown', null, {}, { event: 'NOPE' }, "Tournament 'NOPE' does not exist"],
    ['there is no complete match', null, { text: 'x' }, {}, /no complete match/],
  ] as const)('answers 400 when %s', async (_name, data, file, fields, error) => {
    const text = file === undefined ? undefined : 'text' in file ? file.text : csv;
    const noMatch = typeof error !== 'string' && error.source === 'no complete match';
    const content = noMatch
      ? csv
          .split('\n')
          .filter((l) => !l.includes('server_match_end'))
          .join('\n')
      : text;
    const form = reportForm(data ?? competitive(), content === undefined ? undefined : { text: content }, fields);
    const response = await post(form, asTeam(A));
    const body = (await response.json()) as { error: string };
    expect(response.status).toBe(400);
    if (typeof error === 'string') expect(body.error).toBe(error);
    else expect(body.error).toMatch(error);
  });

  it('answers 400 for the same team twice, an event without tournament and a body that is not multipart', async () => {
    const same = await post(reportForm({ teams: [A, A.toLowerCase()], kind: 'competitive' }, { text: csv }), asTeam(A));
    expect([same.status, await same.json()]).toEqual([
      400,
      { error: 'The winner and the loser must be two different teams', code: 'ReportSameTeams' },
    ]);
    const event = await post(reportForm({ teams: [A, B], kind: 'event' }, { text: csv }), asTeam(A));
    expect([event.status, await event.json()]).toEqual([
      400,
      { error: "An event match needs its tournament tag in the 'event' field", code: 'ReportEventNeedsTournament' },
    ]);
    const json = await post(undefined, { ...asTeam(A), 'content-type': 'application/json' }, '{}');
    expect([json.status, await json.json()]).toEqual([
      400,
      {
        error: "The request must be multipart/form-data with the fields 'data' and 'file'",
        code: 'ReportNotMultipart',
      },
    ]);
  });

  it('answers MultipleMatches with the candidates, then reports the match chosen by index into the tournament', async () => {
    const text = twoMatchLog('rcon');
    const response = await post(reportForm(competitive(), { text, name: 'rcon.log' }), asTeam(A));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; code: string; matches: { index: number }[] };
    expect([body.error, body.code]).toEqual([
      "The log holds 2 complete matches: choose one with the 'match' field (0-1); 'matches' lists them",
      'MultipleMatches',
    ]);
    expect(body.matches.map((m) => m.index)).toEqual([0, 1]);
    const chosen = await post(
      reportForm(
        { teams: [A, B], kind: 'event' },
        { text, name: 'rcon.log' },
        { match: '1', victor_side: 'Axis', event: `cup${suffix}` },
      ),
      asTeam(A),
    );
    expect(chosen.status).toBe(201);
    const { match_id } = (await chosen.json()) as { match_id: number };
    const row = await server.db
      .selectFrom('matches')
      .innerJoin('tournaments', 'tournaments.id', 'matches.tournament_id')
      .select(['matches.map', 'matches.result', 'matches.type', 'tournaments.tag'])
      .where('matches.id', '=', match_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ map: 'foy', result: '4-1', type: 'event', tag: `CUP${suffix}` });
  });

  it('answers 413 past the upload limit, by Content-Length and for a streamed body without one', async () => {
    const big = `${csv}\n${'x'.repeat(1_200_000)}`;
    const sized = await post(reportForm(competitive(), { text: big }), asTeam(A));
    expect([sized.status, await sized.json()]).toEqual([
      413,
      { error: 'The upload is larger than the limit of 1 MB', code: 'ReportUploadTooLarge' },
    ]);
    const request = new Request('http://localhost/', {
      method: 'POST',
      body: reportForm(competitive(), { text: big }),
    });
    const streamed = await server.fetch('/v2/matches/serverlog', {
      method: 'POST',
      body: request.body,
      headers: { ...asTeam(A), 'content-type': request.headers.get('content-type') ?? '' },
      duplex: 'half',
    } as RequestInit);
    expect([streamed.status, await streamed.json()]).toEqual([
      413,
      { error: 'The upload is larger than the limit of 1 MB', code: 'ReportUploadTooLarge' },
    ]);
  });

  it('lets a signed-in admin report straight into the queue and a manager report for the team', async () => {
    const admin = await seedUser(server.db, `9${suffix === 'L' ? 1 : 2}01`, ['ADMIN']);
    const stream = 'https://twitch.tv/charlie_caster';
    const response = await post(
      reportForm(
        { teams: [C, B], kind: 'competitive' },
        { text: makeLog('hlu-json', { seed: 43 }), name: 'a.json' },
        { url: stream },
      ),
      admin.headers,
    );
    expect(response.status).toBe(201);
    const { match_id, series } = (await response.json()) as { match_id: number; series: string };
    // The Stream URL of the report is shown with the match, named after the reporter (no team: the admin's name).
    const shown = (await (await server.fetch(`/v3/series/${series}/matches/${match_id}`)).json()) as {
      streams: Record<string, string>;
    };
    expect(shown.streams).toEqual({ [`user9${suffix === 'L' ? 1 : 2}01 (reporter)`]: stream });
    const audit = await server.db
      .selectFrom('audit_log')
      .select(['after', 'actor_user_id'])
      .where('entity_id', '=', String(match_id))
      .where('action', '=', 'match.report')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ actor_user_id: admin.userId, after: expect.objectContaining({ status: 'queued' }) });

    const manager = await seedUser(server.db, `9${suffix === 'L' ? 1 : 2}02`, ['TEAM_MANAGER'], [teams[C]!.id]);
    const friendly = await post(
      reportForm(
        { teams: [A, C], kind: 'friendly' },
        { text: makeLog('hlu-txt', { seed: 44 }), name: 'b.txt' },
        { year: '2026' },
      ),
      manager.headers,
    );
    expect(friendly.status).toBe(201);
    const row = await server.db
      .selectFrom('matches')
      .select(['calculation_status', 'submitted_by_tag', 'submitted_by_user_id', 'log_format'])
      .where('id', '=', ((await friendly.json()) as { match_id: number }).match_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      calculation_status: 'skipped',
      submitted_by_tag: C,
      submitted_by_user_id: manager.userId,
      log_format: 'hlu-txt',
    });
  });

  it('answers 429 with Retry-After past 30 reports a minute for one key', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await post(reportForm('not json', { text: 'x' }), asTeam(R)).catch((e: unknown) => {
        throw new Error(`request ${i}: ${String(e)}`);
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(((await response.json()) as { error: string }).error).toMatch(/Too many requests/);
      } else await response.body?.cancel();
    }
    expect(statuses.filter((s) => s === 400).length).toBe(30);
    expect(statuses.at(-1)).toBe(429);
    const count = await server.db
      .selectFrom('matches')
      .select(sql<number>`count(*)`.as('n'))
      .where('submitted_by_tag', '=', R)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(0);
  });
});
