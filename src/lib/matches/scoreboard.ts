/**
 * A match's scoreboard as pure data (no I/O): one row per listed player with what marks them, grouped by side,
 * searched by name. Pages and their column lists share it.
 */
import type { MatchDetail, PlayerStats } from '#lib/schemas/match.ts';

export type Side = 'Allies' | 'Axis';

/** One player's row of a match's scoreboard: the statistics with the player id and what marks them. */
export interface ScoreboardRow extends PlayerStats {
  steamId: string;
  /** On their side's list of defensive players. */
  defensive: boolean;
  /** K/D: kills per death (the kills when never killed). */
  kd: number;
}

/** Every listed player of `match` (private profiles are already left out), most kills first, then by name. */
export function scoreboardRows(match: MatchDetail): ScoreboardRow[] {
  const defensive = new Set([...match.defensive_players.Allies, ...match.defensive_players.Axis]);
  return Object.entries(match.player_stats)
    .map(([steamId, stats]) => ({
      ...stats,
      steamId,
      defensive: defensive.has(steamId),
      kd: stats.deaths ? stats.kills / stats.deaths : stats.kills,
    }))
    .sort((a, b) => b.kills - a.kills || a.name.localeCompare(b.name));
}

/**
 * The match's top performer: the listed player with the highest match percentile (all players of both sides),
 * then the most kills; null without players.
 */
export function topPerformer(rows: readonly ScoreboardRow[]): string | null {
  let best: ScoreboardRow | undefined;
  for (const row of rows) {
    if (
      !best ||
      (row.all_percentile ?? -1) > (best.all_percentile ?? -1) ||
      ((row.all_percentile ?? -1) === (best.all_percentile ?? -1) && row.kills > best.kills)
    )
      best = row;
  }
  return best?.steamId ?? null;
}

/** The sides in the order a scoreboard lists them: the winners' side first (Allies first when unknown). */
export function sidesWinnersFirst(match: Pick<MatchDetail, 'victor_side'>): Side[] {
  return match.victor_side === 'Axis' ? ['Axis', 'Allies'] : ['Allies', 'Axis'];
}

/** Rows whose name holds `query` (case-insensitive; an empty query keeps all). */
export function searchRows(rows: readonly ScoreboardRow[], query: string): ScoreboardRow[] {
  const wanted = query.trim().toLowerCase();
  return wanted ? rows.filter((r) => r.name.toLowerCase().includes(wanted)) : [...rows];
}

/** The team tag that played `side`: the winner played the victor side; else the tag most of its players carry. */
export function teamOfSide(match: MatchDetail, side: Side): string | null {
  const [winner, loser] = match.teams;
  if (match.victor_side) return match.victor_side === side ? winner : loser;
  const counts = new Map<string, number>();
  for (const p of Object.values(match.player_stats))
    if (p.side === side && p.team) counts.set(p.team, (counts.get(p.team) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** The players' names by id, for killers and victims; ids of players not listed stay unnamed. */
export function namesById(match: MatchDetail): Map<string, string> {
  return new Map(Object.entries(match.player_stats).map(([id, p]) => [id, p.name]));
}

/** Kill times (seconds from the start) of each side's listed players, for the kill timeline. */
export function killTimes(match: MatchDetail): Record<Side, number[]> {
  const times: Record<Side, number[]> = { Allies: [], Axis: [] };
  for (const p of Object.values(match.player_stats)) if (p.side) times[p.side].push(...p.kill_events);
  return times;
}
