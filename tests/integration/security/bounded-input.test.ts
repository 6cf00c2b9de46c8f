import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture, type ReadFixture } from '#tests/helpers/read-fixtures.ts';
import { sessionFor } from '#tests/integration/auth/helpers.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';

// The second probe: a 200 MB JSON body was read whole; 25 layout entries of 2 MB each were stored and served to
// every visitor; JSON nested 2,000 deep answered 500; a body trickled in was held for 110 s; `javascript:` and `ftp:`
// addresses were stored as tournament invites and icons.
describe.each(engines)('bounded input on %s', (engine) => {
  let server: TestServer;
  let fx: ReadFixture;
  let admin: Record<string, string>;
  const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { requestTimeoutMs: 1_500 });
    fx = await buildReadFixture(server.db);
    admin = (await sessionFor(server.db, { discordId: '900000000000000003', admin: true })).headers;
  });
  afterAll(async () => {
    await ratingQueueIdle(server.db);
    await server.close();
  });

  it('answers 413 to a JSON body past 64 KB, from its Content-Length or while it streams', async () => {
    const big = JSON.stringify({ tag: 'BIG', name: 'Big', description: 'x'.repeat(100_000) });
    const declared = await server.fetch('/v2/tournaments', { method: 'POST', headers: json(admin), body: big });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { error: string }).error).toMatch(/larger than the limit of 64 KB/);
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent++;
        if (sent > 1_000) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await server.fetch('/v2/tournaments', {
      method: 'POST',
      headers: json(admin),
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    // The server stopped reading long before the 16 MB were sent.
    expect(sent).toBeLessThan(1_000);
    expect(await server.db.selectFrom('tournaments').where('tag', '=', 'BIG').select('id').execute()).toEqual([]);
  });

  it('answers 400 naming the depth to JSON nested 2,000 deep, and to a report whose data nests so', async () => {
    const deep = '['.repeat(2_000) + ']'.repeat(2_000);
    const match = fx.matches.public[0]!;
    const writes: [string, string][] = [
      ['POST', '/v2/tournaments'],
      ['PATCH', '/v2/tournaments/CUP'],
      ['POST', '/v2/team-requests'],
      ['POST', '/v3/series/S1/teams'],
      ['PATCH', '/v3/series/S1/teams/ALPHA'],
      ['PUT', `/v3/series/S1/matches/${match}/layout`],
      ['PUT', `/v3/series/S1/matches/${match}/cap_flips`],
      ['PATCH', `/v3/series/S1/matches/${match}`],
    ];
    for (const [method, path] of writes) {
      const body = `{"a":${deep}}`;
      const response = await server.fetch(path, { method, headers: json(admin), body });
      const answer = (await response.json()) as { error: string };
      expect([method, path, response.status, answer.error]).toEqual([
        method,
        path,
        400,
        'The JSON nests deeper than 400 levels',
      ]);
    }
    const form = new FormData();
    form.set('data', `{"kind":"friendly","teams":${deep}}`);
    form.set('file', new Blob(['x']), 'log.txt');
    const report = await server.fetch('/v2/matches/serverlog', { method: 'POST', headers: admin, body: form });
    expect(report.status).toBe(400);
    expect(((await report.json()) as { error: string }).error).toMatch(/nests deeper than 400/);
  });

  it('refuses a layout whose entries are large or of a foreign shape, and keeps small ones', async () => {
    const path = `/v3/series/S1/matches/${fx.matches.public[0]}/layout`;
    const huge = await server.fetch(path, {
      method: 'PUT',
      headers: json(admin),
      body: JSON.stringify({ layout: Array.from({ length: 25 }, () => 'x'.repeat(2_000)) }),
    });
    expect(huge.status).toBe(400);
    const shaped = await server.fetch(path, {
      method: 'PUT',
      headers: json(admin),
      body: JSON.stringify({ layout: [{ name: 'A', blob: 'x'.repeat(1_000) }] }),
    });
    expect(shaped.status).toBe(400);
    const fine = await server.fetch(path, {
      method: 'PUT',
      headers: json(admin),
      body: JSON.stringify({ layout: ['Mont Halais', null, { name: 'Carentan' }] }),
    });
    expect(fine.status).toBe(204);
  });

  it('answers 408 and closes a connection whose body does not arrive in time', async () => {
    const url = new URL(server.baseUrl);
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () => {
        const credentials = Object.entries(admin).map(([name, value]) => `${name}: ${value}\r\n`);
        socket.write(`POST /v2/tournaments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n`);
        socket.write(credentials.join(''));
        socket.write('Content-Length: 100\r\n\r\n{"tag":');
      });
      let text = '';
      socket.on('data', (data) => (text += data.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      setTimeout(() => socket.destroy(), 10_000).unref();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it('stores only http(s) addresses as icons and invites, and never prints another kind as a link', async () => {
    for (const [field, value] of [
      ['invite', 'javascript:alert(1)'],
      ['icon', 'ftp://example.org/icon.png'],
      ['invite', 'data:text/html,hi'],
      ['icon', `https://example.org/${'a'.repeat(3_000)}`],
    ]) {
      const created = await server.fetch('/v2/tournaments', {
        method: 'POST',
        headers: json(admin),
        body: JSON.stringify({ tag: 'URLS', name: 'Urls', [field!]: value }),
      });
      expect([field, value!.slice(0, 30), created.status]).toEqual([field, value!.slice(0, 30), 400]);
      const team = await server.fetch('/v3/series/S1/teams/ALPHA', {
        method: 'PATCH',
        headers: json(admin),
        body: JSON.stringify({ [field!]: value }),
      });
      expect(team.status).toBe(400);
      const request = await server.fetch('/v2/team-requests', {
        method: 'POST',
        headers: json(admin),
        body: JSON.stringify({ tag: 'REQ', name: 'Requested', [field!]: value }),
      });
      expect(request.status).toBe(400);
    }
    // A value stored before the rule is answered as no address, and the page prints no link to it.
    await server.db
      .updateTable('tournaments')
      .set({ invite: 'javascript:alert(1)', icon: 'ftp://example.org/i.png' })
      .where('tag', '=', 'CUP')
      .execute();
    const api = (await (await server.fetch('/v2/tournaments/CUP')).json()) as { invite: unknown; icon: unknown };
    expect([api.invite, api.icon]).toEqual([null, null]);
    for (const page of ['/statistics/tournaments/CUP?series=S1', '/statistics/tournaments?series=S1']) {
      const html = await (await server.fetch(page)).text();
      expect(html).not.toMatch(/javascript:alert|ftp:\/\//);
    }
  });
});
