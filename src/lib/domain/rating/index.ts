/** Public API of the rating mathematics (pure: no I/O). */
export { erf, erfc, erfcx } from './erf.ts';
export { cdf, logCdf, pdf, ppf } from './gaussian.ts';
export { createWindowMoments, windowMoments } from './truncated.ts';
export type { WindowMoments } from './truncated.ts';
export { DEFAULT_ENV, createEnv, drawMargin } from './env.ts';
export type { TrueSkillEnv, TrueSkillEnvOptions } from './env.ts';
export { createPairUpdate, updatePair } from './pair-update.ts';
export type { PairUpdate } from './pair-update.ts';
export { matchQuality, newRating, predictWin, rate1vs1, winProbability, winProbabilityRaw } from './trueskill.ts';
export {
  bandHigh,
  bandLow,
  defaultSectorThresholds,
  isSectorResult,
  rateSector,
  sectorResultProbability,
  updateSectorPair,
} from './sector-score.ts';
export type { SectorThresholds } from './sector-score.ts';
export { DAY_MS, dateMs, elapsedDays, inflateSigma } from './dynamics.ts';
export { forecastAt, priorRating } from './forecast.ts';
export type { StoredRating } from './forecast.ts';
export { KIND, compileMatches, replayParamsOf, runModel } from './engine.ts';
export type { CompiledMatches, ModelParams, RunOptions, RunTotals } from './engine.ts';
export { defaultFree, fitModel } from './model-fit.ts';
export type { FitOptions, FitParam, ModelFit } from './model-fit.ts';
export { AUTO_FIT, DEFAULT_MODEL, ROSTER_FREE, liveForecasts, refit, refitDue } from './auto-fit.ts';
export type { LiveRefit, RefitDecision, RefitOptions } from './auto-fit.ts';
export { calibrationSlope, reliabilityBins } from './calibration.ts';
export type { ReliabilityBin } from './calibration.ts';
export { bootstrapInterval } from './bootstrap.ts';
export type { BootstrapOptions } from './bootstrap.ts';
export {
  eloForecasts,
  fitHeloScale,
  heloLeads,
  heloProbabilities,
  sectorShare,
  tuneEloK,
  winRateForecasts,
} from './baselines.ts';
export { SEASON_KINDS, seasonOf, summariseSeasons } from './season-report.ts';
export { MATCH_SECONDS, simulateRosterSeason, withIdleRosters } from './roster-season.ts';
export type { RosterSeasonOptions } from './roster-season.ts';
export { DEFAULT_PLAYERS, compileLineups, runRosterModel } from './roster-model.ts';
export type {
  CompiledLineups,
  PlayerParams,
  PlayerState,
  RosterRating,
  RosterRun,
  RosterState,
} from './roster-model.ts';
export type { ModelSummary, SeasonKind } from './season-report.ts';
export { isActive, planStrengths, resultForMargin, simulateSeason, strengthAt } from './season.ts';
export type { SeasonOptions, SimulatedSeason, StrengthOptions, TeamArc, TeamPath } from './season.ts';
export { nelderMead } from './nelder-mead.ts';
export type { Minimum, NelderMeadOptions } from './nelder-mead.ts';
export { ELO_DEFAULTS, eloExpected, eloUpdate } from './elo.ts';
export { smoothedWinRate, winRateProbability } from './winrate.ts';
export { computeMetrics, metricsForWinners } from './metrics.ts';
export type { Metrics, Prediction } from './metrics.ts';
export { kendallTauB } from './kendall.ts';
export { BASELINE_MODELS, describeParams, evaluateModels, modelForecasts } from './evaluate.ts';
export type { EvaluateOptions, Evaluation, EvaluationRow, ModelName } from './evaluate.ts';
export { formatTable } from './table.ts';
export type { Cell, TableOptions } from './table.ts';
export { replayRatings } from './replay.ts';
export type {
  HistoryPoint,
  MatchRatingChange,
  RatingModel,
  RatingPoint,
  ReplayParams,
  ReplayResult,
  TeamRating,
} from './replay-types.ts';
export { conservativeScore, rankTeams } from './ranking.ts';
export type { RankedTeam } from './replay-types.ts';
export type {
  LineupEntry,
  MatchDate,
  MatchLineups,
  PlayerKey,
  RatedMatch,
  Rating,
  SectorResult,
  TeamKey,
} from './types.ts';
