import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicFiles } from '#lib/server/http/server/static-assets.ts';

describe('publicFiles', () => {
  let dir: string;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hss-public-'));
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
    fs.mkdirSync(path.join(dir, 'images'));
    fs.writeFileSync(path.join(dir, 'images', 'map one.svg'), '<svg>map</svg>');
    fs.mkdirSync(path.join(dir, '_astro'));
    fs.writeFileSync(path.join(dir, '_astro', 'app.js'), 'x');
    const files = publicFiles(dir);
    server = http.createServer((req, res) => {
      const pathname = (req.url ?? '/').split('?')[0]!;
      if (!files(req, res, pathname)) res.writeHead(418).end('handler');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers the files of the folder from memory, with validators, and HEAD without a body', async () => {
    const response = await fetch(`${base}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<svg/>');
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0');
    expect(response.headers.get('etag')).toMatch(/^W\/"6-[0-9a-f]+"$/);
    expect(response.headers.get('last-modified')).toBeTruthy();
    expect(await (await fetch(`${base}/images/map%20one.svg`)).text()).toBe('<svg>map</svg>');
    const head = await fetch(`${base}/favicon.svg`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, '6', '']);
  });

  it('answers 304 to a request that holds the file', async () => {
    const etag = (await fetch(`${base}/favicon.svg`)).headers.get('etag')!;
    expect((await fetch(`${base}/favicon.svg`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(`${base}/favicon.svg`, { headers: { 'if-none-match': etag.slice(2) } })).status).toBe(304);
    expect((await fetch(`${base}/favicon.svg`, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('leaves everything else to the handler: other addresses, methods, and the hashed assets', async () => {
    for (const [method, address] of [
      ['GET', '/teams'],
      ['GET', '/images'],
      ['GET', '/_astro/app.js'],
      ['POST', '/favicon.svg'],
      ['GET', '/%E0%A4%A'],
    ] as const)
      expect((await fetch(`${base}${address}`, { method })).status, `${method} ${address}`).toBe(418);
  });
});
