import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { sessionFor } from './helpers.ts';
import { MAX_PENDING_REGISTRATIONS, REGISTRATIONS_PER_HOUR } from '#lib/server/services/registration.ts';

// The probe sent 100 team registration requests in 1.1 s from one user, and every one waited for an admin.
describe.each(engines)('limits on team registration requests on %s', (engine) => {
  let server: TestServer;
  // The rate limiter lives in the process, shared by both engines' servers: each engine has its own users.
  const discord = engine === 'pglite' ? '91' : '92';

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const ask = (headers: Record<string, string>, n: number) =>
    server.fetch('/v2/team-requests', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Newcomers ${n}`, tag: `NEW${n}` }),
    });

  it('caps the requests one user has pending, and the requests one user sends per hour', async () => {
    const user = await sessionFor(server.db, { discordId: `${discord}0000000000000001` });
    const statuses: number[] = [];
    for (let n = 0; n < REGISTRATIONS_PER_HOUR + 2; n++) statuses.push((await ask(user.headers, n)).status);
    expect(statuses).toEqual([
      ...Array<number>(MAX_PENDING_REGISTRATIONS).fill(201),
      ...Array<number>(REGISTRATIONS_PER_HOUR - MAX_PENDING_REGISTRATIONS).fill(409),
      429,
      429,
    ]);
    const pending = await server.db
      .selectFrom('team_registration_requests')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(pending).toHaveLength(MAX_PENDING_REGISTRATIONS);
  });

  it('holds the pending cap when one user sends many requests at once', async () => {
    const user = await sessionFor(server.db, { discordId: `${discord}0000000000000002` });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => ask(user.headers, 100 + n)));
    const created = answers.filter((a) => a.status === 201).length;
    expect(created).toBe(MAX_PENDING_REGISTRATIONS);
    const refused = answers.find((a) => a.status === 409)!;
    expect(((await refused.json()) as { error: string }).error).toMatch(/waiting for an admin/);
  });
});
