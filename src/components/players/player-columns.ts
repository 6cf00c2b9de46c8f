/**
 * The tables of a player's page (/statistics/players/{steamId}): rates per minute, weapons, roles and recent
 * matches, as typed column lists for the kit's Table.
 */
import { cell } from '#lib/kit/cells.ts';
import type { Column } from '#lib/kit/table.ts';
import { formatDecimal, formatPercent, mapDisplayName } from '#lib/format/index.ts';
import type { PlayerGameView, PlayerRecentMatch, RoleLine, WeaponCategory } from '#lib/schemas/player-page.ts';

/** The four rates in the order of x_bar, s and skill_vector. */
export const RATE_LABELS = ['Kills/min', 'Deaths/min', 'Support/min', 'Combat/min'];
const PERCENTILE_KEYS = ['kpm', 'dpm', 'spm', 'cpm'] as const;

export interface RateRow {
  label: string;
  mean: number | null;
  spread: number | null;
  /** Share (0..100) of the series' players this player does better than; null when unknown. */
  percentile: number | null;
}

/** One row per rate of a game type. */
export function rateRows(game: PlayerGameView): RateRow[] {
  return RATE_LABELS.map((label, i) => ({
    label,
    mean: game.x_bar?.[i] ?? null,
    spread: game.s?.[i] ?? null,
    percentile: game.percentiles?.[PERCENTILE_KEYS[i]!] ?? null,
  }));
}

export const rateColumns: Column<RateRow>[] = [
  { id: 'rate', header: 'Rate', priority: 'key', cell: (r) => r.label },
  { id: 'mean', header: 'Mean (x̄)', align: 'end', priority: 'key', label: 'x̄', cell: (r) => cell.decimal(r.mean) },
  {
    id: 'spread',
    header: 'Spread (s)',
    align: 'end',
    priority: 'sub',
    label: 'Spread',
    cell: (r) => cell.decimal(r.spread),
  },
  {
    id: 'percentile',
    header: 'Better than',
    align: 'end',
    priority: 'key',
    label: 'Better than',
    cell: (r) => (r.percentile === null ? cell.text('–', { muted: true }) : cell.percent(r.percentile / 100, 0)),
  },
];

export const weaponCategoryColumns: Column<WeaponCategory>[] = [
  { id: 'category', header: 'Category', priority: 'key', cell: (c) => c.category },
  { id: 'kills', header: 'Kills', align: 'end', priority: 'key', label: 'Kills', cell: (c) => c.kills },
  { id: 'share', header: 'Share', align: 'end', priority: 'key', cell: (c) => cell.percent(c.share) },
  {
    id: 'top',
    header: 'Most kills with',
    priority: 'sub',
    cell: (c) =>
      c.weapons
        .slice(0, 2)
        .map((w) => `${w.name} (${w.kills})`)
        .join(', '),
  },
];

export interface WeaponRow {
  category: string;
  name: string;
  kills: number;
  share: number;
}

/** Every weapon, category by category. */
export function weaponRows(categories: readonly WeaponCategory[]): WeaponRow[] {
  return categories.flatMap((c) => c.weapons.map((w) => ({ category: c.category, ...w })));
}

export const weaponColumns: Column<WeaponRow>[] = [
  { id: 'weapon', header: 'Weapon', cell: (w) => w.name },
  { id: 'category', header: 'Category', cell: (w) => w.category },
  { id: 'kills', header: 'Kills', align: 'end', cell: (w) => w.kills },
  { id: 'share', header: 'Share', align: 'end', cell: (w) => cell.percent(w.share) },
];

export const roleColumns: Column<RoleLine>[] = [
  { id: 'role', header: 'Role', cell: (r) => r.role },
  { id: 'matches', header: 'Matches', align: 'end', cell: (r) => r.matches },
  { id: 'minutes', header: 'Minutes', align: 'end', cell: (r) => Math.round(r.minutes) },
];

const TYPE_LABELS: Record<PlayerRecentMatch['type'], string> = {
  competitive: 'Competitive',
  event: 'Event',
  friendly: 'Friendly',
};

/** `link(matchId)` is the match page's address on the current page. */
export function recentColumns(link: (matchId: number) => string): Column<PlayerRecentMatch>[] {
  return [
    { id: 'date', header: 'Date', priority: 'sub', cell: (m) => cell.date(m.date, link(m.match_id)) },
    { id: 'map', header: 'Map', priority: 'sub', cell: (m) => mapDisplayName(m.map) },
    { id: 'type', header: 'Type', cell: (m) => TYPE_LABELS[m.type] },
    {
      id: 'teams',
      header: 'Team vs opponent',
      priority: 'sub',
      cell: (m) => (m.team && m.opponent ? `${m.team} vs ${m.opponent}` : '–'),
    },
    {
      id: 'outcome',
      header: 'Result',
      priority: 'key',
      cell: (m) => cell.outcome(m.won, m.won === null ? m.result || '–' : `${m.won ? 'Won' : 'Lost'} ${m.result}`),
    },
    { id: 'side', header: 'Side', cell: (m) => cell.side(m.side) },
    { id: 'kills', header: 'Kills', align: 'end', priority: 'key', label: 'K', cell: (m) => m.kills },
    { id: 'deaths', header: 'Deaths', align: 'end', priority: 'key', label: 'D', cell: (m) => m.deaths },
    { id: 'kpm', header: 'Kills/min', align: 'end', priority: 'key', label: 'KPM', cell: (m) => cell.decimal(m.kpm) },
    { id: 'spm', header: 'Support/min', align: 'end', cell: (m) => cell.decimal(m.spm) },
    { id: 'cpm', header: 'Combat/min', align: 'end', cell: (m) => cell.decimal(m.cpm) },
    {
      id: 'percentile',
      header: 'Match percentile',
      align: 'end',
      cell: (m) => (m.all_percentile === null ? cell.text('–', { muted: true }) : formatDecimal(m.all_percentile, 0)),
    },
  ];
}

/** Percent text of a 0..100 value, for summaries. */
export function percentileText(value: number | null): string {
  return value === null ? '–' : formatPercent(value / 100, 0);
}
