/** Out-of-sample comparison of the rating models against simple baselines. */
import { ELO_DEFAULTS, eloExpected, eloUpdate } from './elo.ts';
import { DEFAULT_ENV, drawMargin } from './env.ts';
import type { TrueSkillEnv } from './env.ts';
import { fitSectorThresholds } from './fit.ts';
import { metricsForWinners } from './metrics.ts';
import { createPairUpdate } from './pair-update.ts';
import { updateSectorPair } from './sector-score.ts';
import type { SectorThresholds } from './sector-score.ts';
import { winProbabilityRaw } from './trueskill.ts';
import type { MatchDate, RatedMatch, TeamKey } from './types.ts';
import { winRateProbability } from './winrate.ts';

/** The compared models. */
export type ModelName = 'trueskill' | 'sector' | 'elo' | 'winrate';

/** Options of {@link evaluateModels}. */
export interface EvaluateOptions {
  /** Share of the latest matches that is scored. Default 0.3. */
  readonly testFraction?: number;
  readonly env?: TrueSkillEnv;
  /** Sector thresholds; default fitted on the training matches only. */
  readonly thresholds?: SectorThresholds;
  /** Elo K factor. Default 32. */
  readonly eloK?: number;
  /** Models to score, in output order. Default all four. */
  readonly models?: readonly ModelName[];
}

/** Metrics of one model on the test matches (draws excluded). */
export interface EvaluationRow {
  readonly model: ModelName;
  readonly n: number;
  readonly accuracy: number;
  readonly log_loss: number;
  readonly brier: number;
}

/** Result of {@link evaluateModels}. */
export interface Evaluation {
  readonly rows: EvaluationRow[];
  readonly trainSize: number;
  readonly testSize: number;
  readonly thresholds: SectorThresholds;
}

interface Model {
  /** Probability that `winner` beats `loser`, from the current (pre-match) state. */
  predict(winner: TeamKey, loser: TeamKey): number;
  update(match: RatedMatch): void;
}

/** Milliseconds since the epoch for ordering; unparsable dates compare as equal to everything. */
function dateValue(date: MatchDate): number {
  return date instanceof Date ? date.getTime() : Date.parse(date);
}

/**
 * Sorts `matches` by date (stable), replays them once per model, and scores
 * each model's pre-match probability for the actual winner on the last
 * `testFraction` of matches (rounded; models keep learning through the test
 * part, as they would live). Without given thresholds the sector score uses
 * thresholds fitted on the training part, so the test part stays unseen.
 */
export function evaluateModels(matches: readonly RatedMatch[], options: EvaluateOptions = {}): Evaluation {
  const env = options.env ?? DEFAULT_ENV;
  const fraction = options.testFraction ?? 0.3;
  if (!(fraction > 0 && fraction <= 1)) throw new RangeError('testFraction must be in (0, 1]');
  const ordered = matches
    .map((m, i) => ({ m, i, t: dateValue(m.date) }))
    .sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : a.i - b.i))
    .map((x) => x.m);
  const testSize = Math.round(ordered.length * fraction);
  const trainSize = ordered.length - testSize;
  const thresholds = options.thresholds ?? fitSectorThresholds(ordered.slice(0, trainSize), env);

  const rows = (options.models ?? (['trueskill', 'sector', 'elo', 'winrate'] as const)).map((name): EvaluationRow => {
    const model = createModel(name, env, thresholds, options.eloK ?? ELO_DEFAULTS.k);
    const probabilities: number[] = [];
    ordered.forEach((m, i) => {
      if (i >= trainSize && m.drawn !== true) probabilities.push(model.predict(m.winner, m.loser));
      model.update(m);
    });
    const metrics = metricsForWinners(probabilities);
    return { model: name, n: metrics.n, accuracy: metrics.accuracy, log_loss: metrics.logLoss, brier: metrics.brier };
  });
  return { rows, trainSize, testSize, thresholds };
}

function createModel(name: ModelName, env: TrueSkillEnv, thresholds: SectorThresholds, k: number): Model {
  if (name === 'elo') {
    const elo = new Map<TeamKey, number>();
    const get = (t: TeamKey): number => elo.get(t) ?? ELO_DEFAULTS.initial;
    return {
      predict: (w, l) => eloExpected(get(w), get(l)),
      update: (m) => {
        const [w, l] = eloUpdate(get(m.winner), get(m.loser), m.drawn === true ? 0.5 : 1, k);
        elo.set(m.winner, w);
        elo.set(m.loser, l);
      },
    };
  }
  if (name === 'winrate') {
    const wins = new Map<TeamKey, number>();
    const games = new Map<TeamKey, number>();
    const add = (map: Map<TeamKey, number>, t: TeamKey, n: number): void => {
      map.set(t, (map.get(t) ?? 0) + n);
    };
    return {
      predict: (w, l) => winRateProbability(wins.get(w) ?? 0, games.get(w) ?? 0, wins.get(l) ?? 0, games.get(l) ?? 0),
      update: (m) => {
        const drawn = m.drawn === true;
        add(wins, m.winner, drawn ? 0.5 : 1);
        add(wins, m.loser, drawn ? 0.5 : 0);
        add(games, m.winner, 1);
        add(games, m.loser, 1);
      },
    };
  }
  const sector = name === 'sector';
  const eps = drawMargin(env.drawProbability, env.beta);
  const ratings = new Map<TeamKey, { mu: number; sigma: number }>();
  const get = (t: TeamKey): { mu: number; sigma: number } => ratings.get(t) ?? { mu: env.mu, sigma: env.sigma };
  const out = createPairUpdate();
  return {
    predict: (w, l) => {
      const a = get(w);
      const b = get(l);
      return winProbabilityRaw(a.mu, a.sigma, b.mu, b.sigma, env.beta);
    },
    update: (m) => {
      const a = get(m.winner);
      const b = get(m.loser);
      const result = sector ? m.result : 'other';
      updateSectorPair(a.mu, a.sigma, b.mu, b.sigma, result, m.drawn === true, thresholds, eps, env, out);
      ratings.set(m.winner, { mu: out.muW, sigma: out.sigmaW });
      ratings.set(m.loser, { mu: out.muL, sigma: out.sigmaL });
    },
  };
}
