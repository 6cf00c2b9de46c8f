import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import { attribute, escapeText } from '#lib/kit/badges.ts';
import { withParams } from '#lib/links.ts';
import type { ScoreboardRow } from '#lib/matches/scoreboard.ts';

const isUrl = (value: string | null | undefined): value is string => !!value && /^https?:\/\//i.test(value);

/**
 * A player's name in a match's scoreboard: a link to their details on this page, and the marks that say what they
 * were in this match (streamer, with a link to the stream when known; defensive player), in words, not only
 * symbols. Printed as a string (styles: player-name.css, imported by the Scoreboard): a hundred rows each had a
 * component of their own.
 */
export function playerNameHtml(
  name: string,
  detailsHref: string,
  marks: { stream: string | null; streamer: boolean; defensive: boolean },
): string {
  const streamer = !marks.streamer
    ? ''
    : marks.stream
      ? ` <a class="mark"${attribute('href', marks.stream)} rel="noopener noreferrer nofollow" target="_blank">Streamer</a>`
      : ' <span class="mark">Streamer</span>';
  const defensive = marks.defensive ? ' <span class="mark">Defensive</span>' : '';
  return `<span class="player"><a${attribute('href', detailsHref)}>${escapeText(name)}</a>${streamer}${defensive}</span>`;
}

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
        cell.html(
          playerNameHtml(r.name, `${withParams(url, { player: r.steamId })}#player-details`, {
            stream: streams[r.name] ?? (isUrl(r.streamer) ? r.streamer : null),
            streamer: r.streamer !== null || r.name in streams,
            defensive: r.defensive,
          }),
          r.name,
        ),
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
