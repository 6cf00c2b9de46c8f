import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import { withParams } from '#lib/links.ts';
import type { ScoreboardRow } from '#lib/matches/scoreboard.ts';
import PlayerName from './PlayerName.astro';

const isUrl = (value: string | null | undefined): value is string => !!value && /^https?:\/\//i.test(value);

/** A numeric column sorted by `value`, highest first on the first click. */
function stat(
  id: string,
  header: string,
  value: (row: ScoreboardRow) => number | null,
  show: (row: ScoreboardRow) => ReturnType<Column<ScoreboardRow>['cell']> = value,
): Column<ScoreboardRow> {
  return { id, header, align: 'end', sortKey: id, sortFirst: 'desc', sortValue: value, cell: show };
}

/**
 * The scoreboard's columns (issue 12): name (linked to the player's details here, streamers and defensive players
 * marked), kills, deaths, K/D, per-minute rates, streak, the four point kinds and the percentiles. Every column
 * sorts by a header link; `streams` are the match's stream links by streamer name.
 */
export function scoreboardColumns(url: URL, streams: Readonly<Record<string, string>>): Column<ScoreboardRow>[] {
  const decimal =
    (f: (r: ScoreboardRow) => number | null, digits = 2) =>
    (r: ScoreboardRow) =>
      cell.decimal(f(r), digits);
  return [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      sortValue: (r) => r.name,
      cell: (r) =>
        cell.component(PlayerName, {
          name: r.name,
          detailsHref: `${withParams(url, { player: r.steamId })}#player-details`,
          stream: streams[r.name] ?? (isUrl(r.streamer) ? r.streamer : null),
          streamer: r.streamer !== null || r.name in streams,
          defensive: r.defensive,
        }),
    },
    stat('kills', 'Kills', (r) => r.kills),
    stat('deaths', 'Deaths', (r) => r.deaths),
    stat(
      'kd',
      'K/D',
      (r) => r.kd,
      decimal((r) => r.kd),
    ),
    stat(
      'kpm',
      'Kills/min',
      (r) => r.kpm,
      decimal((r) => r.kpm),
    ),
    stat(
      'dpm',
      'Deaths/min',
      (r) => r.dpm,
      decimal((r) => r.dpm),
    ),
    stat('streak', 'Max streak', (r) => r.max_streak),
    stat('combat', 'Combat', (r) => r.combat_points),
    stat('offensive', 'Offensive', (r) => r.offensive_points),
    stat('defensive', 'Defensive', (r) => r.defensive_points),
    stat('support', 'Support', (r) => r.support_points),
    stat(
      'cpm',
      'Combat/min',
      (r) => r.cpm,
      decimal((r) => r.cpm),
    ),
    stat(
      'spm',
      'Support/min',
      (r) => r.spm,
      decimal((r) => r.spm),
    ),
    stat(
      'sidePct',
      'Side percentile',
      (r) => r.side_percentile,
      decimal((r) => r.side_percentile, 0),
    ),
    stat(
      'allPct',
      'All percentile',
      (r) => r.all_percentile,
      decimal((r) => r.all_percentile, 0),
    ),
  ];
}
