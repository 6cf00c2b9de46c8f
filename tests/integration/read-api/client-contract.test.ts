import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture, steamId, type ReadFixture } from '#tests/helpers/read-fixtures.ts';
import { ApiError, createApiClient, toSearch, type ApiClient } from '#lib/client/api.ts';
import { operations } from '#lib/server/openapi/operations.ts';

describe.each(engines)('typed client contract on %s', (engine) => {
  let server: TestServer;
  let fx: ReadFixture;
  let client: ApiClient;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    fx = await buildReadFixture(server.db);
    client = createApiClient({ baseURL: server.baseUrl });
    admin = createApiClient({ baseURL: server.baseUrl, headers: { cookie: fx.users.admin.cookie } });
  });
  afterAll(() => server.close());

  it('validates every public GET response against its schema', async () => {
    const [m1] = fx.matches.public;
    expect((await client.series.statistics('S1')).matches).toBe(3);
    expect(
      (await client.matches.list('S1', { desc: true, type: ['competitive'], limit: 5 })).matches.map((m) => m.match_id),
    ).toEqual([m1]);
    expect((await client.matches.get('S1', m1!)).match_id).toBe(m1);
    expect((await client.teams.list('S1', { limit: 2 })).map((t) => t.tag)).toEqual(['BRAVO', 'ALPHA']);
    expect((await client.teams.get('S1', 'ALPHA')).rating_history).toHaveLength(2);
    expect((await client.teams.players('S1', 'ALPHA')).meta.total_count).toBe(2);
    expect((await client.players.search('S1', '  Player1 ')).map((p) => p.steamId)).toEqual([steamId(1)]);
    expect(await client.players.search('S1', '   ')).toEqual([]);
    expect((await client.players.get('S1', steamId(1))).steam_name).toBe('Player1');
    expect((await client.tournaments.list(true)).map((t) => t.tag)).toEqual(['CUP']);
    expect((await client.tournaments.get('CUP')).name).toBe('Winter Cup');
    expect((await client.matches.mapCaps('foy')).caps).toHaveLength(5);
    expect((await admin.teams.privateMatches('S1', 'ALPHA', { desc: true })).matches).toHaveLength(1);
    expect((await admin.logs.list('2026/06')).entries.map((e) => e.name)).toEqual(['cccc-export.json']);
    expect(await admin.logs.download('2026/06/cccc-export.json')).toBe('{}');
  });

  it('throws ApiError with the status and the server error', async () => {
    const error = await client.matches.get('S1', fx.matches.private).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).serverMessage, (error as ApiError).message]).toEqual([
      403,
      'This match is private',
      'HTTP request failed with status code: 403',
    ]);
    expect(((await client.teams.get('S1', 'ZULU').catch((e: unknown) => e)) as ApiError).status).toBe(404);
  });

  it('serves an OpenAPI 3.1 document covering every declared call', async () => {
    const response = await server.fetch('/v3/openapi.json');
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const op of operations) expect(doc.paths[op.path]?.[op.method], `${op.method} ${op.path}`).toBeDefined();
    const list = doc.paths['/v3/series/{series}/matches']!['get']!.responses['200'] as {
      content: { 'application/json': { schema: { properties: Record<string, unknown> } } };
    };
    expect(Object.keys(list.content['application/json'].schema.properties)).toEqual(['matches', 'meta']);
  });

  it('renders the API documentation page', async () => {
    const response = await server.fetch('/api-docs?series=S1');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('/v3/series/{series}/teams/{tag}/private-matches');
    expect(html).toContain('/v3/openapi.json');
  });
});

describe('typed client requests', () => {
  it('sends X-CSRF-Token and repeated query parameters', async () => {
    const seen: { url: string; csrf: string | undefined }[] = [];
    const echo = http.createServer((req, res) => {
      seen.push({ url: req.url ?? '', csrf: req.headers['x-csrf-token'] as string | undefined });
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    try {
      const api = createApiClient({
        baseURL: `http://127.0.0.1:${(echo.address() as AddressInfo).port}`,
        csrfToken: () => 'tok123',
      });
      await api.matches.setStreams('S1', 5, { twitch: 'https://twitch.tv/x' });
      expect(seen).toEqual([{ url: '/v3/series/S1/matches/5', csrf: 'tok123' }]);
    } finally {
      echo.close();
    }
    expect(toSearch({ type: ['event', 'friendly'], desc: true, skip: undefined })).toBe(
      '?type=event&type=friendly&desc=true',
    );
  });
});
