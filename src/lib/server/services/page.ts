import type { AstroGlobal } from 'astro';
import { getDb, type DB } from '#lib/server/db/index.ts';
import { loadShell, type ShellData } from './shell.ts';

/** What every server-rendered page starts from: the database and the shell data for this request. */
export async function loadPage(astro: AstroGlobal): Promise<{ db: DB; shell: ShellData }> {
  const db = await getDb();
  const shell = await loadShell(db, astro.locals.actor, astro.url);
  return { db, shell };
}
