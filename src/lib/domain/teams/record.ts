/**
 * A team's record from its results (pure): win rates by map and by side, and the record against one opponent.
 * The side a team played is the victor side when it won and the other side when it lost.
 */
import type { TeamWinRates, WinCount } from '#lib/schemas/team-view.ts';

/** One public match of the team: where, which side won, whether the team won, and whom it played. */
export interface TeamResult {
  map: string;
  victorSide: 'Allies' | 'Axis' | null;
  won: boolean;
  opponentId: number | null;
}

const other = (side: 'Allies' | 'Axis') => (side === 'Allies' ? 'Axis' : 'Allies');

/**
 * Win rates by map (named by `mapName`, most played first, then by name) and by side (matches without a known
 * victor side count for their map only).
 */
export function teamWinRates(results: readonly TeamResult[], mapName: (id: string) => string): TeamWinRates {
  const maps = new Map<string, WinCount>();
  const bySide = { Allies: { matches: 0, wins: 0 }, Axis: { matches: 0, wins: 0 } };
  for (const r of results) {
    const name = mapName(r.map);
    const entry = maps.get(name) ?? { matches: 0, wins: 0 };
    entry.matches += 1;
    entry.wins += r.won ? 1 : 0;
    maps.set(name, entry);
    if (r.victorSide) {
      const side = r.won ? r.victorSide : other(r.victorSide);
      bySide[side].matches += 1;
      bySide[side].wins += r.won ? 1 : 0;
    }
  }
  const byMap = [...maps]
    .map(([map, count]) => ({ map, ...count }))
    .sort((a, b) => b.matches - a.matches || a.map.localeCompare(b.map));
  return { byMap, bySide };
}

/** Wins and losses against the team with id `opponentId`. */
export function recordAgainst(results: readonly TeamResult[], opponentId: number): { wins: number; losses: number } {
  let wins = 0;
  let losses = 0;
  for (const r of results) {
    if (r.opponentId !== opponentId) continue;
    if (r.won) wins += 1;
    else losses += 1;
  }
  return { wins, losses };
}
