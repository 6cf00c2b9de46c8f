import type { DB } from '#lib/server/db/index.ts';
import { webUrl } from '#lib/schemas/web-url.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import type { Team, TeamDetail, TeamListQuery, TeamPlayers } from '#lib/schemas/team.ts';
import { notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import {
  findSeriesTeam,
  listRatingHistory,
  listSeriesTeams,
  listTeamPlayerPage,
  type SeriesTeamRow,
} from '#lib/server/repositories/read/series-teams.ts';
import { findPlayers, listAliases } from '#lib/server/repositories/read/players.ts';
import { requireTeam } from '#lib/server/services/teams-write.ts';
import { iso, isoOrNull, score } from './values.ts';
import { listLastResults, listRanksAt } from '#lib/server/repositories/read/team-ladder.ts';
import type { LadderTeam } from '#lib/schemas/team-view.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The API view of a team row of a series (rank and ranking from the series' ordering). */
export function toTeam(row: SeriesTeamRow, rankedAfter: number): Team {
  return {
    tag: row.tag,
    name: row.name,
    mu: row.mu,
    sigma: row.sigma,
    score: score(row.mu, row.sigma),
    last_updated: isoOrNull(row.last_updated),
    icon: webUrl(row.icon),
    previous_tags: (row.previous_tags ?? []).map((p) => ({ tag: p.tag, until: iso(p.until) })),
    invite: webUrl(row.invite),
    num_matches: row.num_matches,
    wins: row.wins,
    losses: row.losses,
    discord_role_id: row.discord_role_id,
    inactive: row.inactive,
    rank: row.rank,
    ranking: row.num_matches >= rankedAfter ? 'ranked' : 'pending',
  };
}

/**
 * One page of the series' active (or, with inactiveOnly, inactive) teams in ranking order, and the total. With
 * `search` (the team list's 'Find team'), only teams whose tag or name contains it, case-insensitively.
 */
export async function listTeams(
  db: DB,
  series: SeriesRow,
  query: TeamListQuery & { search?: string | undefined },
): Promise<{ teams: Team[]; total: number }> {
  const { rows, total } = await listSeriesTeams(db, series.id, series.ranked_after_matches, {
    inactive: query.inactiveOnly,
    limit: query.limit,
    offset: query.offset,
    search: query.search,
  });
  return { teams: rows.map((r) => toTeam(r, series.ranked_after_matches)), total };
}

/**
 * listTeams for the ladder: each team with its last five results and its movement since a week ago (`now`), both
 * from the series' public matches, as its record is.
 */
export async function listLadder(
  db: DB,
  series: SeriesRow,
  query: TeamListQuery & { search?: string | undefined },
  now: Date = new Date(),
): Promise<{ teams: LadderTeam[]; total: number }> {
  const { rows, total } = await listSeriesTeams(db, series.id, series.ranked_after_matches, {
    inactive: query.inactiveOnly,
    limit: query.limit,
    offset: query.offset,
    search: query.search,
  });
  const [last, past] = await Promise.all([
    listLastResults(
      db,
      series.id,
      rows.map((r) => r.id),
    ),
    listRanksAt(db, series.id, series.ranked_after_matches, query.inactiveOnly, new Date(now.getTime() - WEEK_MS)),
  ]);
  const teams = rows.map((row): LadderTeam => {
    const team = toTeam(row, series.ranked_after_matches);
    const before = past.get(row.id);
    return {
      ...team,
      form: (last.get(row.id) ?? []).map((won) => (won ? 'W' : 'L')),
      movement: before === undefined || team.ranking !== 'ranked' ? null : before - team.rank,
    };
  });
  return { teams, total };
}

/** The live team for `tag` (old tags resolve) with its series rating; 404 when unknown or not in the series. */
export async function requireSeriesTeam(db: DB, series: SeriesRow, tag: string): Promise<SeriesTeamRow> {
  const team = await requireTeam(db, tag);
  const row = await findSeriesTeam(db, series.id, series.ranked_after_matches, team);
  if (!row) throw notFound(messages.teamNotFound(tag));
  return row;
}

/** GET .../teams/{tag}: the team with its rating history (public matches, oldest first). */
export async function getTeamDetail(db: DB, series: SeriesRow, tag: string): Promise<TeamDetail> {
  const row = await requireSeriesTeam(db, series, tag);
  return toTeamDetail(series, row, await listRatingHistory(db, series.id, row.id));
}

/** The API view of a team of the series with its rating history (listRatingHistory's rows). */
export function toTeamDetail(
  series: SeriesRow,
  row: SeriesTeamRow,
  history: Awaited<ReturnType<typeof listRatingHistory>>,
): TeamDetail {
  return {
    ...toTeam(row, series.ranked_after_matches),
    rating_history: history.map((h) => ({
      match_id: h.match_id,
      date: iso(h.date),
      mu: h.mu,
      sigma: h.sigma,
      score: score(h.mu, h.sigma),
      num_matches: h.num_matches,
    })),
  };
}

/** A player's names to show: the primary (or last-seen) name first, then the other aliases (most used first). */
function namesOf(player: { name: string; primary_name: string | null }, aliases: readonly string[]): string[] {
  const first = player.primary_name ?? player.name;
  return [first, ...aliases.filter((a) => a !== first)];
}

/** Names of players to show: the primary (or last-seen) name first, then other aliases, most used first. */
export async function playerNames(db: DB, steamIds: string[]): Promise<Map<string, string[]>> {
  const [players, aliases] = await Promise.all([findPlayers(db, steamIds), listAliases(db, steamIds)]);
  const names = new Map<string, string[]>();
  for (const player of players) names.set(player.steam_id, namesOf(player, aliases.get(player.steam_id) ?? []));
  return names;
}

/** GET .../teams/{tag}/players: public players who played for the team in public matches of the series. */
export async function listTeamPlayers(
  db: DB,
  series: SeriesRow,
  tag: string,
  page: { limit: number; offset: number },
): Promise<TeamPlayers> {
  const team = await requireSeriesTeam(db, series, tag);
  return listPlayersOfTeam(db, series, team.id, page);
}

/** The players of a team already found (listTeamPlayers without finding it again): one query. */
export async function listPlayersOfTeam(
  db: DB,
  series: SeriesRow,
  teamId: number,
  page: { limit: number; offset: number },
): Promise<TeamPlayers> {
  const { players, total } = await listTeamPlayerPage(db, series.id, teamId, page);
  return {
    players: players.map((p) => ({ steam_id: p.steam_id, aliases: namesOf(p, p.aliases ?? []) })),
    meta: { count: players.length, offset: page.offset, total_count: total },
  };
}
