/**
 * The ratings methodology page's data: the parameters a series uses, its refits, the live evaluation of its model
 * against the baselines (cached per state of its rated matches: computing it replays and refits the series, which
 * must not happen per request), the win-probability calculator and the pre-match prediction of a match.
 */
import { evaluateModels, forecastAt, priorRating, type EvaluationRow } from '#lib/domain/rating/index.ts';
import type {
  CalculatorQuery,
  CalculatorResult,
  RatingEvaluationView,
  RatingFitView,
  RatingParameters,
} from '#lib/schemas/ratings-page.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import { badRequest, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { listRatingFits } from '#lib/server/repositories/rating-fits.ts';
import {
  findMatchTeams,
  listSeriesTeamRatings,
  ratedMatchesFingerprint,
  type SeriesTeamRating,
} from '#lib/server/repositories/rating-view.ts';
import { evaluationStart, ratedMatches } from './analysis.ts';
import { seriesEnv, seriesModel, storedModel } from './params.ts';

/** Fewer rated matches than this are not evaluated (the newest 30% would be a handful). */
export const MIN_EVALUATED_MATCHES = 30;

/** Plain names of the evaluated models. */
const MODEL_LABELS: Record<string, string> = {
  rating: 'This site (margin, dynamics)',
  roster: 'Roster-aware (who played)',
  auto: 'Chosen by the refit (team or roster-aware)',
  trueskill: 'Plain TrueSkill',
  trueskill_tau: 'TrueSkill, tau tuned',
  elo: 'Elo, k tuned',
  helo: 'HeLO-like (sector share)',
  winrate: 'Win rate',
};

/** The parameters the series rates with now. */
export function ratingParameters(series: SeriesRow): RatingParameters {
  const stored = storedModel(seriesModel(series));
  return {
    model: stored.model,
    mu: series.rating_mu,
    sigma: series.rating_sigma,
    beta: stored.beta,
    tau: stored.tau,
    gamma: stored.gamma,
    t1: stored.t1,
    t2: stored.t2,
    ranked_after: series.ranked_after_matches,
  };
}

/** The series' latest refits, newest first. */
export async function ratingFits(db: DB, seriesId: number, limit = 5): Promise<RatingFitView[]> {
  return (await listRatingFits(db, seriesId, limit)).map((f) => ({
    at: f.at.toISOString(),
    trigger: f.trigger === 'cli' ? 'cli' : 'auto',
    matches: f.rated_matches,
    adopted: f.adopted,
    previous_log_lik: f.previous_log_lik,
    candidate_log_lik: f.candidate_log_lik,
  }));
}

function rowView(r: EvaluationRow): RatingEvaluationView['rows'][number] {
  return {
    model: r.model,
    label: MODEL_LABELS[r.model] ?? r.model,
    n: r.n,
    accuracy: r.accuracy,
    log_loss: r.log_loss,
    log_loss_ci: [r.log_loss_ci[0], r.log_loss_ci[1]],
    brier: r.brier,
    calibration_slope: r.calibration_slope,
    tuned: r.tuned,
  };
}

async function computeEvaluation(db: DB, series: SeriesRow): Promise<RatingEvaluationView | null> {
  const matches = await ratedMatches(db, series.id);
  if (matches.length < MIN_EVALUATED_MATCHES) return null;
  const evaluation = evaluateModels(matches, { start: evaluationStart(series), bootstrap: 300 });
  const site = evaluation.rows.find((r) => r.model === 'rating');
  return {
    train: evaluation.trainSize,
    test: evaluation.testSize,
    rows: evaluation.rows.map(rowView),
    reliability: (site?.reliability ?? []).map((b) => ({ n: b.n, predicted: b.predicted, observed: b.observed })),
    computed_at: new Date().toISOString(),
  };
}

// Per database handle and series: the fingerprint the evaluation was computed for, and the (shared) computation.
const evaluations = new WeakMap<DB, Map<number, { key: string; value: Promise<RatingEvaluationView | null> }>>();

/**
 * The live evaluation of the series: every model's accuracy, log-loss (95% bootstrap interval), Brier score and
 * calibration slope on the newest 30% of its rated matches, and the site's reliability deciles; null under
 * {@link MIN_EVALUATED_MATCHES}. Computed once per state of the series' rated matches and parameters (concurrent
 * requests share one computation); a failed computation is not kept.
 */
export async function ratingEvaluation(db: DB, series: SeriesRow): Promise<RatingEvaluationView | null> {
  const key = `${await ratedMatchesFingerprint(db, series.id)}|${JSON.stringify(storedModel(seriesModel(series)))}`;
  let perSeries = evaluations.get(db);
  if (!perSeries) evaluations.set(db, (perSeries = new Map()));
  const cached = perSeries.get(series.id);
  if (cached?.key === key) return cached.value;
  const value = computeEvaluation(db, series);
  perSeries.set(series.id, { key, value });
  value.catch(() => {
    if (perSeries.get(series.id)?.value === value) perSeries.delete(series.id);
  });
  return value;
}

/** The teams the calculator offers: the series' teams, by tag. */
export async function calculatorTeams(db: DB, seriesId: number): Promise<SeriesTeamRating[]> {
  return listSeriesTeamRatings(db, seriesId);
}

/**
 * The calculator's answer: the probability that team `a` beats team `b` in a match now (their sigmas grown with
 * the days since they last played); null unless both are given. 404 for a tag not in the series, 400 for the same
 * team twice.
 */
export function calculate(
  series: SeriesRow,
  teams: readonly SeriesTeamRating[],
  query: CalculatorQuery,
  now: Date = new Date(),
): CalculatorResult | null {
  if (!query.a || !query.b) return null;
  const find = (tag: string): SeriesTeamRating => {
    const team = teams.find((t) => t.tag.toLowerCase() === tag.toLowerCase());
    if (!team) throw notFound(messages.teamNotFound(tag));
    return team;
  };
  const a = find(query.a);
  const b = find(query.b);
  if (a.team_id === b.team_id) throw badRequest(messages.calculatorSameTeam);
  const view = (t: SeriesTeamRating) => ({ tag: t.tag, name: t.name, mu: t.mu, sigma: t.sigma });
  return { a: view(a), b: view(b), probability: forecastAt(a, b, seriesEnv(series), now) };
}

/**
 * The site's prediction for a match that is not rated yet (pending or queued): the probability that its reported
 * winner wins, from both teams' current ratings at the match date. Null when a side is not a registered team.
 */
export async function preMatchPrediction(db: DB, series: SeriesRow, matchId: number): Promise<number | null> {
  const match = await findMatchTeams(db, series.id, matchId);
  if (!match || match.winner_team_id === null || match.loser_team_id === null) return null;
  const env = seriesEnv(series);
  const ratings = await listSeriesTeamRatings(db, series.id);
  const rating = (id: number) => ratings.find((r) => r.team_id === id) ?? priorRating(env);
  return forecastAt(rating(match.winner_team_id), rating(match.loser_team_id), env, match.date);
}
