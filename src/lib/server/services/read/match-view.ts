import type { Match, MatchTeam, PlayerStats } from '#lib/schemas/match.ts';
import type { Side } from '#lib/server/db/tables/matches.ts';
import type { MatchListRow } from '#lib/server/repositories/read/matches.ts';
import { iso, mapView } from './values.ts';
import { webUrl } from '#lib/schemas/web-url.ts';

type Prefix = 'winner' | 'loser';

/** The columns of a match row (with both teams' live rows joined) that tell one side's registration. */
type SideColumns = { [K in `${Prefix}_tag`]: string } & { [K in `${Prefix}_team_id`]: number | null } & {
  [K in `${Prefix}_name` | `${Prefix}_icon`]: string | null;
} & { [K in `${Prefix}_deleted_at`]: Date | string | null };

/** One side's tag and registration (name and icon) from the live team row: a deleted team is unregistered. */
export function matchSide(row: SideColumns, side: Prefix): Pick<MatchTeam, 'tag' | 'registered' | 'name' | 'icon'> {
  const registered = row[`${side}_team_id`] != null && row[`${side}_name`] != null && row[`${side}_deleted_at`] == null;
  return {
    tag: row[`${side}_tag`],
    registered,
    name: registered ? row[`${side}_name`] : null,
    icon: registered ? row[`${side}_icon`] : null,
  };
}

/** One side of a match: registration from the live team row, rating from the columns written when it was rated. */
function matchTeam(row: MatchListRow, side: Prefix): MatchTeam {
  const muBefore = row[`${side}_mu_before`];
  const sigmaBefore = row[`${side}_sigma_before`];
  return {
    ...matchSide(row, side),
    rating:
      muBefore == null || sigmaBefore == null
        ? null
        : {
            mu_before: muBefore,
            sigma_before: sigmaBefore,
            mu_after: row[`${side}_mu_after`],
            sigma_after: row[`${side}_sigma_after`],
          },
  };
}

/** The API view of a match row (no player statistics). */
/**
 * The match's streams by streamer name, and the stream URL its reporter gave in the report form (`url`) under
 * the reporting team's (or user's) name, unless a stream of that name was set since; only http(s) addresses.
 */
function streamsOf(
  row: Pick<MatchListRow, 'streams' | 'url' | 'submitted_by_tag' | 'submitted_by_username'>,
): Record<string, string> {
  const reported = webUrl(row.url);
  const reporter = row.submitted_by_tag ?? row.submitted_by_username;
  const name = reporter ? `${reporter} (reporter)` : 'Reporter';
  return { ...(reported ? { [name]: reported } : {}), ...(row.streams ?? {}) };
}

export function toMatch(row: MatchListRow): Match {
  const map = mapView(row.map);
  const defensive = (row.defensive_players ?? {}) as Partial<Record<Side, string[]>>;
  const submitted = row.submitted_by_tag != null || row.submitted_by_username != null;
  return {
    match_id: row.id,
    title: row.title,
    type: row.type,
    tournament: row.tournament_tag,
    map: map.name,
    map_id: row.map,
    map_banner: map.banner,
    map_layout: Array.isArray(row.map_layout) ? row.map_layout : [],
    tactical_map: map.tactical,
    date: iso(row.date),
    duration: row.duration,
    result: row.result,
    victor_side: row.victor_side,
    teams: [row.winner_tag, row.loser_tag],
    team_details: [matchTeam(row, 'winner'), matchTeam(row, 'loser')],
    win_probability: row.win_probability,
    calculation_status: row.calculation_status,
    visibility: row.visibility,
    defensive_players: { Allies: defensive.Allies ?? [], Axis: defensive.Axis ?? [] },
    submitted_by: submitted ? { tag: row.submitted_by_tag, username: row.submitted_by_username } : null,
    cap_flips: Array.isArray(row.cap_flips) ? row.cap_flips : [],
    streams: streamsOf(row),
    gamemode: row.gamemode,
    kill_statistics: row.kill_statistics ?? null,
  };
}

/** Columns of player_match_stats that the API returns verbatim. */
const STAT_FIELDS = [
  'side',
  'name',
  'playtime',
  'kills',
  'deaths',
  'teamkills',
  'kpm',
  'dpm',
  'cpm',
  'spm',
  'max_streak',
  'combat_points',
  'offensive_points',
  'defensive_points',
  'support_points',
  'weapons',
  'roles',
  'squads',
  'killers',
  'victims',
  'kill_events',
  'streamer',
  'side_percentile',
  'all_percentile',
] as const satisfies readonly (keyof PlayerStats)[];

/** The API view of one player's match statistics; `team` is the registered team's tag, if any. */
export function toPlayerStats(
  row: { [K in (typeof STAT_FIELDS)[number]]: unknown } & { team_tag: string | null },
): PlayerStats {
  const stats = Object.fromEntries(STAT_FIELDS.map((field) => [field, row[field]])) as unknown as Omit<
    PlayerStats,
    'team'
  >;
  return { ...stats, team: row.team_tag };
}
