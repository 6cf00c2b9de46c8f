import { afterAll, beforeAll, expect } from 'vitest';
import type { Engine } from '#lib/server/db/connect.ts';
import { startTestServer, type TestServer } from './server.ts';
import { buildReadFixture, type ReadFixture } from './read-fixtures.ts';
import { parseHtml, type Rendered } from './dom.ts';

export interface ReadSite {
  /** The started server (read it inside a test or hook: it is set in beforeAll). */
  readonly server: TestServer;
  /** The read fixture built in the server's database (likewise). */
  readonly fx: ReadFixture;
  /** The page at `path`, fetched with the session `cookie` if given: expects 200 and parses its HTML. */
  page: (path: string, cookie?: string) => Promise<Rendered>;
}

/**
 * A page test's setup, to call inside its describe: the built server started on `engine` with the read fixture in
 * its database before the tests, closed after them.
 */
export function readSite(engine: Engine): ReadSite {
  let server: TestServer | undefined;
  let fx: ReadFixture | undefined;
  beforeAll(async () => {
    server = await startTestServer(engine);
    fx = await buildReadFixture(server.db);
  });
  afterAll(() => server?.close());
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The read site is set up in beforeAll: use it inside a test or hook');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get fx() {
      return started(fx);
    },
    async page(path, cookie) {
      const response = await started(server).fetch(path, cookie ? { headers: { cookie } } : {});
      expect(response.status, path).toBe(200);
      return parseHtml(await response.text());
    },
  };
}
