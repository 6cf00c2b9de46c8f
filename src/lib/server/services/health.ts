import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import { knownMigrations } from '#lib/server/db/migrate.ts';
import { appliedMigrations } from '#lib/server/repositories/backup.ts';

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Whether this instance can serve: the database answers within `timeoutMs` and every migration this version
 * knows has been applied. Never throws: a failure is a reason in words.
 */
export async function readiness(openDb: () => Promise<DB>, timeoutMs: number): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(
      () => resolve({ ready: false, reason: `The database did not answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
  });
  const check = (async (): Promise<Readiness> => {
    try {
      const db = await openDb();
      await sql`select 1`.execute(db);
      const applied = new Set(await appliedMigrations(db));
      const missing = knownMigrations().filter((name) => !applied.has(name));
      if (missing.length) return { ready: false, reason: `Migrations not applied: ${missing.join(', ')}` };
      return { ready: true };
    } catch (error) {
      return { ready: false, reason: `The database is unreachable: ${error instanceof Error ? error.message : error}` };
    }
  })();
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
