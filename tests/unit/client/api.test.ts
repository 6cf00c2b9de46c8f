/**
 * The typed client's contract with islands (spec section 8): failures worded 'HTTP request failed with status
 * code: {status}' with the server's message kept, an empty result for 204, and the CSRF header taken from the
 * document's CSRF cookie on every call.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, csrfFromDocumentCookie } from '#lib/client/api.ts';

const seen: { method: string; url: string; csrf: string | undefined }[] = [];
const server = http.createServer((req, res) => {
  seen.push({ method: req.method ?? '', url: req.url ?? '', csrf: req.headers['x-csrf-token'] as string | undefined });
  if (req.url === '/v2/users/@me/logout') res.writeHead(204).end();
  else
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: "Series 'X' not found" }));
});
let baseURL = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());
afterEach(() => {
  seen.length = 0;
  Reflect.deleteProperty(globalThis, 'document');
});

const withCookie = (cookie: string) =>
  Object.defineProperty(globalThis, 'document', { value: { cookie }, configurable: true });

describe('the typed client', () => {
  it('words a failure with its status and keeps the server message', async () => {
    const error = await createApiClient({ baseURL })
      .series.get('X')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('HTTP request failed with status code: 404');
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).serverMessage).toBe("Series 'X' not found");
  });

  it('answers 204 with an empty result', async () => {
    await expect(createApiClient({ baseURL }).users.logout()).resolves.toBeUndefined();
  });

  it("sends the CSRF token from the document's cookie on every call", async () => {
    withCookie('theme=dark; csrf_token=abc%3D123; other=1');
    expect(csrfFromDocumentCookie()).toBe('abc=123');
    const api = createApiClient({ baseURL });
    await api.users.logout();
    await api.series.get('X').catch(() => undefined);
    expect(seen.map((s) => [s.method, s.csrf])).toEqual([
      ['POST', 'abc=123'],
      ['GET', 'abc=123'],
    ]);
  });

  it('reads the https cookie name too, and sends no header without a cookie', async () => {
    withCookie('__Host-csrf=tok');
    expect(csrfFromDocumentCookie()).toBe('tok');
    withCookie('theme=dark');
    expect(csrfFromDocumentCookie()).toBeUndefined();
    await createApiClient({ baseURL }).users.logout();
    expect(seen[0]?.csrf).toBeUndefined();
  });
});
