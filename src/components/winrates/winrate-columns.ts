/** The win rates by map table of /statistics/winrates, and the rows it and the bar chart show. */
import { formatCount, formatPercent } from '#lib/format/index.ts';
import type { Column } from '#lib/kit/table.ts';
import type { SeriesStatistics, SideWins } from '#lib/schemas/statistics.ts';

export interface MapWinRow {
  map: string;
  matches: number;
  allies: number;
  axis: number;
}

/** Share of the decided matches a side won; null without any. */
export function winRate(wins: number, matches: number): number | null {
  return matches > 0 ? wins / matches : null;
}

function row(map: string, wins: SideWins): MapWinRow {
  return { map, matches: wins.matches, allies: wins.Allies, axis: wins.Axis };
}

/** One row per map with decided matches, most matches first (then by name). */
export function mapWinRows(statistics: SeriesStatistics): MapWinRow[] {
  return Object.entries(statistics.win_rates.by_map)
    .map(([map, wins]) => row(map, wins))
    .filter((r) => r.matches > 0)
    .sort((a, b) => b.matches - a.matches || a.map.localeCompare(b.map));
}

const won = (wins: number, matches: number) => `${formatCount(wins)} (${formatPercent(winRate(wins, matches), 0)})`;

export const mapWinColumns: Column<MapWinRow>[] = [
  { id: 'map', header: 'Map', priority: 'key', cell: (r) => r.map, sortKey: 'map', sortValue: (r) => r.map },
  {
    id: 'matches',
    header: 'Matches',
    align: 'end',
    priority: 'sub',
    label: 'Matches',
    cell: (r) => r.matches,
    sortKey: 'matches',
    sortFirst: 'desc',
    sortValue: (r) => r.matches,
  },
  {
    id: 'allies',
    header: 'Allies won',
    align: 'end',
    priority: 'key',
    label: 'Allies',
    cell: (r) => won(r.allies, r.matches),
    sortKey: 'allies',
    sortFirst: 'desc',
    sortValue: (r) => winRate(r.allies, r.matches),
  },
  {
    id: 'axis',
    header: 'Axis won',
    align: 'end',
    priority: 'key',
    label: 'Axis',
    cell: (r) => won(r.axis, r.matches),
    sortKey: 'axis',
    sortFirst: 'desc',
    sortValue: (r) => winRate(r.axis, r.matches),
  },
];
