import type { DB } from '#lib/server/db/index.ts';

function selectTournaments(db: DB) {
  return db
    .selectFrom('tournaments as t')
    .leftJoin('series as s', 's.id', 't.series_id')
    .select([
      't.tag',
      't.name',
      't.icon',
      't.invite',
      't.description',
      't.event',
      't.active',
      't.starts_at',
      't.ends_at',
      't.extra',
      's.tag as series_tag',
    ]);
}

export type TournamentReadRow = Awaited<ReturnType<ReturnType<typeof selectTournaments>['execute']>>[number];

/** Tournaments, newest first; only active ones when `activeOnly`. */
export function listTournamentRows(db: DB, activeOnly: boolean): Promise<TournamentReadRow[]> {
  let query = selectTournaments(db).orderBy('t.created_at', 'desc').orderBy('t.id', 'desc');
  if (activeOnly) query = query.where('t.active', '=', true);
  return query.execute();
}

/** The tournament with this tag (case-insensitive), or undefined. */
export function findTournamentRow(db: DB, tag: string): Promise<TournamentReadRow | undefined> {
  return selectTournaments(db)
    .where((eb) => eb(eb.fn('lower', ['t.tag']), '=', tag.toLowerCase()))
    .executeTakeFirst();
}
