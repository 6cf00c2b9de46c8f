import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { Database } from '#lib/server/db/database.ts';
import { migrateToLatest } from '#lib/server/db/migrate.ts';
import { PGliteDialect } from '#lib/server/db/pglite-dialect.ts';

/*
 * A new in-memory PGlite spends most of its start-up (about 8 of 12 s of CPU on this machine) creating an empty
 * cluster, and every integration file opens at least one. So the run creates one migrated database, dumps its data
 * folder to a file beside the other test output, and every test database starts from that dump instead.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const MIGRATIONS = path.join(ROOT, 'src/lib/server/db/migrations');

let current: string | undefined;

/**
 * Where the dump of the current schema lives (computed once per process): named by a hash of the migrations and the
 * PGlite version, so that a changed migration or engine never starts from an old dump. The same database as a data
 * folder lies beside it (templateFolder), for servers and commands that open one.
 */
export function templatePath(): string {
  return (current ??= path.join(ROOT, '.tmp', `pglite-template-${schemaHash()}.tar`));
}

let hashed: string | undefined;

/**
 * 16 hex digits naming the schema the migrations build (and the PGlite version holding it), computed once per
 * process: a template named by it is never reused after a migration or the engine changed.
 */
export function schemaHash(): string {
  if (hashed) return hashed;
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pglite.version);
  for (const file of fs.readdirSync(MIGRATIONS).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(MIGRATIONS, file)));
  }
  return (hashed = hash.digest('hex').slice(0, 16));
}

const templateFolder = (file: string) => file.replace(/\.tar$/, '.d');

/** Makes the template (the dump and the data folder of a freshly migrated database) unless it is there already. */
export async function ensureTemplate(): Promise<void> {
  const file = templatePath();
  const folder = templateFolder(file);
  if (fs.existsSync(file) && fs.existsSync(folder)) return;
  // Made aside and renamed, so that a reader never sees half a template: one migrated data folder, dumped as it is.
  const partial = `${file}.${process.pid}.partial`;
  fs.mkdirSync(partial, { recursive: true });
  const pglite = await PGlite.create(path.join(partial, 'pgdata'));
  try {
    await migrateToLatest(new Kysely<Database>({ dialect: new PGliteDialect(pglite) }));
    const dump = await pglite.dumpDataDir('none');
    fs.writeFileSync(`${partial}.tar`, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  fs.rmSync(folder, { recursive: true, force: true });
  fs.renameSync(partial, folder);
  fs.renameSync(`${partial}.tar`, file);
  // Templates of earlier schemas are 40 MB each and never read again.
  const kept = [path.basename(file), path.basename(folder)];
  for (const name of fs.readdirSync(path.dirname(file)))
    if (name.startsWith('pglite-template-') && !kept.includes(name))
      fs.rmSync(path.join(path.dirname(file), name), { recursive: true, force: true });
}

/**
 * A new temporary data folder (under the system's temporary folder, named from `prefix`) holding the run's
 * migrated database when the global setup made one, else empty: the process that opens it first then creates it.
 */
export function migratedDataFolder(prefix: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = templateFolder(templatePath());
  if (fs.existsSync(template)) fs.cpSync(template, folder, { recursive: true });
  return folder;
}

let loaded: { file: string; dump: Blob } | undefined;

/** The dump to start a test database from, read once per process; undefined when no run has written it. */
export function templateDump(): Blob | undefined {
  const file = templatePath();
  if (loaded?.file === file) return loaded.dump;
  if (!fs.existsSync(file)) return undefined;
  loaded = { file, dump: new Blob([fs.readFileSync(file)]) };
  return loaded.dump;
}
