import { ensureTemplate } from './pglite-template.ts';

/** Vitest global setup: the migrated PGlite dump every test database starts from (pglite-template.ts). */
export default async function setup(): Promise<void> {
  await ensureTemplate();
}
