import type { DB } from '#lib/server/db/index.ts';
import type { TournamentRow } from '#lib/server/db/tables/tournaments.ts';

/** Tournaments, newest first; only active ones when `activeOnly`. */
export function listTournaments(db: DB, activeOnly: boolean): Promise<TournamentRow[]> {
  let query = db.selectFrom('tournaments').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (activeOnly) query = query.where('active', '=', true);
  return query.execute();
}
