/**
 * Baselines the rating models are compared with, on compiled matches. Each returns, per match, the pre-match
 * probability that its winner wins (NaN for draws), learning from every match as it goes.
 */
import { eloExpected } from './elo.ts';
import { KIND, type CompiledMatches } from './engine.ts';
import { nelderMead } from './nelder-mead.ts';
import { winRateProbability } from './winrate.ts';

/** Elo from 1500 with factor k on the 400-point scale. */
export function eloForecasts(c: CompiledMatches, k: number): Float64Array {
  const rating = new Float64Array(c.teams.length).fill(1500);
  const out = new Float64Array(c.length);
  for (let i = 0; i < c.length; i++) {
    const w = c.winner[i]!;
    const l = c.loser[i]!;
    const expected = eloExpected(rating[w]!, rating[l]!);
    const drawn = c.kind[i] === KIND.draw;
    out[i] = drawn ? Number.NaN : expected;
    const delta = k * ((drawn ? 0.5 : 1) - expected);
    rating[w] = rating[w]! + delta;
    rating[l] = rating[l]! - delta;
  }
  return out;
}

/** Sum of log p over matches [0, to) that are not draws. */
function trainingLogLik(p: Float64Array, to: number): number {
  let total = 0;
  for (let i = 0; i < to; i++) if (!Number.isNaN(p[i]!)) total += Math.log(Math.max(1e-15, p[i]!));
  return total;
}

/** The Elo factor k in [1, 400] that maximises the log-likelihood of matches [0, to) (searched in log k). */
export function tuneEloK(c: CompiledMatches, to: number): number {
  const clamp = (x: number): number => Math.min(Math.log(400), Math.max(0, x));
  const found = nelderMead((x) => -trainingLogLik(eloForecasts(c, Math.exp(clamp(x[0]!))), to), [Math.log(32)], {
    step: 0.7,
    tolerance: 1e-6,
    maxEvaluations: 80,
  });
  return Math.exp(clamp(found.x[0]!));
}

/** The HeLO score of a result: the winner's share of the 5 sectors (a plain win 1, a draw 0.5). */
export function sectorShare(kind: number): number {
  if (kind === KIND.r32) return 0.6;
  if (kind === KIND.r41) return 0.8;
  if (kind === KIND.draw) return 0.5;
  return 1;
}

/**
 * A HeLO-like rating (the community's Elo on sector shares): expected share E = 1 / (1 + 10^(-(Ra - Rb) / 600)),
 * update R += k (share - E) with k = 40. Returns the winner's rating lead before each match (NaN for draws);
 * {@link heloProbabilities} turns leads into win probabilities.
 */
export function heloLeads(c: CompiledMatches, k = 40): Float64Array {
  const rating = new Float64Array(c.teams.length).fill(600);
  const out = new Float64Array(c.length);
  for (let i = 0; i < c.length; i++) {
    const w = c.winner[i]!;
    const l = c.loser[i]!;
    const lead = rating[w]! - rating[l]!;
    out[i] = c.kind[i] === KIND.draw ? Number.NaN : lead;
    const delta = k * (sectorShare(c.kind[i]!) - 1 / (1 + Math.pow(10, -lead / 600)));
    rating[w] = rating[w]! + delta;
    rating[l] = rating[l]! - delta;
  }
  return out;
}

/** Win probabilities 1 / (1 + 10^(-a lead / 600)) of HeLO leads. */
export function heloProbabilities(leads: Float64Array, a: number): Float64Array {
  return leads.map((lead) => 1 / (1 + Math.pow(10, (-a * lead) / 600)));
}

/**
 * The rescaling a > 0 of HeLO leads that maximises the log-likelihood of matches [0, to): HeLO predicts sector
 * shares, not wins, so its scale is learned on the training part.
 */
export function fitHeloScale(leads: Float64Array, to: number): number {
  const found = nelderMead((x) => -trainingLogLik(heloProbabilities(leads, Math.exp(x[0]!)), to), [0], {
    step: 0.7,
    tolerance: 1e-8,
    maxEvaluations: 80,
  });
  return Math.exp(found.x[0]!);
}

/** Laplace-smoothed win rates compared by log5 (see winRateProbability). */
export function winRateForecasts(c: CompiledMatches): Float64Array {
  const wins = new Float64Array(c.teams.length);
  const games = new Float64Array(c.teams.length);
  const out = new Float64Array(c.length);
  for (let i = 0; i < c.length; i++) {
    const w = c.winner[i]!;
    const l = c.loser[i]!;
    const drawn = c.kind[i] === KIND.draw;
    out[i] = drawn ? Number.NaN : winRateProbability(wins[w]!, games[w]!, wins[l]!, games[l]!);
    wins[w] = wins[w]! + (drawn ? 0.5 : 1);
    wins[l] = wins[l]! + (drawn ? 0.5 : 0);
    games[w] = games[w]! + 1;
    games[l] = games[l]! + 1;
  }
  return out;
}
