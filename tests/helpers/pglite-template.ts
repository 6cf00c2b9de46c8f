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

/**
 * Where the dump of the current schema lives: named by a hash of the migrations and the PGlite version, so that a
 * changed migration or engine never starts from an old dump.
 */
export function templatePath(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pglite.version);
  for (const file of fs.readdirSync(MIGRATIONS).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(MIGRATIONS, file)));
  }
  return path.join(ROOT, '.tmp', `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Writes the dump of a freshly migrated database to `templatePath()` unless it is there already. */
export async function ensureTemplate(): Promise<void> {
  const file = templatePath();
  if (fs.existsSync(file) && fs.existsSync(templateFolder(file))) return;
  const pglite = await PGlite.create();
  try {
    await migrateToLatest(new Kysely<Database>({ dialect: new PGliteDialect(pglite) }));
    const dump = await pglite.dumpDataDir('none');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed, so that a reader never sees half a dump.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await pglite.close();
  }
  // The same database as a data folder, for servers and commands that open one (copied: folderFromTemplate).
  const folder = `${file}.${process.pid}.folder`;
  fs.mkdirSync(folder, { recursive: true });
  const dump = templateDump();
  if (!dump) throw new Error(`${file} was not written`);
  const onDisk = await PGlite.create(path.join(folder, 'pgdata'), { loadDataDir: dump });
  await onDisk.close();
  fs.rmSync(templateFolder(file), { recursive: true, force: true });
  fs.renameSync(folder, templateFolder(file));
  // Templates of earlier schemas are 40 MB each and never read again.
  const kept = [path.basename(file), path.basename(templateFolder(file))];
  for (const name of fs.readdirSync(path.dirname(file)))
    if (name.startsWith('pglite-template-') && !kept.includes(name))
      fs.rmSync(path.join(path.dirname(file), name), { recursive: true, force: true });
}

const templateFolder = (file: string) => file.replace(/\.tar$/, '.d');

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
