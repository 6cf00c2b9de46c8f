import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture, steamId, type ReadFixture } from '#tests/helpers/read-fixtures.ts';

/** The first-load budget of issue 15: HTML, CSS, fonts and images of a page, as transferred (compressed). */
const BUDGET_BYTES = 60 * 1024;

/** The bytes a browser receives for `pathname` (asking for brotli or gzip) and the body they decode to. */
function transfer(baseUrl: string, pathname: string): Promise<{ status: number; bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(pathname, baseUrl), { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', async () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, bytes: raw.length, text: body.toString() });
      });
    });
    request.on('error', reject);
  });
}

const cssUrls = (css: string) =>
  [...css.matchAll(/url\(\s*['"]?(\/[^'")]+)['"]?\s*\)/g)].map((m) => m[1]!).filter((u) => !u.startsWith('//'));

/**
 * Same-origin addresses a page loads before any script: stylesheets, images, icons, fonts, and the url()s of its
 * inline styles (the build inlines every page's CSS).
 */
function subresources(html: string): string[] {
  const found = new Set<string>();
  for (const [, css] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi))
    for (const url of cssUrls(css!)) found.add(url);
  for (const tag of html.match(/<(link|img|source)\b[^>]*>/gi) ?? []) {
    const rel = /\brel="([^"]*)"/i.exec(tag)?.[1] ?? '';
    if (tag.startsWith('<link') && !/stylesheet|icon|preload/i.test(rel)) continue;
    for (const attr of tag.matchAll(/\b(?:href|src)="([^"]+)"/gi)) if (attr[1]!.startsWith('/')) found.add(attr[1]!);
  }
  return [...found];
}

describe('first-load budget of the pages opened from Discord', () => {
  let server: TestServer;
  let fx: ReadFixture;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    fx = await buildReadFixture(server.db);
  });
  afterAll(() => server.close());

  it('home, team, match and player pages transfer at most 60 KB of HTML, CSS, fonts and images', async () => {
    const pages = [
      '/?series=S1',
      '/teams/ALPHA?series=S1',
      `/statistics/matches/${fx.matches.public[0]}?series=S1`,
      `/statistics/players/${steamId(1)}?series=S1`,
    ];
    for (const path of pages) {
      const page = await transfer(server.baseUrl, path);
      expect([path, page.status]).toEqual([path, 200]);
      const loaded = new Map<string, number>([[path, page.bytes]]);
      const queue = subresources(page.text);
      while (queue.length > 0) {
        const url = queue.shift()!;
        if (loaded.has(url)) continue;
        const resource = await transfer(server.baseUrl, url);
        expect([url, resource.status]).toEqual([url, 200]);
        loaded.set(url, resource.bytes);
        if (url.endsWith('.css')) queue.push(...cssUrls(resource.text));
      }
      const total = [...loaded.values()].reduce((a, b) => a + b, 0);
      console.log(`${path}: ${total} B on first load (${[...loaded].map(([u, b]) => `${u} ${b}`).join(', ')})`);
      const styled = /<style\b/i.test(page.text) || [...loaded.keys()].some((u) => u.endsWith('.css'));
      expect(styled, `${path} carries its styles`).toBe(true);
      expect(loaded.size, `${path} loads its images`).toBeGreaterThan(1);
      expect(total, path).toBeLessThanOrEqual(BUDGET_BYTES);
    }
  });
});
