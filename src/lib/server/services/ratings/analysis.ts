/**
 * Evaluation of a series' rated matches (`hss ratings evaluate`): the site's model against baselines on the newest
 * 30%, and the Kendall tau against true strengths where they are known (the demo).
 */
import type { Evaluation, RatedMatch } from '#lib/domain/rating/index.ts';
import {
  DEFAULT_MODEL,
  conservativeScore,
  createEnv,
  evaluateModels,
  formatTable,
  kendallTauB,
} from '#lib/domain/rating/index.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import { listRatingMatches, loadTeamRatings, loadTrueStrengths } from '#lib/server/repositories/ratings.ts';
import { listSeriesLineups, type LineupRow } from '#lib/server/repositories/lineups.ts';
import { requireSeries } from '#lib/server/services/series.ts';
import { isDrawnResult } from './params.ts';

/**
 * The series' posted, rated matches as the rating mathematics takes them, in rating order. With `lineups`, a
 * match with a log carries who played for each side (steam ids, minutes on the server as seconds), for the
 * roster-aware model; the rating runner does not read them yet, so the refit keeps to the team model.
 */
export async function ratedMatches(db: DB, seriesId: number, lineups = false): Promise<RatedMatch[]> {
  const rows = await listRatingMatches(db, seriesId, 'posted');
  const players = new Map<number, LineupRow[]>();
  if (lineups)
    for (const line of await listSeriesLineups(db, seriesId)) {
      const list = players.get(line.match_id);
      if (list === undefined) players.set(line.match_id, [line]);
      else list.push(line);
    }
  const out: RatedMatch[] = [];
  for (const m of rows) {
    if (m.winner_team_id === null || m.loser_team_id === null || m.winner_team_id === m.loser_team_id) continue;
    const lines = players.get(m.id);
    const side = (team: number) =>
      (lines ?? []).filter((l) => l.team_id === team).map((l) => ({ player: l.steam_id, seconds: 60 * l.playtime }));
    out.push({
      id: m.id,
      winner: m.winner_team_id,
      loser: m.loser_team_id,
      result: m.result,
      date: m.date,
      drawn: isDrawnResult(m.result),
      ...(lines === undefined ? {} : { lineups: { winner: side(m.winner_team_id), loser: side(m.loser_team_id) } }),
    });
  }
  return out;
}

/** What `evaluate` reports. */
export interface SeriesEvaluation {
  evaluation: Evaluation;
  /** The metrics table (formatTable) of the test matches. */
  table: string;
  /** The reliability deciles of the site's model (formatTable). */
  reliability: string;
  /** Kendall tau-b between the teams' scores (mu - 3 sigma) and their stored true strengths, when there are any. */
  kendall_tau: number | null;
  /** Teams that entered the Kendall tau. */
  teams_with_truth: number;
}

/** The evaluation start: the default model with the series' prior. */
export function evaluationStart(series: SeriesRow): typeof DEFAULT_MODEL {
  return {
    ...DEFAULT_MODEL,
    env: createEnv({ ...DEFAULT_MODEL.env, mu: series.rating_mu, sigma: series.rating_sigma }),
  };
}

/** The metrics table of an evaluation: one row per model with its 95% interval, calibration slope and tuning. */
export function evaluationTable(evaluation: Evaluation): string {
  return formatTable(
    evaluation.rows.map((r) => ({
      model: r.model,
      n: r.n,
      accuracy: r.accuracy,
      log_loss: r.log_loss,
      log_loss_95ci: `${r.log_loss_ci[0].toFixed(4)}-${r.log_loss_ci[1].toFixed(4)}`,
      brier: r.brier,
      slope: r.calibration_slope,
      ...(r.gap === null ? {} : { gap: r.gap }),
      tuned: r.tuned,
    })),
    {
      columns: [
        'model',
        'n',
        'accuracy',
        'log_loss',
        'log_loss_95ci',
        'brier',
        'slope',
        ...(evaluation.rows.some((r) => r.gap !== null) ? ['gap'] : []),
        'tuned',
      ],
    },
  );
}

/**
 * Predicts every posted match of the series from pre-match ratings in date order and scores the newest
 * `testFraction` (default 30%) for the site's model (refitted on the older matches only), the roster-aware model
 * and the refit's choice between them when matches have logs, and the baselines (evaluateModels). With stored true strengths, adds the Kendall tau between the final scores of teams that played
 * and their true strengths.
 */
export async function evaluateSeries(db: DB, seriesTag: string, testFraction = 0.3): Promise<SeriesEvaluation> {
  const series = await requireSeries(db, seriesTag);
  const matches = await ratedMatches(db, series.id, true);
  const evaluation = evaluateModels(matches, { start: evaluationStart(series), testFraction });
  const rating = evaluation.rows.find((r) => r.model === 'rating');
  const reliability = formatTable(
    (rating?.reliability ?? []).map((b, i) => ({ decile: i + 1, n: b.n, forecast: b.predicted, won: b.observed })),
    { columns: ['decile', 'n', 'forecast', 'won'], digits: 3 },
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
    table: evaluationTable(evaluation),
    reliability,
    kendall_tau: scores.length >= 2 ? kendallTauB(scores, strengths) : null,
    teams_with_truth: scores.length,
  };
}
