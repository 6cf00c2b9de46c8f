import { postgresTemplate } from './database.ts';
import { ensureTemplate } from './pglite-template.ts';

/**
 * Vitest global setup: the migrated databases every test database starts from, the PGlite dump (pglite-template.ts)
 * and, when TEST_DATABASE_URL is set, the PostgreSQL template (database.ts), made side by side.
 */
export default async function setup(): Promise<void> {
  await Promise.all([ensureTemplate(), process.env['TEST_DATABASE_URL'] ? postgresTemplate() : undefined]);
}
