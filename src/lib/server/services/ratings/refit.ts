/**
 * Keeping a series' rating model tuned. A series starts on the sector model with the defaults fitted on the demo
 * community; once it has AUTO_FIT.minMatches rated matches, and again after every AUTO_FIT.every newly rated ones
 * (and whenever an operator runs `hss ratings fit`), candidate parameters (beta, thresholds, per-match tau and/or
 * daily gamma) are fitted by chronological maximum likelihood on the older 70% of its matches and adopted only
 * when they predict the newer 30% better than the parameters in force. Every fit is recorded (series_rating_fits
 * and the audit log); an adopted one is followed by a full replay of the series.
 */
import { compileMatches, refit, refitDue } from '#lib/domain/rating/index.ts';
import { cliActor, systemActor } from '#lib/server/auth/actor.ts';
import type { DB } from '#lib/server/db/index.ts';
import { insertRatingFit, lastFitMatches, updateSeriesModel } from '#lib/server/repositories/rating-fits.ts';
import { lockSeries } from '#lib/server/repositories/ratings.ts';
import { audit } from '#lib/server/services/audit.ts';
import { requireSeries } from '#lib/server/services/series.ts';
import { ratedMatches } from './analysis.ts';
import { modelColumns, seriesModel, storedModel, type StoredModel } from './params.ts';
import { recomputeSeries, type SeriesUpdate } from './process.ts';
import { inStep, noProgress, type Progress } from '#lib/server/progress.ts';

/** What a refit found and did. */
export interface SeriesRefit {
  series_id: number;
  /** Rated matches, and how many of them trained the candidate / judged it. */
  matches: number;
  train: number;
  held_out: number;
  previous: StoredModel;
  candidate: StoredModel;
  /** Held-out log-likelihood of the winners under the parameters in force and under the candidate. */
  previous_log_lik: number;
  candidate_log_lik: number;
  adopted: boolean;
}

/**
 * Refits the series' model now (`trigger` 'cli') or only when due (`trigger` 'auto': see refitDue), records the
 * fit and, when the candidate predicts the held-out matches better, stores it and replays the series. Returns
 * null when not due or when the series has fewer than 10 rated matches (nothing to hold out).
 */
export async function refitSeries(db: DB, seriesId: number, trigger: 'auto' | 'cli'): Promise<SeriesRefit | null> {
  const matches = await ratedMatches(db, seriesId);
  if (matches.length < 10) return null;
  if (trigger === 'auto' && !refitDue(matches.length, await lastFitMatches(db, seriesId))) return null;
  const series = await db.selectFrom('series').selectAll().where('id', '=', seriesId).executeTakeFirstOrThrow();
  const current = seriesModel(series);
  // The fit is pure CPU over the matches read above; the outcome is written under the series lock below.
  // The team model only: the rating runner stores team ratings alone, so a roster-aware candidate could not be
  // put in force (its matches are read without lineups, and it is kept out explicitly).
  const decision = refit(compileMatches(matches), current, { players: false });
  const result: SeriesRefit = {
    series_id: seriesId,
    matches: matches.length,
    train: decision.trainSize,
    held_out: decision.heldOutSize,
    previous: storedModel(current),
    candidate: storedModel(decision.candidate),
    previous_log_lik: decision.currentLogLik,
    candidate_log_lik: decision.candidateLogLik,
    adopted: decision.adopted,
  };
  await db.transaction().execute(async (trx) => {
    await lockSeries(trx, seriesId);
    await insertRatingFit(trx, {
      series_id: seriesId,
      trigger,
      rated_matches: result.matches,
      train_matches: result.train,
      held_out_matches: result.held_out,
      previous: result.previous,
      candidate: result.candidate,
      previous_log_lik: result.previous_log_lik,
      candidate_log_lik: result.candidate_log_lik,
      adopted: result.adopted,
    });
    if (result.adopted) await updateSeriesModel(trx, seriesId, modelColumns(decision.candidate));
    await audit(
      trx,
      trigger === 'auto' ? systemActor : cliActor,
      result.adopted ? 'series.rating_model.adopt' : 'series.rating_model.keep',
      { type: 'series', id: seriesId },
      { ...result.previous, held_out_log_lik: result.previous_log_lik },
      { ...result.candidate, held_out_log_lik: result.candidate_log_lik, matches: result.matches, trigger },
    );
  });
  if (result.adopted) await recomputeSeries(db, seriesId);
  return result;
}

/**
 * Rates a series loaded in bulk (the demo seed, a results import) with a full recompute, then runs the automatic
 * refit check that the rating worker runs after each of its passes: matches rated this way never pass through the
 * worker, and a demo of hundreds of rated matches was left on the default parameters with no fit recorded.
 * Returns the recompute's update (the numbers after an adopted fit's replay are the stored ones).
 */
export async function recomputeAndRefit(
  db: DB,
  seriesId: number,
  progress: Progress = noProgress,
): Promise<SeriesUpdate> {
  const update = await recomputeSeries(db, seriesId, progress);
  await inStep(progress, 'Checking the fit of the rating model', 1, 'checks', async (step) => {
    await refitSeries(db, seriesId, 'auto');
    step.advance();
  });
  return update;
}

/** `hss ratings fit`: refits the series now (see {@link refitSeries}); null when it has too few matches. */
export async function fitSeries(db: DB, seriesTag: string): Promise<SeriesRefit | null> {
  const series = await requireSeries(db, seriesTag);
  return refitSeries(db, series.id, 'cli');
}
