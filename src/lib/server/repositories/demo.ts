import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';

/** Sets the hidden true strength of players (demo data). */
export async function setPlayerTrueStrengths(
  db: DB,
  rows: readonly { steam_id: string; strength: number }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    const data = JSON.stringify(rows.slice(i, i + 5000));
    await sql`
      update players p set true_strength = v.strength
      from jsonb_to_recordset(${data}::jsonb) as v(steam_id text, strength float8)
      where p.steam_id = v.steam_id`.execute(db);
  }
}

/** Sets a team's hidden true strength in one series. */
export async function setTeamTrueStrength(db: DB, seriesId: number, teamId: number, strength: number): Promise<void> {
  await db
    .updateTable('team_ratings')
    .set({ true_strength: strength })
    .where('series_id', '=', seriesId)
    .where('team_id', '=', teamId)
    .execute();
}

// Looked up by key only: their statistics (every stored log and the per-player JSON detoasted) cost seconds to gather.
const NOT_ANALYZED = new Set(['log_uploads', 'player_match_details']);

/**
 * Gathers the planner's statistics of every table but those only ever read by key (NOT_ANALYZED) and those of
 * `except` (tables whose statistics were gathered since their last bulk change).
 */
export async function analyzeLoadedTables(db: DB, except: readonly string[] = []): Promise<void> {
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
    where schemaname = current_schema() order by 1`.execute(db);
  const tables = rows.map((r) => r.name).filter((name) => !NOT_ANALYZED.has(name) && !except.includes(name));
  await sql`analyze ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
}
