import type { ExpressionBuilder } from 'kysely';
import type { DB, Database } from '#lib/server/db/index.ts';
import type { CalculationStatus, MatchType, Visibility } from '#lib/server/db/tables/matches.ts';
import { singleFlight } from './single-flight.ts';

/** What a match list is narrowed to; every list is one of OR'ed values, the lists are AND'ed. */
export interface MatchFilter {
  seriesId: number;
  visibility: Visibility;
  /** A team's matches (either side): by registered id or by the tag as reported (lower case). */
  involving?: { teamIds: number[]; tags: string[] }[];
  maps?: string[];
  types?: MatchType[];
  tournamentIds?: number[];
  results?: string[];
  statuses?: CalculationStatus[];
}

export interface MatchPage {
  desc: boolean;
  limit: number;
  offset: number;
}

type MatchEb = ExpressionBuilder<Database & { m: Database['matches'] }, 'm'>;

/** The filter as a condition on `matches as m`. */
export function applyFilter(eb: MatchEb, filter: MatchFilter) {
  const conditions = [eb('m.series_id', '=', filter.seriesId), eb('m.visibility', '=', filter.visibility)];
  for (const team of filter.involving ?? []) {
    const either = [];
    if (team.teamIds.length)
      either.push(eb('m.winner_team_id', 'in', team.teamIds), eb('m.loser_team_id', 'in', team.teamIds));
    if (team.tags.length) {
      either.push(
        eb(eb.fn('lower', ['m.winner_tag']), 'in', team.tags),
        eb(eb.fn('lower', ['m.loser_tag']), 'in', team.tags),
      );
    }
    conditions.push(either.length ? eb.or(either) : eb.lit(false));
  }
  if (filter.maps) conditions.push(filter.maps.length ? eb('m.map', 'in', filter.maps) : eb.lit(false));
  if (filter.types) conditions.push(eb('m.type', 'in', filter.types));
  if (filter.tournamentIds)
    conditions.push(filter.tournamentIds.length ? eb('m.tournament_id', 'in', filter.tournamentIds) : eb.lit(false));
  if (filter.results) conditions.push(eb('m.result', 'in', filter.results));
  if (filter.statuses) conditions.push(eb('m.calculation_status', 'in', filter.statuses));
  return eb.and(conditions);
}

/**
 * `matches as m` with both sides as reported (tag, team id) and their registration (name, icon, deletion) joined:
 * what every match list shows of its two teams.
 */
export function selectMatchesWithTeams(db: DB) {
  return db
    .selectFrom('matches as m')
    .leftJoin('teams as w', 'w.id', 'm.winner_team_id')
    .leftJoin('teams as l', 'l.id', 'm.loser_team_id')
    .select([
      'm.winner_tag',
      'm.loser_tag',
      'm.winner_team_id',
      'm.loser_team_id',
      'w.name as winner_name',
      'w.icon as winner_icon',
      'w.deleted_at as winner_deleted_at',
      'l.name as loser_name',
      'l.icon as loser_icon',
      'l.deleted_at as loser_deleted_at',
    ]);
}

/** The match columns with both teams' registration (name, icon) and the tournament tag. */
function selectMatches(db: DB) {
  return selectMatchesWithTeams(db)
    .leftJoin('tournaments as tn', 'tn.id', 'm.tournament_id')
    .select([
      'm.id',
      'm.title',
      'm.type',
      'm.map',
      'm.map_layout',
      'm.date',
      'm.duration',
      'm.result',
      'm.victor_side',
      'm.calculation_status',
      'm.visibility',
      'm.defensive_players',
      'm.submitted_by_tag',
      'm.submitted_by_username',
      'm.cap_flips',
      'm.streams',
      'm.url',
      'm.gamemode',
      'm.kill_statistics',
      'm.winner_mu_before',
      'm.winner_sigma_before',
      'm.loser_mu_before',
      'm.loser_sigma_before',
      'm.winner_mu_after',
      'm.winner_sigma_after',
      'm.loser_mu_after',
      'm.loser_sigma_after',
      'm.win_probability',
      'tn.tag as tournament_tag',
    ]);
}

export type MatchListRow = Awaited<ReturnType<ReturnType<typeof selectMatches>['execute']>>[number];

/**
 * One page of matches by date (then id) and the total that match the filter. Two queries in parallel: a window
 * count would make the database join and sort every matching row instead of stopping after the page.
 */
export async function listMatches(
  db: DB,
  filter: MatchFilter,
  page: MatchPage,
): Promise<{ rows: MatchListRow[]; total: number }> {
  const [rows, count] = await Promise.all([listMatchRows(db, filter, page), countMatches(db, filter)]);
  return { rows, total: count };
}

/** One page of matches by date (then id) that match the filter, without the total (listMatches). */
export function listMatchRows(db: DB, filter: MatchFilter, page: MatchPage): Promise<MatchListRow[]> {
  const direction = page.desc ? 'desc' : 'asc';
  return selectMatches(db)
    .where((eb) => applyFilter(eb as unknown as MatchEb, filter))
    .orderBy('m.date', direction)
    .orderBy('m.id', direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many matches match the filter; concurrent counts of one filter (e.g. of different pages) share a query. */
export function countMatches(db: DB, filter: MatchFilter): Promise<number> {
  return singleFlight(db, `count-matches:${JSON.stringify(filter)}`, async () => {
    const row = await db
      .selectFrom('matches as m')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => applyFilter(eb, filter))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
}

/** The match of the series with this id (any visibility), or undefined. */
export function findMatch(db: DB, seriesId: number, matchId: number): Promise<MatchListRow | undefined> {
  return selectMatches(db).where('m.series_id', '=', seriesId).where('m.id', '=', matchId).executeTakeFirst();
}

/**
 * Every player's statistics in the match with their details (weapons, killers, kill times...) and the profile
 * visibility (any match id; callers check the match).
 */
export function listPlayerStats(db: DB, matchId: number) {
  return db
    .selectFrom('player_match_stats as s')
    .innerJoin('player_match_details as d', (join) =>
      join.onRef('d.match_id', '=', 's.match_id').onRef('d.steam_id', '=', 's.steam_id'),
    )
    .innerJoin('players as p', 'p.steam_id', 's.steam_id')
    .select([
      's.steam_id',
      's.side',
      's.name',
      's.playtime',
      's.kills',
      's.deaths',
      's.teamkills',
      's.kpm',
      's.dpm',
      's.cpm',
      's.spm',
      's.max_streak',
      's.combat_points',
      's.offensive_points',
      's.defensive_points',
      's.support_points',
      'd.weapons',
      'd.roles',
      'd.squads',
      'd.killers',
      'd.victims',
      'd.kill_events',
      's.streamer',
      's.side_percentile',
      's.all_percentile',
      's.team_id',
      'p.visibility',
    ])
    .where('s.match_id', '=', matchId)
    .orderBy('s.side')
    .orderBy('s.combat_points', 'desc')
    .orderBy('s.steam_id')
    .execute();
}

/** Ids of tournaments with these tags (case-insensitive). */
export async function findTournamentIds(db: DB, tags: string[]): Promise<number[]> {
  if (tags.length === 0) return [];
  const lower = tags.map((t) => t.toLowerCase());
  const rows = await db
    .selectFrom('tournaments')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['tag']), 'in', lower))
    .execute();
  return rows.map((r) => r.id);
}
