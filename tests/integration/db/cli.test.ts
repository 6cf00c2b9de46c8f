import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import { commands } from '#cli/commands/index.ts';
import { runCli } from '#cli/run.ts';
import { hashSecret } from '#lib/server/auth/tokens.ts';

/** Runs the CLI against the test database (its own connection), capturing output. */
async function hss(handle: DatabaseHandle, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(commands, args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    database: handle,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe.each(engines)('operator CLI on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
  });
  afterAll(() => handle.close());

  it('lists its commands with --help', async () => {
    const result = await hss(handle, ['--help']);
    expect(result.code).toBe(0);
    for (const name of ['migrate', 'series create', 'teams create', 'users grant', 'api-keys create'])
      expect(result.out).toContain(name);
  });

  it('migrates', async () => {
    expect((await hss(handle, ['migrate'])).code).toBe(0);
  });

  it('creates a current series, a team, an admin and an API key', async () => {
    expect((await hss(handle, ['series', 'create', 'S9', '--name', 'Season 9', '--current'])).code).toBe(0);
    const series = await handle.db.selectFrom('series').selectAll().where('tag', '=', 'S9').executeTakeFirstOrThrow();
    expect(series).toMatchObject({ name: 'Season 9', is_current: true });

    expect((await hss(handle, ['teams', 'create', '[7DR]', '--name', '7th Dragoons', '--series', 'S9'])).code).toBe(0);
    const team = await handle.db.selectFrom('teams').selectAll().where('tag', '=', '[7DR]').executeTakeFirstOrThrow();
    const rating = await handle.db
      .selectFrom('team_ratings')
      .selectAll()
      .where('team_id', '=', team.id)
      .executeTakeFirstOrThrow();
    expect(rating).toMatchObject({ series_id: series.id, mu: 25, num_matches: 0 });
    expect(rating.sigma).toBeCloseTo(25 / 3, 12);

    expect((await hss(handle, ['users', 'grant', '123456789012', 'admin'])).code).toBe(0);
    const roles = await handle.db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select(['role', 'discord_id'])
      .execute();
    expect(roles).toEqual([{ role: 'ADMIN', discord_id: '123456789012' }]);

    const created = await hss(handle, ['api-keys', 'create', '[7dr]']);
    expect(created.code).toBe(0);
    const key = created.out.split('\n').at(-1) ?? '';
    expect(key).toMatch(/^hss_[A-Za-z0-9_-]{40,}$/);
    const stored = await handle.db
      .selectFrom('team_api_keys')
      .selectAll()
      .where('team_id', '=', team.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(hashSecret(key));
    expect(JSON.stringify(stored)).not.toContain(key);
  });

  it.each([
    [['series', 'create'], /expects 1 argument/],
    [['series', 'create', 'S8'], /Missing option --name/],
    [['series', 'create', 'S8', '--name', 'x', '--bogus'], /Unknown option '--bogus'/],
    [['teams', 'create', 'ABC', '--name', 'Abc', '--series', 'NOPE'], /Series 'NOPE' does not exist/],
    [['users', 'grant', 'alice', 'ADMIN'], /numeric Discord id/],
    [['users', 'grant', '123456789', 'KING'], /must be one of ADMIN, USER, TEAM_MANAGER/],
    [['api-keys', 'create', 'NOPE'], /Team 'NOPE' does not exist/],
    [['frobnicate'], /Unknown command 'frobnicate'/],
  ])('rejects %j with exit code 2 and a clear message', async (args, message) => {
    const result = await hss(handle, args);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
  });

  it('refuses a duplicate team tag, case-insensitively', async () => {
    const result = await hss(handle, ['teams', 'create', '[7dr]', '--name', 'Copy', '--series', 'S9']);
    expect(result.code).toBe(2);
    expect(result.err).toContain("A team with the tag '[7dr]' already exists");
  });
});
