import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { REPORTS_PER_MINUTE } from '#lib/server/services/ingestion/limits.ts';
import { makeLog, seedTeams } from './fixtures.ts';

/** A game played `hoursAgo` hours ago (recent: HLU sends no 'backdated'). */
const recent = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();

// HLL Log Utilities' upload (lib/hss/api.py): multipart `data` (JSON), `username` and `file` named export.csv, with
// the team's key as a Bearer token. On any answer but 201 it sends the same request once more, and by then its file
// object has been read: the second request carries an empty file.
describe.each(engines)("HLU's retry of a refused upload on %s", (engine) => {
  // The server module (and its rate limiter and kept refusals) is shared by both engines' servers in this process.
  const suffix = engine === 'pglite' ? 'L' : 'P';
  const tag = (name: string) => `${name}${suffix}`;
  let server: TestServer;
  let keys: Record<string, { id: number; key: string }>;

  const hluRequest = (key: string, teams: string[], file: string) => {
    const form = new FormData();
    form.set('data', JSON.stringify({ teams, kind: 'competitive' }));
    form.set('username', 'hlu-user#0001');
    form.set('file', new Blob([file], { type: 'text/csv' }), 'export.csv');
    return server.fetch('/v2/matches/serverlog', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${key}` },
    });
  };
  const answer = async (response: Response) => ({ status: response.status, body: await response.json() });
  /** HLU's sequence: the upload, refused, then the same request with an empty file. Both answers. */
  const uploadAndRetry = async (name: string, teams: string[], file: string) => {
    const key = keys[tag(name)]!.key;
    const first = await answer(await hluRequest(key, teams, file));
    const retry = await answer(await hluRequest(key, teams, ''));
    return { first, retry };
  };

  beforeAll(async () => {
    server = await startTestServer(engine, { MAX_UPLOAD_MB: '1' });
    keys = await seedTeams(
      server.db,
      ['DRAW', 'DUP', 'BIG', 'FLOOD', 'DOWN', 'FOE', 'EMPTY'].map((name) => tag(name)),
    );
  });
  afterAll(async () => {
    await ratingQueueIdle(server.db);
    await server.close();
  });

  it('answers the retry of a 2-2 competitive result with the 400 that names the result', async () => {
    const draw = makeLog('hlu-csv', { seed: 601, start: recent(3), alliedScore: 2, axisScore: 2 });
    const { first, retry } = await uploadAndRetry('DRAW', [tag('DRAW'), tag('FOE')], draw);
    expect(first.status).toBe(400);
    expect(first.body.error).toMatch(/result is '2-2'/);
    // What an HLU user can do about it, said in the first refusal already.
    expect(first.body.error).toContain('report it again as a friendly (in HLL Log Utilities: type Friendly)');
    expect(first.body.error).toContain("on the site's report form");
    expect(retry).toEqual(first);
  });

  it('answers the retry of a duplicate game with the 409 that names the match', async () => {
    const game = makeLog('hlu-csv', { seed: 602, start: recent(12) });
    const original = await hluRequest(keys[tag('FOE')]!.key, [tag('FOE'), tag('DUP')], game);
    expect(original.status).toBe(201);
    const { first, retry } = await uploadAndRetry('DUP', [tag('DUP'), tag('FOE')], game);
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ match_id: expect.any(Number) });
    expect(retry).toEqual(first);
  });

  it('answers the retry of a file over the limit with the 413', async () => {
    const big = makeLog('hlu-csv', { seed: 603, start: recent(7) }).padEnd(1_200_000, '\n');
    const { first, retry } = await uploadAndRetry('BIG', [tag('BIG'), tag('FOE')], big);
    expect(first.status).toBe(413);
    expect(first.body.error).toMatch(/larger than the limit of 1 MB/);
    expect(retry).toEqual(first);
  });

  it('answers the retry of a rate-limited upload with the 429', async () => {
    const key = keys[tag('FLOOD')]!.key;
    for (let n = 0; n < REPORTS_PER_MINUTE; n++) await (await hluRequest(key, [tag('FLOOD')], 'x')).arrayBuffer();
    const game = makeLog('hlu-csv', { seed: 604, start: recent(9) });
    const { first, retry } = await uploadAndRetry('FLOOD', [tag('FLOOD'), tag('FOE')], game);
    expect(first.status).toBe(429);
    expect(first.body.error).toMatch(/^Too many/);
    expect(retry.status).toBe(429);
    expect(retry.body.error).toMatch(/^Too many/);
  });

  it('answers the retry of an upload the database could not take with the 503', async () => {
    // The database gives up on the match's insert as it does on a statement past its timeout.
    await sql`create function hss_test_cancel() returns trigger language plpgsql as $$ begin raise exception 'canceling statement due to statement timeout' using errcode = '57014'; end $$`.execute(
      server.db,
    );
    await sql`create trigger hss_test_cancel before insert on matches for each statement execute function hss_test_cancel()`.execute(
      server.db,
    );
    try {
      const game = makeLog('hlu-csv', { seed: 605, start: recent(1) });
      const { first, retry } = await uploadAndRetry('DOWN', [tag('DOWN'), tag('FOE')], game);
      expect(first.status).toBe(503);
      expect(first.body.error).toMatch(/database took too long/);
      expect(retry).toEqual(first);
    } finally {
      await sql`drop trigger hss_test_cancel on matches`.execute(server.db);
      await sql`drop function hss_test_cancel()`.execute(server.db);
    }
  });

  it('answers an empty log with no refusal before it as an empty log, and a refusal only once', async () => {
    const key = keys[tag('EMPTY')]!.key;
    const empty = await answer(await hluRequest(key, [tag('EMPTY'), tag('FOE')], ''));
    expect(empty).toMatchObject({ status: 400, body: { error: 'The log is empty.' } });
    const draw = makeLog('hlu-csv', { seed: 606, start: recent(13), alliedScore: 2, axisScore: 2 });
    expect((await hluRequest(key, [tag('EMPTY'), tag('FOE')], draw)).status).toBe(400);
    expect((await answer(await hluRequest(key, [tag('EMPTY'), tag('FOE')], ''))).body.error).toMatch(/'2-2'/);
    expect((await answer(await hluRequest(key, [tag('EMPTY'), tag('FOE')], ''))).body.error).toBe('The log is empty.');
  });
});
