/** Leaderboard ordering of rated teams. */
import type { Rating, TeamKey } from './types.ts';
import type { RankedTeam, TeamRating } from './replay-types.ts';

/** How many standard deviations the score stands below the mean (SQL orderings use it too: scoreSql). */
export const SCORE_SIGMAS = 3;

/**
 * The conservative skill estimate mu - 3 sigma (about 99.9% sure the skill is at least this): the score teams are
 * ranked by. The one place the formula is written; SQL orderings build theirs from SCORE_SIGMAS.
 */
export function conservativeScore(r: Rating): number {
  return r.mu - SCORE_SIGMAS * r.sigma;
}

/**
 * Orders teams for the leaderboard: ranked teams (num_matches >= rankedAfter)
 * first by conservative score descending, then pending teams by the same key;
 * rank is the 1-based list position. Equal scores fall back to mu descending,
 * then more matches, then the team key as a string, so the order is deterministic.
 */
export function rankTeams(teams: Iterable<readonly [TeamKey, TeamRating]>, rankedAfter = 5): RankedTeam[] {
  const rows: { team: TeamKey; score: number; ranked: boolean; rating: TeamRating }[] = [];
  for (const [team, rating] of teams) {
    rows.push({ team, score: conservativeScore(rating), ranked: rating.num_matches >= rankedAfter, rating });
  }
  rows.sort(
    (a, b) =>
      Number(b.ranked) - Number(a.ranked) ||
      b.score - a.score ||
      b.rating.mu - a.rating.mu ||
      b.rating.num_matches - a.rating.num_matches ||
      compareKeys(a.team, b.team),
  );
  return rows.map((row, i) => ({ ...row, rank: i + 1 }));
}

function compareKeys(a: TeamKey, b: TeamKey): number {
  const sa = String(a);
  const sb = String(b);
  if (sa !== sb) return sa < sb ? -1 : 1;
  return typeof a === typeof b ? 0 : typeof a === 'number' ? -1 : 1;
}
