import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture } from '#tests/helpers/read-fixtures.ts';
import { chooseEncoding } from '#lib/server/http/server/compression.ts';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose body arrives exactly as sent (fetch would decompress it behind our back). */
function raw(baseUrl: string, pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = http.request(new URL(pathname, baseUrl), { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;
const CLIENT = path.resolve(import.meta.dirname, '../../..', process.env['HSS_DIST'] ?? 'dist', 'client');

/**
 * A hashed asset of the build: the home page's stylesheet if it links one, else the largest script under /_astro/ (the
 * build inlines pages' CSS; islands' scripts stay files).
 */
function hashedAsset(home: string): string {
  const stylesheet = /href="(\/_astro\/[^"]+\.css)"/.exec(home)?.[1];
  if (stylesheet) return stylesheet;
  const folder = path.join(CLIENT, '_astro');
  const size = (f: string) => fs.statSync(path.join(folder, f)).size;
  // The largest, so that it is surely big enough to have been compressed at build time.
  const script = fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.js'))
    .sort((a, b) => size(b) - size(a))[0];
  if (!script) throw new Error('the build has no hashed script');
  return `/_astro/${script}`;
}

describe('compression', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    await buildReadFixture(server.db);
  });
  afterAll(() => server.close());

  it('chooses brotli, else gzip, honouring q=0 and *', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity, *;q=0')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  it.each(['br', 'gzip'] as const)(
    'pages, API lists, CSS, SVG and the OpenAPI document go %s, byte for byte the same once decoded',
    async (encoding) => {
      const home = await raw(server.baseUrl, '/?series=S1');
      expect(home.status).toBe(200);
      const targets = ['/?series=S1', '/v3/series/S1/matches', '/v3/openapi.json', '/images/maps/stmereeglise-day.svg'];
      targets.push(hashedAsset(home.body.toString()));
      for (const target of targets) {
        const plain = await raw(server.baseUrl, target);
        const packed = await raw(server.baseUrl, target, { 'accept-encoding': `${encoding}` });
        expect([target, packed.status, packed.headers['content-encoding']]).toEqual([target, 200, encoding]);
        expect(packed.headers['vary'] ?? '').toMatch(/accept-encoding/i);
        expect(packed.headers['content-security-policy'], target).toBeTruthy();
        expect(packed.body.length, target).toBeLessThan(plain.body.length);
        if (target.startsWith('/?')) {
          // A page is rendered anew for each request: it must decode to a whole document.
          expect(decode[encoding](packed.body).toString()).toContain('</html>');
        } else {
          expect(decode[encoding](packed.body).equals(plain.body), target).toBe(true);
        }
      }
    },
  );

  it('sends the hashed assets as compressed at build time, to be kept a year', async () => {
    const home = await raw(server.baseUrl, '/?series=S1');
    const asset = hashedAsset(home.body.toString());
    const onDisk = CLIENT;
    for (const encoding of ['br', 'gzip'] as const) {
      const packed = await raw(server.baseUrl, asset, { 'accept-encoding': encoding });
      expect([packed.status, packed.headers['content-encoding']]).toEqual([200, encoding]);
      expect(packed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(packed.headers['content-type']).toMatch(asset.endsWith('.css') ? /^text\/css/ : /javascript/);
      expect(packed.headers['x-content-type-options']).toBe('nosniff');
      const file = path.join(onDisk, `${asset}.${encoding === 'br' ? 'br' : 'gz'}`);
      expect(packed.body.equals(fs.readFileSync(file))).toBe(true);
    }
    const plain = await raw(server.baseUrl, asset);
    expect(plain.body.equals(fs.readFileSync(path.join(onDisk, asset)))).toBe(true);
    const head = await raw(server.baseUrl, asset, {}, 'HEAD');
    expect([head.status, head.body.length, head.headers['content-length']]).toEqual([
      200,
      0,
      String(plain.body.length),
    ]);
    expect((await raw(server.baseUrl, '/_astro/missing.abc123.css')).status).toBe(404);
    expect((await raw(server.baseUrl, '/_astro/..%2Fserver%2Fentry.mjs')).status).toBe(404);
  });

  it('leaves alone clients that do not ask, HEAD requests, empty answers and small ones', async () => {
    const plain = await raw(server.baseUrl, '/v3/series/S1/matches', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(() => JSON.parse(plain.body.toString())).not.toThrow();
    const head = await raw(server.baseUrl, '/v3/series/S1/matches', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    const small = await raw(server.baseUrl, '/healthz', { 'accept-encoding': 'br' });
    expect([small.headers['content-encoding'], small.body.toString()]).toEqual([undefined, '{"status":"ok"}']);
  });
});
