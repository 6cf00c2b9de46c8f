import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLiveEncoding, compressResponse } from '#lib/server/http/server/compression.ts';

/** A body of `size` bytes that compresses well but not to nothing. */
function text(size: number): string {
  let out = '';
  for (let i = 0; out.length < size; i++) out += `<tr><td>row ${i}</td><td>${(i * 7919) % 1000}</td></tr>\n`;
  return out.slice(0, size);
}

const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, zstd: zlib.zstdDecompressSync } as const;

describe('compressResponse', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    // /<size>/<chunks>[/length]: a text/html body of <size> bytes written in <chunks> writes, the head set by
    // writeHead (announcing the length with /length).
    server = http.createServer((req, res) => {
      compressResponse(req, res);
      const [, size = '0', chunks = '1', length] = (req.url ?? '/').split('/');
      const body = text(Number(size));
      const step = Math.ceil(body.length / Number(chunks)) || 1;
      res.writeHead(201, { 'content-type': 'text/html', ...(length ? { 'content-length': body.length } : {}) });
      for (let at = 0; at < body.length; at += step) res.write(body.slice(at, at + step));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function get(path: string, encoding: string) {
    return new Promise<{ headers: http.IncomingHttpHeaders; status: number; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ headers: res.headers, status: res.statusCode ?? 0, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });
  }

  it('names zstd only when the client does, honouring q=0', () => {
    expect(chooseLiveEncoding('gzip, deflate, br, zstd')).toBe('zstd');
    expect(chooseLiveEncoding('zstd;q=0, br')).toBe('br');
    expect(chooseLiveEncoding('*')).toBe('br');
    expect(chooseLiveEncoding('gzip')).toBe('gzip');
    expect(chooseLiveEncoding(undefined)).toBeUndefined();
  });

  it.each(['zstd', 'br', 'gzip'] as const)(
    'sends a body written in pieces compressed whole (%s) with its length and status',
    async (encoding) => {
      const answer = await get('/60000/7', encoding);
      expect([answer.status, answer.headers['content-encoding']]).toEqual([201, encoding]);
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(answer.headers['vary']).toMatch(/accept-encoding/i);
      expect(decode[encoding](answer.body).toString()).toBe(text(60000));
    },
  );

  it('streams a body too large to hold, and sends one announced small as it is', async () => {
    const large = await get(`/${5 * 1024 * 1024}/20`, 'br');
    expect([large.headers['content-encoding'], large.headers['content-length']]).toEqual(['br', undefined]);
    expect(decode.br(large.body).toString()).toBe(text(5 * 1024 * 1024));
    const small = await get('/500/2/length', 'br');
    expect([small.headers['content-encoding'], small.headers['content-length']]).toEqual([undefined, '500']);
    expect(small.body.toString()).toBe(text(500));
  });
});
