import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { noProgress, type Progress, type ProgressStep } from '#lib/server/progress.ts';
import { migrations } from './migrations/index.ts';

/** The migrations, each counting itself on `step` once applied. */
function counted(step: ProgressStep): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(migrations).map(([name, m]) => [
      name,
      {
        ...m,
        async up(db: Kysely<any>) {
          await m.up(db);
          step.advance();
        },
      },
    ]),
  );
}

/**
 * Applies every pending migration (in one transaction); throws with the failing migration's name and error. A
 * database with migrations pending reports them on `progress`, one unit each.
 */
export async function migrateToLatest(db: Kysely<any>, progress: Progress = noProgress): Promise<string[]> {
  const pending = (
    await new Migrator({ db, provider: { getMigrations: async () => migrations } }).getMigrations()
  ).filter((m) => m.executedAt === undefined).length;
  const step = pending === 0 ? undefined : progress.step('Migrating the database', pending, 'migrations');
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => (step ? counted(step) : migrations) },
  });
  const { error, results } = await migrator.migrateToLatest().finally(() => step?.end());
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
