/**
 * `npm start`: validates the configuration, builds the site when the build is missing or older than the
 * sources, applies migrations, seeds an empty database, and then serves the site in this process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, parseConfig } from '#lib/server/config.ts';
import { connectDatabase } from '#lib/server/db/connect.ts';
import { processApp } from '#lib/server/app.ts';
import { DataFolderLockedError } from '#lib/server/db/folder-lock.ts';
import { rateLeftoverQueue, seedIfEmpty } from '#lib/server/services/bootstrap.ts';
import { serveBuiltSite } from '#lib/server/http/server/site-server.ts';
import { stopOnSignals } from '#lib/server/http/server/shutdown.ts';
import { terminalProgress } from '#cli/progress.ts';

const root = path.resolve(import.meta.dirname, '../..');
const entry = path.join(root, 'dist/server/entry.mjs');

function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

function buildIsStale(): boolean {
  if (!fs.existsSync(entry)) return true;
  const sources = ['src', 'public', 'astro.config.mjs', 'package.json']
    .map((p) => path.join(root, p))
    .filter((p) => fs.existsSync(p));
  return Math.max(...sources.map(newestMtime)) > fs.statSync(entry).mtimeMs;
}

const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

/**
 * Starts `astro build` in a child process whose output is kept (printed whole if it fails: it would break the
 * progress lines drawn meanwhile); resolves when it has built the site, rejects when it failed.
 */
function startBuild(): Promise<void> {
  console.log('Building the site (astro build) beside the database work...');
  const building = performance.now();
  const astro = path.join(root, 'node_modules/astro/bin/astro.mjs');
  const child = spawn(process.execPath, [astro, 'build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  const done = new Promise<void>((resolve, reject) =>
    child.once('close', (code) => {
      if (code === 0) {
        console.log(`Built the site in ${seconds(building)}.`);
        resolve();
        return;
      }
      process.stderr.write(Buffer.concat(output));
      reject(new Error('The build failed (see above)'));
    }),
  );
  // Heard at once: a failed build must not be an unhandled rejection while the database work goes on.
  done.catch(() => {});
  return done;
}

async function main(): Promise<void> {
  const started = performance.now();
  const config = parseConfig(process.env);
  // Migrations on a large database and the first start's demo seed take a while: shown as they go.
  const progress = terminalProgress({ intervalMs: config.progressMs });
  // The build runs in its own process beside the database work (a new database, migrations, the first seed).
  const build = process.argv.includes('--rebuild') || buildIsStale() ? startBuild() : undefined;
  // PGlite: the database the site will serve, opened once (opening an embedded database takes seconds). PostgreSQL:
  // a connection of its own without the site's statement timeout (a seed's statements may rightly take longer); the
  // site connects with its own settings.
  const handle = config.databaseUrl
    ? await connectDatabase({ databaseUrl: config.databaseUrl, progress })
    : (await processApp(progress)).database;
  try {
    if (config.demoSeed === 'auto') {
      const seeded = await seedIfEmpty(handle.db, progress);
      if (seeded) console.log(seeded);
    }
    const rated = await rateLeftoverQueue(handle.db);
    if (rated > 0) console.log(`Rated the queued matches of ${rated} series left from the previous run.`);
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (config.databaseUrl) await handle.close();
  console.log(`Database: ${handle.engine} at ${handle.location}`);
  if (build) await build;
  process.env['HOST'] = config.host;
  process.env['PORT'] = String(config.port);
  // Served through the site server, not the adapter's own listener: static files, refused addresses and methods
  // get the security headers too (src/lib/server/http/server/site-server.ts).
  const server = await serveBuiltSite(pathToFileURL(entry).href, config.host, config.port, {
    requestLog: config.requestLog ? (line) => process.stdout.write(`${line}\n`) : undefined,
  });
  stopOnSignals(server);
  console.log(
    `Serving ${config.publicUrl} (listening on ${config.host}:${config.port}), ready in ${seconds(started)}.`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataFolderLockedError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
