import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import { knownMigrations } from '#lib/server/db/migrate.ts';
import { appliedMigrations } from '#lib/server/repositories/backup.ts';

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * The first code an error (or one it wraps) carries, a socket error or a SQLSTATE such as 'ECONNREFUSED' or '57P03':
 * it names the reason and never an address.
 */
function errorCode(error: unknown, depth = 0): string | undefined {
  if (depth > 4 || !(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^[A-Z0-9_]{1,24}$/.test(code)) return code;
  for (const inner of error instanceof AggregateError ? error.errors : []) {
    const found = errorCode(inner, depth + 1);
    if (found) return found;
  }
  return errorCode(error.cause, depth + 1);
}

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
      // The driver's message names the host and port: the operator reads it in the log, a stranger only its code.
      console.error('Readiness check failed:', error);
      const code = errorCode(error);
      return { ready: false, reason: `The database is unreachable${code ? ` (${code})` : ''}` };
    }
  })();
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
