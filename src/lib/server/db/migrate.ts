import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.ts';

/** Applies every pending migration; throws with the failing migration's name and error. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Applies the migrations up to and including `name` (a restore brings an empty database to the version its
 * backup was made with before loading it); throws when `name` is not a migration of this version.
 */
export async function migrateUpTo(db: Kysely<any>, name: string): Promise<void> {
  if (!(name in migrations)) throw new Error(`Unknown migration '${name}'`);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw new Error(`Database migration to ${name} failed: ${error instanceof Error ? error.message : error}`);
}

/** Names of every migration this version knows, oldest first. */
export function knownMigrations(): string[] {
  return Object.keys(migrations).sort();
}
