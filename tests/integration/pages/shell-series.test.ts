import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '#lib/server/db/database.ts';
import { connectDatabase, type DatabaseHandle } from '#lib/server/db/connect.ts';
import { announceDataChange, tellInstances } from '#lib/server/db/changes.ts';
import { createPostgresDatabase, engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { startChildServer } from '#tests/helpers/child-server.ts';

/*
 * Every page's shell keeps the series list and the active tournaments in memory until they change
 * (src/lib/server/pages/shell.ts): a page must show a change however it was made. The series a page address is
 * redirected to (the current one) shows which list the shell read.
 */

type Db = Kysely<Database>;

/** Makes `tag` the only current series (a new one unless it exists). */
async function makeCurrent(db: Db, tag: string): Promise<void> {
  await db.updateTable('series').set({ is_current: false }).where('is_current', '=', true).execute();
  await db
    .insertInto('series')
    .values({ tag, name: `Season ${tag}`, is_current: true })
    .onConflict((oc) => oc.column('tag').doUpdateSet({ is_current: true }))
    .execute();
}

/** The series the page /teams is sent to: the current series of the list the shell read. */
async function seriesOfTeamsPage(base: string): Promise<string | null> {
  const response = await fetch(`${base}/teams`, { redirect: 'manual' });
  await response.arrayBuffer();
  return new URL(response.headers.get('location') ?? '/', base).searchParams.get('series');
}

/** Asks until the page is sent to `tag` (a change notice reaches another process a moment after it is sent). */
async function eventuallySentTo(base: string, tag: string): Promise<string | null> {
  let seen = await seriesOfTeamsPage(base);
  for (let i = 0; i < 100 && seen !== tag; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await seriesOfTeamsPage(base);
  }
  return seen;
}

describe.each(engines)('the shell series list on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
    await makeCurrent(server.db, 'S1');
  });
  afterAll(() => server.close());

  it('shows a series written through the database handle on the next page', async () => {
    expect(await seriesOfTeamsPage(server.baseUrl)).toBe('S1');
    await makeCurrent(server.db, 'S2');
    expect(await seriesOfTeamsPage(server.baseUrl)).toBe('S2');
  });

  it('shows a series written behind the handle once the change is announced', async () => {
    expect(await seriesOfTeamsPage(server.baseUrl)).toBe('S2');
    // withoutPlugins: the same database without the write watch (db/table-writes.ts), as another process would write.
    await makeCurrent(server.db.withoutPlugins(), 'S3');
    announceDataChange(server.db);
    expect(await seriesOfTeamsPage(server.baseUrl)).toBe('S3');
  });
});

// Another instance only makes sense on PostgreSQL (PGlite allows one process per data folder).
describe.runIf(process.env['TEST_DATABASE_URL'])('the shell series list of another instance', () => {
  let database: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    handle = await connectDatabase({ databaseUrl: database.url, poolSize: 2 });
    await makeCurrent(handle.db, 'S1');
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await handle.close();
    await database.drop();
  });

  it('shows a series another process wrote once it tells the instances (as the CLI does after a command)', async () => {
    const instance = await startChildServer({ DATABASE_URL: database.url, READ_CACHE_SECONDS: '0' });
    child = instance.child;
    expect(await seriesOfTeamsPage(instance.base)).toBe('S1');
    await makeCurrent(handle.db, 'S2');
    await tellInstances(handle.db);
    expect(await eventuallySentTo(instance.base, 'S2')).toBe('S2');
  });
});
