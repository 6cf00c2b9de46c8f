/** Where a player's performance in a match ranks among the others. */
import { meanAndSd, zScores } from './population.ts';
import type { PlayerKey, StatVector } from './types.ts';

/** A player's rates in one match and the side (team) they played on. */
export interface MatchPlayerStats extends StatVector {
  readonly player: PlayerKey;
  readonly side: string;
}

/** Performance and percentiles of one player in one match. */
export interface MatchPercentile {
  readonly player: PlayerKey;
  readonly side: string;
  readonly performance: number;
  readonly side_percentile: number;
  readonly all_percentile: number;
}

/**
 * Mid-rank percentiles on 0..100: with ranks 1..n (ties share the average of
 * their ranks), percentile = 100 (rank - 1) / (n - 1). The lowest value gets 0,
 * the highest 100, a lone value 50; e.g. [1, 2, 2, 3] -> [0, 50, 50, 100].
 */
export function midRankPercentiles(values: readonly number[]): number[] {
  const n = values.length;
  if (n === 1) return [50];
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const out = new Array<number>(n);
  for (let start = 0; start < n;) {
    let end = start;
    while (end + 1 < n && order[end + 1]!.v === order[start]!.v) end++;
    // Positions start..end (0-based) have mid-rank (start + end) / 2 + 1.
    const percentile = (100 * ((start + end) / 2)) / (n - 1);
    for (let k = start; k <= end; k++) out[order[k]!.i] = percentile;
    start = end + 1;
  }
  return out;
}

/**
 * Percentiles of every player of one match. Performance = the mean of the
 * player's within-match z-scores of kpm, -dpm, spm and cpm, standardised over
 * all players of the match (plain mean, population sd; a rate with sd 0
 * contributes 0), so it rewards kills, support and combat and penalises deaths
 * equally. side_percentile ranks it among the same side's players,
 * all_percentile among all players, both by {@link midRankPercentiles}.
 * Output order follows the input; the numbers do not depend on it (players are
 * told apart by their keys).
 */
export function matchPercentiles(players: readonly MatchPlayerStats[]): MatchPercentile[] {
  if (players.length === 0) return [];
  // The mean and deviations are sums, whose last bits depend on the order of their terms: added up in the order of
  // the players' keys, a match gets the same numbers from its lines as parsed (a report) and as stored (a refresh).
  const byKey = [...players].sort((a, b) => (a.player < b.player ? -1 : a.player > b.player ? 1 : 0));
  const { mean, sd } = meanAndSd(byKey);
  const performance = players.map((p) => {
    const z = zScores(p, mean, sd);
    return (z.kpm + z.dpm + z.spm + z.cpm) / 4;
  });
  const all = midRankPercentiles(performance);
  const sidePercentile = new Array<number>(players.length);
  const sides = new Map<string, number[]>();
  players.forEach((p, i) => {
    const list = sides.get(p.side);
    if (list) list.push(i);
    else sides.set(p.side, [i]);
  });
  for (const indices of sides.values()) {
    const ranks = midRankPercentiles(indices.map((i) => performance[i]!));
    indices.forEach((i, k) => (sidePercentile[i] = ranks[k]!));
  }
  return players.map((p, i) => ({
    player: p.player,
    side: p.side,
    performance: performance[i]!,
    side_percentile: sidePercentile[i]!,
    all_percentile: all[i]!,
  }));
}

/** A player's line of a match as parsed or stored: the player's id, side (null: none) and rates. */
export interface MatchLine extends StatVector {
  readonly steam_id: string;
  readonly side: string | null;
}

/**
 * matchPercentiles of a match's lines, a player without a side ranked among the side-less: what a report stores with
 * its lines and what the refresh of derived data computes from stored ones, which must agree.
 */
export function lineMatchPercentiles(lines: readonly MatchLine[]): MatchPercentile[] {
  return matchPercentiles(
    lines.map((l) => ({ player: l.steam_id, side: l.side ?? 'none', kpm: l.kpm, dpm: l.dpm, spm: l.spm, cpm: l.cpm })),
  );
}
