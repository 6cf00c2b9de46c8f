/**
 * A season simulator with known true strengths that move like real teams': a slow random walk for everyone, and
 * arcs on top (improving, declining, joining late, going inactive for a while and coming back changed). Results
 * are drawn as the sector model reads them: performance difference d = (s_a + beta e_a) - (s_b + beta e_b), the
 * winner by its sign and 3-2 / 4-1 / 5-0 by |d| against t1 = beta / 2 and t2 = 5 beta / 4. The oracle knows the
 * strengths at match time and predicts Phi((s_w - s_l) / (sqrt(2) beta)): the best any rating can do.
 */
import { mulberry32, type Rng } from '#lib/domain/logs/write/prng.ts';
import { DAY_MS } from './dynamics.ts';
import { cdf } from './gaussian.ts';
import type { RatedMatch } from './types.ts';

/** How a team's strength moves over the season (on top of the random walk). */
export type TeamArc = 'steady' | 'improving' | 'declining' | 'late' | 'break';

/** Options of {@link planStrengths}. */
export interface StrengthOptions {
  readonly teams: number;
  /** Season length in days. */
  readonly days: number;
  /**
   * How much strengths move, in rating units: the random walk's standard deviation over 30 days; improving and
   * declining teams also trend by 0.5-1.5 x drift per 30 days, and a team back from a break jumps by about
   * 2 x drift. 0 gives static strengths (arcs still decide who plays when).
   */
  readonly drift: number;
  /** Standard deviation of the starting strengths around 25. Default 4. */
  readonly spread?: number;
}

/** One team's true strength over the season and when it plays. */
export interface TeamPath {
  readonly arc: TeamArc;
  /** Strength at the start of each day 0..days. */
  readonly strength: Float64Array;
  /** Relative match frequency (0.5-1.5). */
  readonly activity: number;
  /** The team plays from this day on... */
  readonly from: number;
  /** ...except in [pauseFrom, pauseTo) (both NaN without a break). */
  readonly pauseFrom: number;
  readonly pauseTo: number;
}

const ARCS: readonly TeamArc[] = ['steady', 'steady', 'improving', 'declining', 'late', 'break'];

/** A standard normal draw (Box-Muller). */
export function gaussian(rng: Rng): number {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** Draws every team's strength path; deterministic for the same rng state and options. */
export function planStrengths(rng: Rng, options: StrengthOptions): TeamPath[] {
  const { days, drift } = options;
  const spread = options.spread ?? 4;
  const step = drift / Math.sqrt(30);
  return Array.from({ length: options.teams }, (_, i) => {
    // The first team is always steady so that tiny seasons still have someone playing from day 0.
    const arc: TeamArc = i === 0 || drift === 0 ? 'steady' : ARCS[rng.int(0, ARCS.length - 1)]!;
    const trend = arc === 'improving' ? 1 : arc === 'declining' ? -1 : 0;
    const slope = (trend * (0.5 + rng.next()) * drift) / 30;
    const from = arc === 'late' ? Math.floor(days * (0.2 + 0.4 * rng.next())) : 0;
    const pauseFrom = arc === 'break' ? Math.floor(days * (0.2 + 0.4 * rng.next())) : Number.NaN;
    const pauseTo = arc === 'break' ? pauseFrom + Math.floor(days * (0.1 + 0.2 * rng.next())) : Number.NaN;
    const jump = 2 * drift * gaussian(rng);
    const strength = new Float64Array(days + 1);
    let s = 25 + spread * gaussian(rng);
    for (let d = 0; d <= days; d++) {
      if (d > 0) s += slope + step * gaussian(rng);
      if (d === pauseTo) s += jump;
      strength[d] = s;
    }
    return { arc, strength, activity: 0.5 + rng.next(), from, pauseFrom, pauseTo };
  });
}

/** Whether the team plays on `day`. */
export function isActive(path: TeamPath, day: number): boolean {
  return day >= path.from && !(day >= path.pauseFrom && day < path.pauseTo);
}

/** Strength of a team at a (fractional) day: the day's value. */
export function strengthAt(path: TeamPath, day: number): number {
  const d = Math.min(Math.max(Math.floor(day), 0), path.strength.length - 1);
  return path.strength[d]!;
}

/** The result of a win by performance margin d >= 0, with t1 = beta / 2 and t2 = 5 beta / 4. */
export function resultForMargin(d: number, beta: number): '5-0' | '4-1' | '3-2' {
  if (d <= beta / 2) return '3-2';
  if (d <= (5 * beta) / 4) return '4-1';
  return '5-0';
}

/** Match times (ms from day 0) of a season, in order: days uniform over the season, evening hours. */
export function matchTimes(rng: Rng, matches: number, days: number): number[] {
  return Array.from(
    { length: matches },
    () => Math.floor(rng.next() * days) * DAY_MS + (17 + 5 * rng.next()) * 3_600_000,
  ).sort((a, b) => a - b);
}

/** Two distinct teams active on `day` (everyone when fewer are), chosen in proportion to their activity. */
export function pairOfTheDay(rng: Rng, paths: readonly TeamPath[], day: number): [number, number] {
  const indices = paths.map((_, i) => i);
  let active = indices.filter((i) => isActive(paths[i]!, day));
  if (active.length < 2) active = indices;
  const a = rng.weighted(active, (i) => paths[i]!.activity);
  const b = rng.weighted(
    active.filter((i) => i !== a),
    (i) => paths[i]!.activity,
  );
  return [a, b];
}

/** Options of {@link simulateSeason}. */
export interface SeasonOptions extends Partial<StrengthOptions> {
  readonly seed: number;
  readonly teams: number;
  readonly matches: number;
  /** Performance noise. Default 25/6. */
  readonly beta?: number;
  /** Day 0. Default 2026-01-01. */
  readonly start?: Date;
}

/** A simulated season. */
export interface SimulatedSeason {
  /** Matches in date order (ids 0..n-1, team keys 'T1'...). */
  readonly matches: RatedMatch[];
  /** The oracle's probability that each match's winner wins. */
  readonly oracle: number[];
  /** Per team key, its true strength at the end of the season. */
  readonly finalStrength: Map<string, number>;
  readonly paths: TeamPath[];
}

/**
 * Simulates a season: match days uniform over the season (evening hours), two distinct teams that are active that
 * day chosen in proportion to their activity, result from their strengths that day. Defaults: 180 days, drift 0.
 */
export function simulateSeason(options: SeasonOptions): SimulatedSeason {
  if (options.teams < 2) throw new RangeError('A season needs at least 2 teams');
  const rng = mulberry32(options.seed);
  const days = options.days ?? 180;
  const beta = options.beta ?? 25 / 6;
  const start = (options.start ?? new Date(Date.UTC(2026, 0, 1))).getTime();
  const paths = planStrengths(rng, {
    teams: options.teams,
    days,
    drift: options.drift ?? 0,
    ...(options.spread === undefined ? {} : { spread: options.spread }),
  });
  const times = matchTimes(rng, options.matches, days);
  const matches: RatedMatch[] = [];
  const oracle: number[] = [];
  for (const time of times) {
    const day = time / DAY_MS;
    const [a, b] = pairOfTheDay(rng, paths, day);
    const sa = strengthAt(paths[a]!, day);
    const sb = strengthAt(paths[b]!, day);
    const d = sa + beta * gaussian(rng) - (sb + beta * gaussian(rng));
    const [w, l, sw, sl] = d >= 0 ? [a, b, sa, sb] : [b, a, sb, sa];
    matches.push({
      id: matches.length,
      winner: `T${w + 1}`,
      loser: `T${l + 1}`,
      result: resultForMargin(Math.abs(d), beta),
      date: new Date(start + time),
    });
    oracle.push(cdf((sw - sl) / (Math.SQRT2 * beta)));
  }
  const finalStrength = new Map(paths.map((p, i) => [`T${i + 1}`, p.strength[days]!]));
  return { matches, oracle, finalStrength, paths };
}
