/**
 * What a link preview shows, one plain object per kind of page. The objects are built from the same schema types
 * the pages render, drawn by `previewSvg()` and hashed into the image's address: a preview's version is the hash of
 * its card, so anything the image shows (a rating, a result, a name) changing gives a new address.
 */
import type { MatchDetail } from '#lib/schemas/match.ts';
import type { TeamDetail, Team } from '#lib/schemas/team.ts';
import type { PlayerDetail } from '#lib/schemas/player.ts';
import type { Tournament, TournamentTeamRecord } from '#lib/schemas/tournament.ts';
import type { SeriesStatistics } from '#lib/schemas/statistics.ts';
import type { Series } from '#lib/schemas/series.ts';

/** The top teams of the home page and its preview. */
export const HOME_TOP = 5;

/** The most rating points a sparkline draws (the newest ones). */
export const SPARKLINE_POINTS = 60;

export interface TeamCard {
  kind: 'team';
  series: string;
  key: string;
  tag: string;
  name: string;
  rank: number;
  ranked: boolean;
  score: number;
  wins: number;
  losses: number;
  /** The score after each of the newest matches, oldest first. */
  history: { date: string; mu: number; sigma: number; score: number }[];
}

export interface MatchCard {
  kind: 'match';
  series: string;
  key: string;
  /** The banner of the layer (an image name of the map catalogue), null when the map has none. */
  banner: string | null;
  map: string;
  title: string | null;
  /** Winner first, as reported. */
  teams: [{ tag: string; name: string | null }, { tag: string; name: string | null }];
  result: string;
  victorSide: 'Allies' | 'Axis' | null;
  date: string;
  status: string;
  type: string;
  /** The best three public players by kills. */
  top: { name: string; team: string | null; kills: number; deaths: number }[];
}

export interface PlayerCard {
  kind: 'player';
  series: string;
  key: string;
  name: string;
  team: string | null;
  /** The game type the card shows (the first the player has: competitive, event, friendly). */
  game: 'competitive' | 'event' | 'friendly' | null;
  matches: number;
  /** z-scores of kills, deaths (inverted), support and combat per minute; null before the player is measured. */
  skill: number[] | null;
  kpm: number | null;
}

export interface TournamentCard {
  kind: 'tournament';
  series: string;
  key: string;
  tag: string;
  name: string;
  event: boolean;
  active: boolean;
  teams: number;
  matches: number;
  /** The top three of the tournament's table. */
  leaders: { tag: string; wins: number; losses: number }[];
}

export interface HomeCard {
  kind: 'home';
  series: string;
  key: string;
  name: string;
  teams: number;
  matches: number;
  players: number;
  top: { tag: string; name: string; score: number }[];
}

export type PreviewCard = TeamCard | MatchCard | PlayerCard | TournamentCard | HomeCard;
export type PreviewKind = PreviewCard['kind'];

const round = (n: number) => Math.round(n * 100) / 100;

/** The card of a team page. */
export function teamCard(series: string, team: TeamDetail): TeamCard {
  return {
    kind: 'team',
    series,
    key: team.tag,
    tag: team.tag,
    name: team.name,
    rank: team.rank,
    ranked: team.ranking === 'ranked',
    score: round(team.score),
    wins: team.wins,
    losses: team.losses,
    history: team.rating_history
      .slice(-SPARKLINE_POINTS)
      .map((p) => ({ date: p.date, mu: round(p.mu), sigma: round(p.sigma), score: round(p.score) })),
  };
}

/** The image name of a banner address ('/images/maps/carentan-day.svg' -> 'carentan-day'). */
function bannerImage(address: string | null): string | null {
  return address ? (/\/([^/]+)\.svg$/.exec(address)?.[1] ?? null) : null;
}

/** The card of a match page (public matches only: a private one has no preview). */
export function matchCard(series: string, match: MatchDetail): MatchCard {
  const [winner, loser] = match.team_details;
  const top = Object.values(match.player_stats)
    .sort((a, b) => b.kills - a.kills || a.deaths - b.deaths || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((p) => ({ name: p.name, team: p.team, kills: p.kills, deaths: p.deaths }));
  return {
    kind: 'match',
    series,
    key: String(match.match_id),
    banner: bannerImage(match.map_banner),
    map: match.map,
    title: match.title,
    teams: [
      { tag: winner.tag, name: winner.name },
      { tag: loser.tag, name: loser.name },
    ],
    result: match.result,
    victorSide: match.victor_side,
    date: match.date,
    status: match.calculation_status,
    type: match.type,
    top,
  };
}

const GAMES = ['competitive', 'event', 'friendly'] as const;

/** The card of a player page: the first game type the player has, competitive before event before friendly. */
export function playerCard(series: string, player: PlayerDetail): PlayerCard {
  const game = GAMES.find((g) => player.games[g]) ?? null;
  const stats = game ? player.games[game] : undefined;
  return {
    kind: 'player',
    series,
    key: player.steam_id,
    name: player.name,
    team: player.teams[0]?.tag ?? null,
    game,
    matches: stats?.matches ?? 0,
    skill: stats?.skill_vector?.length === 4 ? stats.skill_vector.map(round) : null,
    kpm: stats && stats.x_bar.length === 4 ? round(stats.x_bar[0] ?? 0) : null,
  };
}

/** The card of a tournament page, from its teams' records there. */
export function tournamentCard(
  series: string,
  tournament: Tournament,
  records: readonly TournamentTeamRecord[],
): TournamentCard {
  // The records come ranked as the page's table (points, then sector difference).
  const leaders = records.slice(0, 3).map((r) => ({ tag: r.tag, wins: r.wins, losses: r.losses }));
  const played = records.reduce((sum, r) => sum + r.wins + r.losses, 0);
  return {
    kind: 'tournament',
    series,
    key: tournament.tag,
    tag: tournament.tag,
    name: tournament.name,
    event: tournament.event,
    active: tournament.active,
    teams: records.length,
    // Every match has two teams in the records; matches against unregistered teams count once per side too.
    matches: Math.round(played / 2),
    leaders,
  };
}

/** The card of the home page: the series' figures and its top five. */
export function homeCard(series: Series, top: readonly Team[], statistics: SeriesStatistics | null): HomeCard {
  return {
    kind: 'home',
    series: series.tag,
    key: series.tag,
    name: series.name,
    teams: statistics?.teams ?? top.length,
    matches: statistics?.matches ?? 0,
    players: statistics?.players ?? 0,
    top: top.slice(0, HOME_TOP).map((t) => ({ tag: t.tag, name: t.name, score: round(t.score) })),
  };
}
