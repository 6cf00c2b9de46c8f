import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture, steamId } from '#tests/helpers/read-fixtures.ts';
import { apiKeyFor, sessionFor } from '#tests/integration/auth/helpers.ts';
import { openApiDocument } from '#lib/server/openapi/document.ts';
import { hostileJson, hostileString, PROPERTY_NAMES, shapedBy } from './hostile-arbitraries.ts';

type JsonSchema = Record<string, unknown>;
interface Route {
  method: string;
  path: string;
  query: { name: string; values?: string[] }[];
  body?: JsonSchema;
}

/** Every operation of the OpenAPI document: new routes join this test by joining the document. */
function routes(): Route[] {
  const paths = openApiDocument()['paths'] as Record<string, Record<string, JsonSchema>>;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const parameters = (op['parameters'] as JsonSchema[] | undefined) ?? [];
      const query = parameters
        .filter((p) => p['in'] === 'query')
        .map((p) => {
          const schema = p['schema'] as JsonSchema;
          const item = (schema['items'] as JsonSchema | undefined) ?? schema;
          const values = item['enum'] as string[] | undefined;
          return { name: String(p['name']), ...(values ? { values } : {}) };
        });
      const content = (op['requestBody'] as JsonSchema | undefined)?.['content'] as
        Record<string, { schema: JsonSchema }> | undefined;
      const body = content?.['application/json']?.schema;
      return { method: method.toUpperCase(), path, query, ...(body ? { body } : {}) };
    }),
  );
}

/** Percent-encodes any string, lone surrogates included (as the bytes a hostile client would send). */
const encode = (value: string) => encodeURIComponent(value.toWellFormed());
/** Escapes sent as they are: control characters, a double escape, a lone surrogate's bytes, invalid UTF-8. */
const rawEscape = fc.constantFrom('%00', 'a%00b', '%0A', '%1F', '%2500', '%7F', '%ED%A0%80', '%C0%AF', '%FF', '%E2%82');

const KNOWN: Record<string, string[]> = {
  series: ['S1', 'S0', 's1', 'NOPE'],
  tag: ['ALPHA', 'BRAVO', 'ALF', 'CUP', 'UNREG'],
  matchId: ['1', '2', '4', '999999', '2147483648'],
  steamId: [steamId(1), steamId(7), '0'.repeat(32)],
  map: ['carentan', 'Hill 400'],
  userId: ['1', '5', '999999', '0', '2147483648'],
  id: ['1', '999999', '2147483648'],
  webhookId: ['1', '999999', '2147483648'],
};

/** The path parameters that name a row by its integer key. */
const ID_PARAMS = ['matchId', 'userId', 'id', 'webhookId'];

const segment = (name: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(KNOWN[name] ?? ['x'])) },
    { weight: 1, arbitrary: fc.constantFrom(...PROPERTY_NAMES) },
    hostileString.map(encode).filter((s) => s !== '' && s !== '.' && s !== '..'),
    rawEscape,
  );

const queryPair = (route: Route) =>
  fc.tuple(
    route.query.length
      ? fc.oneof(fc.constantFrom(...route.query.map((q) => q.name)), hostileString.map(encode))
      : hostileString.map(encode),
    fc.oneof(
      hostileString.map(encode),
      rawEscape,
      fc.constantFrom(...route.query.flatMap((q) => q.values ?? []), 'ALPHA', 'CUP', '1', 'true'),
    ),
  );

/** The report upload is multipart: hostile `data`, fields and a log whose player names carry hostile text. */
const reportForm = fc
  .record({
    data: fc.oneof(
      hostileString,
      fc.constantFrom(...PROPERTY_NAMES).map((key) => `{"kind":"friendly","teams":["ALPHA","BRAVO"],"${key}":{"a":1}}`),
      fc
        .record({ teams: fc.array(fc.oneof(fc.constantFrom('ALPHA', 'BRAVO'), hostileString), { maxLength: 3 }) })
        .map((d) => JSON.stringify({ ...d, kind: 'friendly' })),
    ),
    name: hostileString,
    field: fc.constantFrom('title', 'username', 'map', 'event', 'url', 'date', 'format', 'result'),
    value: hostileString,
  })
  .map(({ data, name, field, value }) => {
    const form = new FormData();
    form.set('data', data);
    form.set(field, value);
    const log = [
      `[1:00:00 hours (1700000000)] MATCH START Carentan Warfare`,
      `[59:00 min (1700000060)] KILL: ${name}(Allies/76561190000000001) -> B(Axis/76561190000000002) with M1 GARAND`,
      `[0:00 sec (1700003600)] MATCH ENDED \`Carentan Warfare\` ALLIED (3 - 2) AXIS`,
    ].join('\n');
    form.set('file', new Blob([log]), 'log.txt');
    return form;
  });

describe.each(engines)('hostile input on every API route on %s', (engine) => {
  let server: TestServer;
  let callers: Record<'anonymous' | 'admin' | 'key', Record<string, string>>;
  const all = routes();

  beforeAll(async () => {
    server = await startTestServer(engine);
    const fx = await buildReadFixture(server.db);
    const admin = await sessionFor(server.db, { discordId: '900000000000000001', admin: true });
    callers = {
      anonymous: {},
      admin: admin.headers,
      key: { authorization: `Bearer ${await apiKeyFor(server.db, fx.teams['ALPHA']!)}` },
    };
  });
  afterAll(() => server.close());

  it('covers every operation of the document', () => {
    expect(all.length).toBeGreaterThanOrEqual(35);
    expect(all.filter((r) => r.body).length).toBeGreaterThanOrEqual(12);
  });

  it('never answers 5xx, and answers errors as JSON, to hostile paths, queries and bodies', async () => {
    const request = fc.constantFrom(...all).chain((route) =>
      fc.record({
        route: fc.constant(route),
        params: fc.record(Object.fromEntries(Object.keys(KNOWN).map((name) => [name, segment(name)]))),
        query: fc.oneof(
          fc.constant<[string, string][]>([]),
          fc.array(queryPair(route), { minLength: 1, maxLength: 4 }),
        ),
        body: route.body
          ? fc.oneof(
              { weight: 4, arbitrary: shapedBy(route.body).map((value) => JSON.stringify(value)) },
              { weight: 1, arbitrary: hostileJson.map((value) => JSON.stringify(value)) },
              { weight: 1, arbitrary: hostileString },
            )
          : fc.constant(undefined),
        form: route.path === '/v2/matches/serverlog' ? reportForm : fc.constant(undefined),
        // Signing the admin out would turn the rest of the run anonymous (logout is tested on its own).
        caller: (route.path.endsWith('/logout')
          ? fc.constantFrom('anonymous', 'key')
          : fc.constantFrom('anonymous', 'admin', 'admin', 'key')) as fc.Arbitrary<keyof typeof callers>,
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ route, params, query, body, form, caller }) => {
        const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'x');
        const search = query.map(([k, v]) => `${k}=${v}`).join('&');
        const url = `${path}${search ? `?${search}` : ''}`;
        const headers: Record<string, string> = { ...callers[caller] };
        if (body !== undefined) headers['content-type'] = 'application/json';
        const response = await server.fetch(url, {
          method: route.method,
          headers,
          ...(form ? { body: form } : body !== undefined ? { body } : {}),
        });
        const text = await response.text();
        const what = `${route.method} ${url} as ${caller} ${body?.slice(0, 200) ?? ''}`;
        expect(response.status, `${what} -> ${response.status} ${text.slice(0, 300)}`).toBeLessThan(500);
        if (response.status >= 400) {
          expect(response.headers.get('content-type'), what).toMatch(/^application\/json/);
          expect(JSON.parse(text), what).toHaveProperty('error');
        }
      }),
      { numRuns: 400, seed: 20261117 },
    );
  });

  it('answers 413 to a body past the limit and 400 to one nested 2,000 deep, on every write route', async () => {
    const writes = all.filter((route) => route.body);
    const oversized = JSON.stringify({ padding: 'x'.repeat(70 * 1024) });
    const deep = `{"a":${'['.repeat(2_000)}${']'.repeat(2_000)}}`;
    const named = `{${PROPERTY_NAMES.map((key) => `"${key}":{"toString":1}`).join(',')}}`;
    const answered: Record<number, number> = {};
    for (const route of writes) {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => KNOWN[name]?.[0] ?? 'x');
      for (const [body, expected] of [
        [oversized, 413],
        [deep, 400],
        [named, undefined],
      ] as const) {
        const response = await server.fetch(path, {
          method: route.method,
          headers: { ...callers.admin, 'content-type': 'application/json' },
          body,
        });
        const text = await response.text();
        const what = `${route.method} ${path} ${body.slice(0, 40)} -> ${response.status} ${text.slice(0, 200)}`;
        // A route that refuses the caller or the path before reading a body may say so first.
        if (expected && ![401, 403, 404].includes(response.status)) expect(response.status, what).toBe(expected);
        if (expected) answered[response.status] = (answered[response.status] ?? 0) + 1;
        expect(response.status, what).toBeLessThan(500);
        if (response.status >= 400) expect(JSON.parse(text), what).toHaveProperty('error');
      }
    }
    // Most write routes read the body as an admin: the limits are met there, not only refusals before them.
    expect(answered[413], JSON.stringify(answered)).toBeGreaterThanOrEqual(writes.length - 3);
    expect(answered[400], JSON.stringify(answered)).toBeGreaterThanOrEqual(writes.length - 3);
  });

  it('never answers 5xx, and answers errors as JSON, to ids in a path past what the integer keys hold', async () => {
    const named = all.filter((route) => ID_PARAMS.some((name) => route.path.includes(`{${name}}`)));
    expect(named.length).toBeGreaterThanOrEqual(8);
    const bodies = ['{"action":"approve"}', '{"action":"accept"}', '{"action":"reject"}', '{}'];
    for (const route of named)
      for (const id of ['2147483648', '99999999999', '9007199254740993'])
        for (const body of route.body ? bodies : [undefined]) {
          const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
            ID_PARAMS.includes(name) ? id : (KNOWN[name]?.[0] ?? 'x'),
          );
          const response = await server.fetch(path, {
            method: route.method,
            headers: { ...callers.admin, ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { body } : {}),
          });
          const text = await response.text();
          const what = `${route.method} ${path} ${body ?? ''} -> ${response.status} ${text.slice(0, 200)}`;
          expect(response.status, what).toBeLessThan(500);
          if (response.status >= 400) expect(JSON.parse(text), what).toHaveProperty('error');
        }
  });
});
