import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { sessionFor } from '#tests/integration/auth/helpers.ts';

/** A request with any method (fetch refuses TRACE), answering status, headers and body. */
function raw(server: TestServer, method: string, target: string): Promise<Response> {
  const url = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path: target }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          for (const item of [value ?? ''].flat()) headers.append(name, item);
        resolve(
          new Response(res.statusCode === 204 ? null : Buffer.concat(chunks), { status: res.statusCode ?? 0, headers }),
        );
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ''))
    .map(([, , body]) => body ?? '')
    .filter((body) => body !== '');

/** Checks the header set every answer carries, and for HTML the charset and a policy naming each inline script. */
async function expectSecured(response: Response, what: string): Promise<void> {
  const h = (name: string) => response.headers.get(name) ?? '';
  expect([what, h('x-content-type-options')]).toEqual([what, 'nosniff']);
  expect([what, h('referrer-policy')]).toEqual([what, 'strict-origin-when-cross-origin']);
  expect([what, h('x-frame-options')]).toEqual([what, 'DENY']);
  expect(h('permissions-policy'), what).toMatch(/camera=\(\)/);
  const csp = h('content-security-policy');
  expect(csp, what).toMatch(/frame-ancestors 'none'/);
  const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scripts, what).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(response.headers.has('strict-transport-security'), what).toBe(false);
  if (/^text\/html/.test(h('content-type'))) {
    expect(h('content-type'), what).toMatch(/charset=utf-8/i);
    for (const body of inlineScripts(await response.clone().text())) {
      const hash = createHash('sha256').update(body).digest('base64');
      expect(scripts, `${what}: inline script ${body.slice(0, 60)}`).toContain(`'sha256-${hash}'`);
    }
  }
}

// The probe: no CSP anywhere, and the 404 page, static files and others carried no security headers at all.
describe.each(engines)('security headers on every answer on %s', (engine) => {
  let server: TestServer;
  let session: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer(engine);
    await createSeries(server.db, { tag: 'S1', name: 'Season 1', current: true });
    session = (await sessionFor(server.db, { discordId: '400000000000000001', admin: true })).headers;
  });
  afterAll(() => server.close());

  it('on pages, error pages, redirects, static files and API answers of every kind', async () => {
    const asset = fs.readdirSync(path.resolve(import.meta.dirname, '../../../dist/client/_astro'))[0];
    const answers: [string, string, number, Record<string, string>?][] = [
      ['GET', '/?series=S1', 200],
      ['GET', '/?series=S1', 200, session],
      ['GET', '/privacy-policy?series=S1', 200],
      ['GET', '/api-docs?series=S1', 200],
      ['GET', '/demo-login?series=S1', 200],
      ['GET', '/no-such-page', 404],
      ['GET', '/', 302],
      ['GET', '/v2/auth/demo?as=user&redirect_uri=%2F', 302],
      ['GET', '/favicon.svg', 200],
      ['GET', `/_astro/${asset}`, 200],
      ['HEAD', '/favicon.svg', 200],
      ['GET', '/v3/series', 200],
      ['GET', '/v3/series/NOPE', 404],
      ['GET', '/og/S1/home/x.png', 302],
      ['GET', '/og/S1/teams/NOPE/x.png', 404],
      ['GET', '/feeds/matches.atom?series=S1', 200],
      ['GET', '/sitemap.xml', 200],
      ['GET', '/robots.txt', 200],
      ['GET', '/v2/users/@me', 401],
      ['GET', '/v3/no-such-call', 404],
      ['GET', '/%FF', 400],
      ['TRACE', '/', 405],
      ['OPTIONS', '/v3/series', 204],
    ];
    for (const [method, target, status, headers] of answers) {
      const response = headers ? await server.fetch(target, { method, headers }) : await raw(server, method, target);
      const what = `${method} ${target}`;
      expect([what, response.status]).toEqual([what, status]);
      await expectSecured(response, what);
    }
    // A preview image at its current address (the redirect's target).
    const preview = (await raw(server, 'GET', '/og/S1/home/x.png')).headers.get('location') ?? '';
    const image = await raw(server, 'GET', preview);
    expect([preview, image.status, image.headers.get('content-type')]).toEqual([preview, 200, 'image/png']);
    await expectSecured(image, `GET ${preview}`);
  });
});
