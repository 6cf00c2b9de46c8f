/**
 * Time dynamics of a rating: the longer a team has not played, the less sure we are of its skill. Incremental
 * rating and full replays both go through these functions with the stored dates, so they agree bit for bit.
 */
import type { MatchDate } from './types.ts';

/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;

/** Milliseconds since the epoch of an ISO string or a Date (NaN when unparsable). */
export function dateMs(date: MatchDate): number {
  return date instanceof Date ? date.getTime() : Date.parse(date);
}

/**
 * Days from `from` to `to` as (to - from) / 86,400,000 ms; 0 when `from` is null, not later than `to` reversed,
 * or either date is unparsable.
 */
export function elapsedDays(from: MatchDate | null, to: MatchDate): number {
  if (from === null) return 0;
  const days = (dateMs(to) - dateMs(from)) / DAY_MS;
  return days > 0 ? days : 0;
}

/**
 * A team's sigma after `days` without a match: sqrt(sigma^2 + gamma^2 * days), but never above `cap` (the prior
 * sigma). A sigma already at or above the cap, or gamma = 0, or days = 0, is returned unchanged (the same number).
 */
export function inflateSigma(sigma: number, days: number, gamma: number, cap: number): number {
  if (gamma === 0 || days === 0 || sigma >= cap) return sigma;
  const variance = sigma * sigma + gamma * gamma * days;
  return variance >= cap * cap ? cap : Math.sqrt(variance);
}
