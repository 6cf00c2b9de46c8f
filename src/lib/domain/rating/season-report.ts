/**
 * Rating quality on simulated seasons: every model of evaluateModels scored against the oracle that knows the true
 * strengths, averaged over several seeds (single seasons vary a lot). Used by `hss demo season` and
 * `npm run bench:rating-quality`.
 */
import { evaluateModels, type Evaluation, type ModelName } from './evaluate.ts';
import { simulateRosterSeason, withIdleRosters } from './roster-season.ts';
import { simulateSeason, type SeasonOptions, type SimulatedSeason } from './season.ts';

/** A kind of season. */
export interface SeasonKind {
  readonly teams: number;
  readonly matches: number;
  readonly days: number;
  /** See StrengthOptions.drift; 0 is a static season (every team plays all season at a fixed strength). */
  readonly drift: number;
  /**
   * True: a roster season (simulateRosterSeason: who played decides the strength). Otherwise the season of
   * simulateSeason with lineups that do not matter (withIdleRosters): its results are exactly those without them.
   */
  readonly rosters?: boolean;
}

/** The kinds the benchmark reports. */
export const SEASON_KINDS: Readonly<Record<'drifting' | 'static' | 'small' | 'roster', SeasonKind>> = Object.freeze({
  drifting: { teams: 40, matches: 1200, days: 180, drift: 1 },
  static: { teams: 40, matches: 1200, days: 180, drift: 0 },
  small: { teams: 12, matches: 300, days: 180, drift: 1 },
  roster: { teams: 40, matches: 1200, days: 180, drift: 1, rosters: true },
});

/** The season of a kind and seed (see SeasonKind.rosters). */
export function seasonOf(kind: SeasonKind, seed: number, simulate: Partial<SeasonOptions> = {}): SimulatedSeason {
  const { rosters, ...shape } = kind;
  if (rosters === true) return simulateRosterSeason({ ...simulate, ...shape, seed });
  return withIdleRosters(simulateSeason({ ...simulate, ...shape, seed }), seed);
}

/** One model over several seasons. */
export interface ModelSummary {
  readonly model: ModelName;
  readonly seasons: number;
  /** Mean log-loss on the test matches. */
  readonly logLoss: number;
  /** Mean gap to the oracle and its standard error over the seasons. */
  readonly gap: number;
  readonly gapError: number;
  /** Mean calibration slope over the seasons. */
  readonly slope: number;
  /** Mean share of test matches whose favourite won. */
  readonly accuracy: number;
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * Simulates one season per seed and evaluates `models` (the oracle is always added) on each; returns the per-model
 * means and every season's evaluation.
 */
export function summariseSeasons(
  kind: SeasonKind,
  seeds: readonly number[],
  models?: readonly ModelName[],
  simulate: Partial<SeasonOptions> = {},
): { rows: ModelSummary[]; evaluations: Evaluation[] } {
  const evaluations = seeds.map((seed) => {
    const season = seasonOf(kind, seed, simulate);
    return evaluateModels(season.matches, {
      oracle: season.oracle,
      bootstrap: seeds.length > 1 ? 0 : 1000,
      ...(models ? { models: [...models.filter((m) => m !== 'oracle'), 'oracle'] } : {}),
    });
  });
  const rows = evaluations[0]!.rows.map((first, index): ModelSummary => {
    const gaps = evaluations.map((e) => e.rows[index]!.gap!);
    const g = mean(gaps);
    const sd = Math.sqrt(gaps.reduce((s, x) => s + (x - g) ** 2, 0) / Math.max(1, gaps.length - 1));
    return {
      model: first.model,
      seasons: seeds.length,
      logLoss: mean(evaluations.map((e) => e.rows[index]!.log_loss)),
      gap: g,
      gapError: gaps.length > 1 ? sd / Math.sqrt(gaps.length) : Number.NaN,
      slope: mean(evaluations.map((e) => e.rows[index]!.calibration_slope)),
      accuracy: mean(evaluations.map((e) => e.rows[index]!.accuracy)),
    };
  });
  return { rows, evaluations };
}
