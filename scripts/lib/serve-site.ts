/**
 * `npm run serve [-- <dist folder>]`: serves an existing build (default dist/) through the site server, without
 * building, migrating ahead or seeding (the server migrates on first use). `npm start` is the usual way.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, parseConfig } from '#lib/server/config.ts';
import { serveBuiltSite } from '#lib/server/http/server/site-server.ts';
import { stopOnSignals } from '#lib/server/http/server/shutdown.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.resolve(root, process.argv[2] ?? 'dist');

try {
  const config = parseConfig(process.env);
  const server = await serveBuiltSite(
    pathToFileURL(path.join(dist, 'server/entry.mjs')).href,
    config.host,
    config.port,
    {
      requestLog: config.requestLog ? (line) => process.stdout.write(`${line}\n`) : undefined,
    },
  );
  stopOnSignals(server);
  console.log(`Serving ${config.publicUrl} from ${dist}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
}
