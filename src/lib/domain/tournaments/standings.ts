/**
 * A tournament's league table and its knockout bracket, both read from the results alone (no fixture list is
 * stored): plain functions over the public, undisputed results of a tournament, oldest first.
 */

/** A win is worth 3 points and a loss none, as in the community's leagues; a competitive match has no draw. */
export const POINTS_PER_WIN = 3;

/** One result as the standings need it: the two sides by key, the sectors each held at the end ('4-1'). */
export interface TournamentResult {
  matchId: number;
  date: Date;
  result: string;
  winner: string;
  loser: string;
}

/** A team's line in the table: its games and the sectors held at the end of them, for and against. */
export interface StandingLine {
  key: string;
  matches: number;
  wins: number;
  losses: number;
  sectorsFor: number;
  sectorsAgainst: number;
}

/** A ranked line: competition ranking (equal points and sector difference share a rank: 1, 2, 2, 4). */
export type RankedLine<T extends StandingLine> = T & { rank: number; points: number };

/** The sectors the winner and the loser held at the end of a result such as '4-1' (0-0 for a malformed one). */
export function sectorsOf(result: string): [number, number] {
  const match = /^(\d)-(\d)$/.exec(result);
  return match ? [Number(match[1]), Number(match[2])] : [0, 0];
}

/** Adds one result to both teams' lines, creating a line from `create(key)` for a team not seen yet. */
export function addResult<T extends StandingLine>(
  lines: Map<string, T>,
  result: TournamentResult,
  create: (key: string, side: 'winner' | 'loser') => T,
): void {
  const [held, lost] = sectorsOf(result.result);
  for (const side of ['winner', 'loser'] as const) {
    const key = result[side];
    const line = lines.get(key) ?? create(key, side);
    line.matches += 1;
    if (side === 'winner') line.wins += 1;
    else line.losses += 1;
    line.sectorsFor += side === 'winner' ? held : lost;
    line.sectorsAgainst += side === 'winner' ? lost : held;
    lines.set(key, line);
  }
}

/**
 * The table, best first: most points, then the larger sector difference, then more wins, then `tieBreak` (a
 * stable name order). Equal points and sector difference share a rank.
 */
export function rankStandings<T extends StandingLine>(
  lines: Iterable<T>,
  tieBreak: (a: T, b: T) => number,
): RankedLine<T>[] {
  const sorted = [...lines]
    .map((line) => ({ ...line, points: line.wins * POINTS_PER_WIN }))
    .sort(
      (a, b) =>
        b.points - a.points ||
        b.sectorsFor - b.sectorsAgainst - (a.sectorsFor - a.sectorsAgainst) ||
        b.wins - a.wins ||
        tieBreak(a, b),
    );
  const ranked: RankedLine<T>[] = [];
  sorted.forEach((line, i) => {
    const previous = ranked[i - 1];
    const tied =
      previous !== undefined &&
      previous.points === line.points &&
      previous.sectorsFor - previous.sectorsAgainst === line.sectorsFor - line.sectorsAgainst;
    ranked.push({ ...line, rank: tied ? previous.rank : i + 1 });
  });
  return ranked;
}

/** One round of a knockout bracket, named as a reader expects ('Final', 'Semi-finals', 'Round 1'). */
export interface BracketRound<R extends TournamentResult> {
  name: string;
  results: R[];
}

const LAST_ROUND_NAMES: Record<number, string> = { 1: 'Final', 2: 'Semi-finals', 3: 'Quarter-finals' };

/**
 * The knockout bracket the results describe, or null when they are not one: a team that lost twice (a league or
 * a group stage), or fewer than two results. A result's round is one past the latest round either team played
 * before it, so a team that skipped a round (a bye) joins where its opponent is. The last rounds are named
 * Final, Semi-finals and Quarter-finals when they hold 1, 2 and up to 4 matches; the rest 'Round N'.
 */
export function knockoutBracket<R extends TournamentResult>(results: readonly R[]): BracketRound<R>[] | null {
  if (results.length < 2) return null;
  const lost = new Set<string>();
  const lastRound = new Map<string, number>();
  const rounds: R[][] = [];
  for (const result of results) {
    if (lost.has(result.loser) || lost.has(result.winner)) return null;
    lost.add(result.loser);
    const round = Math.max(lastRound.get(result.winner) ?? 0, lastRound.get(result.loser) ?? 0) + 1;
    lastRound.set(result.winner, round);
    lastRound.set(result.loser, round);
    (rounds[round - 1] ??= []).push(result);
  }
  if (rounds.length < 2) return null;
  return rounds.map((list, i) => {
    const fromEnd = rounds.length - i;
    const named = LAST_ROUND_NAMES[fromEnd];
    const fits = named !== undefined && list.length <= 2 ** (fromEnd - 1);
    return { name: fits ? named : `Round ${i + 1}`, results: list };
  });
}
