/**
 * Model fitting and evaluation of a series' rated matches (the `hss ratings fit` and `hss ratings evaluate`
 * commands). Both read the posted matches between two registered teams in rating order (date, then id).
 */
import type { Evaluation, RatedMatch, ThresholdFit } from '#lib/domain/rating/index.ts';
import {
  conservativeScore,
  evaluateModels,
  fitSectorThresholds,
  formatTable,
  kendallTauB,
} from '#lib/domain/rating/index.ts';
import type { DB } from '#lib/server/db/index.ts';
import {
  listRatingMatches,
  loadTeamRatings,
  loadTrueStrengths,
  updateSeriesRatingModel,
} from '#lib/server/repositories/ratings.ts';
import { requireSeries } from '#lib/server/services/series.ts';
import { isDrawnResult, seriesEnv } from './params.ts';
import { recomputeSeries } from './process.ts';

/** The series' posted, rated matches as the rating mathematics takes them. */
export async function ratedMatches(db: DB, seriesId: number): Promise<RatedMatch[]> {
  const rows = await listRatingMatches(db, seriesId, 'posted');
  const out: RatedMatch[] = [];
  for (const m of rows) {
    if (m.winner_team_id === null || m.loser_team_id === null || m.winner_team_id === m.loser_team_id) continue;
    out.push({
      id: m.id,
      winner: m.winner_team_id,
      loser: m.loser_team_id,
      result: m.result,
      date: m.date,
      drawn: isDrawnResult(m.result),
    });
  }
  return out;
}

/**
 * Fits the sector-score thresholds of a series by chronological maximum likelihood (fitSectorThresholds) and
 * stores them in series.sector_thresholds; with `use`, switches the series to the sector model and recomputes it.
 */
export async function fitSeries(db: DB, seriesTag: string, use: boolean): Promise<ThresholdFit & { matches: number }> {
  const series = await requireSeries(db, seriesTag);
  const matches = await ratedMatches(db, series.id);
  const fit = fitSectorThresholds(matches, seriesEnv(series));
  await updateSeriesRatingModel(db, series.id, {
    sector_thresholds: { t1: fit.t1, t2: fit.t2 },
    ...(use ? { rating_model: 'sector' as const } : {}),
  });
  if (use) await recomputeSeries(db, series.id);
  return { ...fit, matches: matches.length };
}

/** What `evaluate` reports. */
export interface SeriesEvaluation {
  evaluation: Evaluation;
  /** The metrics table (formatTable) of the test matches. */
  table: string;
  /** Kendall tau-b between the teams' scores (mu - 3 sigma) and their stored true strengths, when there are any. */
  kendall_tau: number | null;
  /** Teams that entered the Kendall tau. */
  teams_with_truth: number;
}

/**
 * Predicts every posted match of the series from pre-match ratings in date order and scores the last
 * `testFraction` (default 30%) under plain TrueSkill, the sector score (thresholds fitted on the first 70%), Elo
 * and the win-rate baseline (evaluateModels). With stored true strengths, adds the Kendall tau between the final
 * scores of teams that played and their true strengths.
 */
export async function evaluateSeries(db: DB, seriesTag: string, testFraction = 0.3): Promise<SeriesEvaluation> {
  const series = await requireSeries(db, seriesTag);
  const matches = await ratedMatches(db, series.id);
  const evaluation = evaluateModels(matches, { env: seriesEnv(series), testFraction });
  const table = formatTable(
    evaluation.rows.map((r) => ({
      model: r.model,
      n: r.n,
      accuracy: r.accuracy,
      log_loss: r.log_loss,
      brier: r.brier,
    })),
    { columns: ['model', 'n', 'accuracy', 'log_loss', 'brier'] },
  );
  const truth = await loadTrueStrengths(db, series.id);
  const scores: number[] = [];
  const strengths: number[] = [];
  for (const r of await loadTeamRatings(db, series.id)) {
    const t = truth.get(r.team_id);
    if (t === undefined || r.num_matches === 0) continue;
    scores.push(conservativeScore(r));
    strengths.push(t);
  }
  return {
    evaluation,
    table,
    kendall_tau: scores.length >= 2 ? kendallTauB(scores, strengths) : null,
    teams_with_truth: scores.length,
  };
}
