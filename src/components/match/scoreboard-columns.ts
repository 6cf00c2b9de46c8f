import type { Column } from '#lib/kit/table.ts';
import { hasOwn, own } from '#lib/own.ts';
import { cell } from '#lib/kit/cells.ts';
import { attribute } from '#lib/kit/badges.ts';
import { escapeText } from '#lib/format/markup.ts';
import { withParams } from '#lib/links.ts';
import type { ScoreboardRow } from '#lib/matches/scoreboard.ts';

const isUrl = (value: string | null | undefined): value is string => !!value && /^https?:\/\//i.test(value);

/**
 * A player's name in a match's scoreboard: a link to their details on this page, and the marks that say what they
 * were in this match (its top performer; streamer, with a link to the stream when known; defensive player), in
 * words, not only
 * symbols. Printed as a string (styles: player-name.css, imported by the Scoreboard): a hundred rows each had a
 * component of their own.
 */
export function playerNameHtml(
  name: string,
  detailsHref: string,
  marks: { stream: string | null; streamer: boolean; defensive: boolean; top?: boolean },
): string {
  const streamer = !marks.streamer
    ? ''
    : marks.stream
      ? ` <a class="mark"${attribute('href', marks.stream)} rel="noopener noreferrer nofollow" target="_blank">Streamer</a>`
      : ' <span class="mark">Streamer</span>';
  const defensive = marks.defensive ? ' <span class="mark">Defensive</span>' : '';
  const top = marks.top ? ' <span class="mark top">Top performer</span>' : '';
  return `<span class="player"><a${attribute('href', detailsHref)}>${escapeText(name)}</a>${top}${streamer}${defensive}</span>`;
}

/** A numeric column sorted by `value`, highest first on the first click. */
function stat(
  id: string,
  header: string,
  priority: 'key' | 'sub',
  label: string,
  value: (row: ScoreboardRow) => number | null,
  show: (row: ScoreboardRow) => ReturnType<Column<ScoreboardRow>['cell']> = value,
): Column<ScoreboardRow> {
  return { id, header, align: 'end', priority, label, sortKey: id, sortFirst: 'desc', sortValue: value, cell: show };
}

const decimal =
  (f: (r: ScoreboardRow) => number | null, digits = 2) =>
  (r: ScoreboardRow) =>
    cell.decimal(f(r), digits);

/**
 * The scoreboard's columns (issue 12, issue 39): name (linked to the player's details here; streamers, defensive
 * players and the match's top performer marked), kills, deaths, K/D, kills per minute, combat and support points
 * and the match percentile. The same few at every width: every other number (deaths and points per minute,
 * streak, offensive and defensive points, side percentile) is in the player's details, behind the name's link.
 * Narrow, a row is name, kills, deaths and K/D with the rest small under them. Every column sorts by a header
 * link; `streams` are the match's stream links by streamer name; `top` is the top performer's id.
 */
export function scoreboardColumns(
  url: URL,
  streams: Readonly<Record<string, string>>,
  top: string | null = null,
): Column<ScoreboardRow>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      priority: 'key',
      sortValue: (r) => r.name,
      cell: (r) =>
        cell.html(
          playerNameHtml(r.name, `${withParams(url, { player: r.steamId })}#player-details`, {
            stream: own(streams, r.name) ?? (isUrl(r.streamer) ? r.streamer : null),
            streamer: r.streamer !== null || hasOwn(streams, r.name),
            defensive: r.defensive,
            top: r.steamId === top,
          }),
          r.name,
        ),
    },
    stat('kills', 'Kills', 'key', 'K', (r) => r.kills),
    stat('deaths', 'Deaths', 'key', 'D', (r) => r.deaths),
    stat(
      'kd',
      'K/D',
      'key',
      'K/D',
      (r) => r.kd,
      decimal((r) => r.kd),
    ),
    stat(
      'kpm',
      'Kills/min',
      'sub',
      'KPM',
      (r) => r.kpm,
      decimal((r) => r.kpm),
    ),
    stat('combat', 'Combat', 'sub', 'Combat', (r) => r.combat_points),
    stat('support', 'Support', 'sub', 'Support', (r) => r.support_points),
    stat(
      'allPct',
      'Match percentile',
      'sub',
      'Percentile',
      (r) => r.all_percentile,
      decimal((r) => r.all_percentile, 0),
    ),
  ];
}
