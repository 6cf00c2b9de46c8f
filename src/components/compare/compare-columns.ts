/**
 * The side-by-side table of /statistics/compare: one row per measure, one column per player. Also the add-player
 * search results' columns.
 */
import { cell, type CellValue } from '#lib/kit/cells.ts';
import type { Column } from '#lib/kit/table.ts';
import { formatDecimal, formatPercent } from '#lib/format/index.ts';
import type { PlayerSearchResult } from '#lib/schemas/player.ts';
import type { GameType, PlayerGameView } from '#lib/schemas/player-page.ts';

/** A compared player as the table needs it: the name and the view of the chosen game type (absent: none). */
export interface ComparedColumn {
  name: string;
  game: PlayerGameView | undefined;
}

export interface CompareRow {
  measure: string;
  values: CellValue[];
}

const RATES = ['Kills/min', 'Deaths/min', 'Support/min', 'Combat/min'];
const PERCENTILE_KEYS = ['kpm', 'dpm', 'spm', 'cpm'] as const;
const missing = () => cell.text('–', { muted: true });

/** The measures of one game type for every player: matches, each rate as mean ± spread, where it stands, favourites. */
export function compareRows(players: readonly ComparedColumn[]): CompareRow[] {
  const rows: CompareRow[] = [{ measure: 'Matches', values: players.map((p) => p.game?.matches ?? 0) }];
  RATES.forEach((label, i) => {
    rows.push({
      measure: `${label} (x̄ ± s)`,
      values: players.map(({ game }) => {
        const mean = game?.x_bar?.[i];
        if (mean === undefined) return missing();
        const spread = game?.s?.[i];
        return spread === undefined ? formatDecimal(mean) : `${formatDecimal(mean)} ± ${formatDecimal(spread)}`;
      }),
    });
  });
  RATES.forEach((label, i) => {
    rows.push({
      measure: `${label} better than`,
      values: players.map(({ game }) => {
        const p = game?.percentiles?.[PERCENTILE_KEYS[i]!];
        return p === undefined ? missing() : cell.percent(p / 100, 0);
      }),
    });
  });
  rows.push({
    measure: 'Most kills with',
    values: players.map(({ game }) => {
      const top = game?.weapons[0];
      return top ? `${top.category} (${formatPercent(top.share, 0)})` : missing();
    }),
  });
  rows.push({
    measure: 'Most played role',
    values: players.map(({ game }) => {
      const top = game?.roles[0];
      return top ? `${top.role} (${Math.round(top.minutes)} min)` : missing();
    }),
  });
  return rows;
}

/** One column for the measure, one per player (headed by the name). */
export function compareColumns(players: readonly ComparedColumn[]): Column<CompareRow>[] {
  return [
    { id: 'measure', header: 'Measure', priority: 'key', cell: (r) => r.measure },
    ...players.map((p, i) => ({
      id: `player-${i}`,
      header: p.name,
      align: 'end' as const,
      priority: 'sub' as const,
      label: p.name,
      cell: (r: CompareRow) => r.values[i] ?? missing(),
    })),
  ];
}

/** The game types any compared player has, in the site's order. */
export function sharedGameTypes(games: readonly (readonly PlayerGameView[])[], order: readonly GameType[]): GameType[] {
  return order.filter((type) => games.some((list) => list.some((g) => g.type === type)));
}

/** `add(steamId)` is the compare address with that player added. */
export function addColumns(add: (steamId: string) => string): Column<PlayerSearchResult>[] {
  return [
    { id: 'name', header: 'Player', priority: 'key', cell: (p) => p.name },
    {
      id: 'comp',
      header: 'Competitive',
      align: 'end',
      priority: 'sub',
      label: 'Comp.',
      cell: (p) => p.compMatchesCount,
    },
    { id: 'event', header: 'Event', align: 'end', priority: 'sub', label: 'Event', cell: (p) => p.eventMatchesCount },
    { id: 'add', header: 'Compare', priority: 'key', cell: (p) => cell.link(`Add ${p.name}`, add(p.steamId)) },
  ];
}
