import { dictionary } from '#lib/own.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import { actsForTeam, isAdmin } from '#lib/server/auth/actor.ts';
import type { MatchDetail, MatchList, MatchListQuery, PlayerStats } from '#lib/schemas/match.ts';
import { badRequest, forbidden, notFound, unauthorized } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { resolveMap } from '#lib/domain/catalogue/maps.ts';
import { findTeamByTag } from '#lib/server/repositories/teams-write.ts';
import {
  findMatch,
  findTournamentIds,
  listMatches,
  listPlayerStats,
  type MatchFilter,
} from '#lib/server/repositories/read/matches.ts';
import { requireTeam } from '#lib/server/services/teams-write.ts';
import { toMatch, toPlayerStats } from './match-view.ts';
import type { ReadResult } from './values.ts';

/** A team filter value: the registered team carrying (or having carried) the tag, and the tag as reported. */
async function involving(db: DB, tags: string[]): Promise<{ teamIds: number[]; tags: string[] }> {
  const teams = await Promise.all(tags.map((tag) => findTeamByTag(db, tag)));
  return {
    teamIds: teams.flatMap((team) => (team ? [team.id] : [])),
    tags: [...tags, ...teams.flatMap((team) => (team ? [team.tag] : []))].map((t) => t.toLowerCase()),
  };
}

/** Catalogue map ids for map filter values (id, display or short name); 400 naming an unknown map. */
function mapIdsOf(values: string[]): string[] {
  return values.map((value) => {
    const map = resolveMap(value);
    if (!map) throw badRequest(messages.invalidParameter('map', `unknown map '${value}'`));
    return map.id;
  });
}

/** Turns the list query into a repository filter over the series' public matches. */
async function toFilter(db: DB, series: SeriesRow, query: MatchListQuery): Promise<MatchFilter> {
  const filter: MatchFilter = { seriesId: series.id, visibility: 'public' };
  const teamFilters = [];
  if (query.tag) teamFilters.push(await involving(db, [query.tag]));
  if (query.team?.length) teamFilters.push(await involving(db, query.team));
  if (teamFilters.length) filter.involving = teamFilters;
  if (query.map?.length) filter.maps = mapIdsOf(query.map);
  if (query.type?.length) filter.types = query.type;
  if (query.tournament?.length) filter.tournamentIds = await findTournamentIds(db, query.tournament);
  if (query.result?.length) filter.results = query.result;
  if (query.status?.length) filter.statuses = query.status;
  return filter;
}

/** GET .../matches: one page of the series' public matches by date, filtered, with the total. */
export async function listSeriesMatches(db: DB, series: SeriesRow, query: MatchListQuery): Promise<MatchList> {
  const filter = await toFilter(db, series, query);
  const { rows, total } = await listMatches(db, filter, query);
  return { matches: rows.map(toMatch), meta: { count: rows.length, offset: query.offset, total_count: total } };
}

/** The key under which kills by or of players with private profiles are counted together, naming no one. */
export const PRIVATE_PLAYERS_KEY = 'private';

/** Kill counts by player id with the ids in `hidden` counted together under PRIVATE_PLAYERS_KEY. */
function withoutIds(counts: Record<string, number>, hidden: ReadonlySet<string>): Record<string, number> {
  const out = dictionary<number>();
  for (const [id, count] of Object.entries(counts)) {
    const key = hidden.has(id) ? PRIVATE_PLAYERS_KEY : id;
    out[key] = (out[key] ?? 0) + count;
  }
  return out;
}

/**
 * GET .../matches/{id}: the match with its player statistics keyed by player id. A private match is visible only
 * to its teams' managers (and API keys) and admins (403 otherwise). Players with private profiles are left out
 * except for admins, and so are their ids from the others' killers and victims (counted under PRIVATE_PLAYERS_KEY).
 */
export async function getMatchDetail(
  db: DB,
  series: SeriesRow,
  matchId: number,
  actor: Actor,
): Promise<ReadResult<MatchDetail>> {
  // Both reads at once: the statistics are only used once the match is found and visible to the caller.
  const [row, stats] = await Promise.all([findMatch(db, series.id, matchId), listPlayerStats(db, matchId)]);
  if (!row) throw notFound(messages.matchNotFound(matchId));
  const isPrivate = row.visibility === 'private';
  if (isPrivate && !actsForTeam(actor, row.winner_team_id) && !actsForTeam(actor, row.loser_team_id)) {
    throw forbidden(messages.privateMatch);
  }
  const teamTags = new Map<number | null, string>([
    [row.winner_team_id, row.winner_tag],
    [row.loser_team_id, row.loser_tag],
  ]);
  teamTags.delete(null);
  const showPrivate = isAdmin(actor);
  const hidden = new Set(stats.filter((s) => s.visibility === 'private' && !showPrivate).map((s) => s.steam_id));
  const player_stats = dictionary<PlayerStats>();
  for (const s of stats)
    if (!hidden.has(s.steam_id)) {
      const player = toPlayerStats({ ...s, team_tag: teamTags.get(s.team_id) ?? null });
      player_stats[s.steam_id] = hidden.size
        ? { ...player, killers: withoutIds(player.killers, hidden), victims: withoutIds(player.victims, hidden) }
        : player;
    }
  const match = toMatch(row);
  match.defensive_players = {
    Allies: match.defensive_players.Allies.filter((id) => !hidden.has(id)),
    Axis: match.defensive_players.Axis.filter((id) => !hidden.has(id)),
  };
  const sawPrivatePlayers = showPrivate && stats.some((s) => s.visibility === 'private');
  return { data: { ...match, player_stats }, personal: isPrivate || sawPrivatePlayers };
}

/** GET .../teams/{tag}/private-matches: the team's private matches, for its managers and admins (401/403). */
export async function listPrivateMatches(
  db: DB,
  series: SeriesRow,
  tag: string,
  actor: Actor,
  page: { desc: boolean; limit: number; offset: number },
): Promise<MatchList> {
  return listPrivateMatchesOf(db, series, await requireTeam(db, tag), actor, page);
}

/** listPrivateMatches for a team already found (the team page). */
export async function listPrivateMatchesOf(
  db: DB,
  series: SeriesRow,
  team: { id: number },
  actor: Actor,
  page: { desc: boolean; limit: number; offset: number },
): Promise<MatchList> {
  if (actor.kind === 'anonymous') throw unauthorized(messages.signInRequired);
  if (!actsForTeam(actor, team.id)) throw forbidden(messages.forbidden);
  const filter: MatchFilter = {
    seriesId: series.id,
    visibility: 'private',
    involving: [{ teamIds: [team.id], tags: [] }],
  };
  const { rows, total } = await listMatches(db, filter, page);
  return { matches: rows.map(toMatch), meta: { count: rows.length, offset: page.offset, total_count: total } };
}
