import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { createSeries } from '#lib/server/services/series.ts';

// The reverse-proxy setup of docs/operations.md: a loopback HOST behind a public https PUBLIC_URL, no Discord. The probe got a
// Secure admin session from /v2/auth/demo?as=admin here; demo sign-in must stay off (HOST=0.0.0.0 and the other
// addresses: tests/unit/security/demo-signin.test.ts).
describe.each(engines)('demo sign-in behind a reverse proxy on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { HOST: '127.0.0.1', PUBLIC_URL: 'https://stats.example.org' });
    await createSeries(server.db, { tag: 'S1', name: 'Season 1' });
  });
  afterAll(() => server.close());

  it('answers 404 for the demo sign-in and the chooser, and creates no user', async () => {
    const demo = await server.fetch('/v2/auth/demo?as=admin&redirect_uri=%2F');
    expect([demo.status, await demo.json()]).toEqual([
      404,
      { error: 'Demo sign-in is not available on this server', code: 'DemoDisabled' },
    ]);
    expect(demo.headers.getSetCookie().some((line) => line.startsWith('hss_session='))).toBe(false);
    expect((await server.fetch('/demo-login?series=S1')).status).toBe(404);
    for (const as of ['manager', 'user']) expect((await server.fetch(`/v2/auth/demo?as=${as}`)).status).toBe(404);
    expect(await server.db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await server.db.selectFrom('sessions').select('id').execute()).toEqual([]);
  });

  it('sends the login button back with login_error instead of a chooser', async () => {
    const login = await server.fetch('/v2/auth/discord/login?redirect_uri=%2Fteams');
    expect(login.status).toBe(302);
    const location = new URL(login.headers.get('location') ?? '', 'http://x');
    expect([location.pathname, location.searchParams.get('login_error')]).toEqual(['/teams', 'not-configured']);
  });

  // The limiter lives in the server module, which both engines' servers share: exhaust it on the last one only.
  it.runIf(engine === engines.at(-1))('rate-limits the sign-in endpoints with 429 and Retry-After', async () => {
    let limited: Response | undefined;
    for (let i = 0; i < 80 && !limited; i += 1) {
      const response = await server.fetch('/v2/auth/discord/login?redirect_uri=%2F');
      if (response.status === 429) limited = response;
      else expect(response.status).toBe(302);
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited?.json()) as { error: string }).error).toMatch(/Too many requests/);
  });
});
