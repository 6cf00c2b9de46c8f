import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '#lib/server/db/database.ts';
import type { Engine } from '#lib/server/db/connect.ts';
import { createTestDatabase } from './database.ts';
import { createSiteServer, type SiteServerSettings } from '#lib/server/http/server/site-server.ts';
import { App, useProcessApp } from '#lib/server/app.ts';

export interface TestServer {
  baseUrl: string;
  engine: Engine;
  /** Where the database lives (for PostgreSQL, its URL: other instances can connect to it). */
  location: string;
  /** The same database the server uses, for arranging data and checking what requests wrote. */
  db: Kysely<Database>;
  /** fetch() against the server: `path` is relative to its base URL; redirects are not followed. */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  /**
   * Stops the HTTP server and its webhook worker and starts a new one on the same database (a restart of the
   * application; the database stays up), on a new port.
   */
  restart(settings?: SiteServerSettings): Promise<void>;
  close(): Promise<void>;
}

// HSS_DIST lets parallel work build into separate folders (`npx astro build --outDir .tmp/dist-x`).
const ENTRY = path.resolve(import.meta.dirname, '../..', process.env['HSS_DIST'] ?? 'dist', 'server/entry.mjs');

/**
 * Starts the built server (dist/, from `npm run build`) in this process on a free loopback port, on a fresh
 * database of `engine`. `env` is applied to process.env before the server's first request (configuration is
 * read once per test file, so give every server of a file the same env).
 */
export async function startTestServer(
  engine: Engine,
  env: Record<string, string> = {},
  settings: SiteServerSettings = {},
): Promise<TestServer> {
  if (!fs.existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\` before the integration tests`);
  // Tests arrange data directly in the database, behind the server's back: its public read cache is off unless a
  // test turns it on (tests/integration/read-cache.test.ts).
  Object.assign(process.env, {
    ASTRO_NODE_AUTOSTART: 'disabled',
    ASTRO_TELEMETRY_DISABLED: '1',
    DEMO_SEED: 'off',
    READ_CACHE_SECONDS: '0',
    ...env,
  });
  const handle = await createTestDatabase(engine);
  // The built pages use the process's app: make it one around our database, so that both sides share it.
  const app = new App(handle);
  useProcessApp(app);
  // The same server as production (scripts/start.ts): security headers and policies on every answer.
  let server = await listen(settings);
  let baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await app.stopWebhooks();
  };
  return {
    get baseUrl() {
      return baseUrl;
    },
    engine,
    location: handle.location,
    db: handle.db,
    fetch: (pathname, init) => fetch(new URL(pathname, baseUrl), { redirect: 'manual', ...init }),
    async restart(next = settings) {
      await stop();
      server = await listen(next);
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      await stop();
      useProcessApp(undefined);
      await app.close();
    },
  };
}

async function listen(settings: SiteServerSettings) {
  const server = await createSiteServer(pathToFileURL(ENTRY).href, settings);
  // The client (fetch) drops an idle connection after 4 s and the server after 5 s; on a loaded machine both timers
  // fire late and the client can reuse a socket the server is closing (ECONNRESET). A long server side leaves the
  // decision to the client.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
