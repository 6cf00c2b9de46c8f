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

function selectTournamentResults(db: DB) {
  return db
    .selectFrom('matches as m')
    .innerJoin('tournaments as tn', 'tn.id', 'm.tournament_id')
    .leftJoin('teams as w', 'w.id', 'm.winner_team_id')
    .leftJoin('teams as l', 'l.id', 'm.loser_team_id')
    .select([
      'tn.tag as tournament_tag',
      'm.id',
      'm.date',
      'm.result',
      'm.winner_tag',
      'm.loser_tag',
      'm.winner_team_id',
      'm.loser_team_id',
      'w.tag as winner_team_tag',
      'w.name as winner_name',
      'w.icon as winner_icon',
      'w.deleted_at as winner_deleted_at',
      'l.tag as loser_team_tag',
      'l.name as loser_name',
      'l.icon as loser_icon',
      'l.deleted_at as loser_deleted_at',
    ])
    .where('m.visibility', '=', 'public')
    .where('m.calculation_status', '!=', 'disputed')
    .orderBy('m.date')
    .orderBy('m.id');
}

/**
 * Both sides of every public match of a tournament in one series (disputed reports left out: their result is in
 * question), oldest first, with each side's live registration, for the tournament's standings and bracket.
 */
export function listTournamentResults(db: DB, tournamentTag: string, seriesId: number) {
  return selectTournamentResults(db)
    .where((eb) => eb(eb.fn('lower', ['tn.tag']), '=', tournamentTag.toLowerCase()))
    .where('m.series_id', '=', seriesId)
    .execute();
}

/**
 * The same for every tournament at once, each read in its own series (one without a series in
 * `fallbackSeriesId`, the series in use, as its page does), for the tournament list.
 */
export function listAllTournamentResults(db: DB, fallbackSeriesId: number | null) {
  return selectTournamentResults(db)
    .where((eb) =>
      eb.or([
        eb('m.series_id', '=', eb.ref('tn.series_id')),
        eb.and([eb('tn.series_id', 'is', null), eb('m.series_id', '=', fallbackSeriesId ?? -1)]),
      ]),
    )
    .execute();
}

export type TournamentResultRow = Awaited<ReturnType<typeof listTournamentResults>>[number];
