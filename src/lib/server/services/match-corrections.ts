import type { DB } from '#lib/server/db/index.ts';
import type { MatchRow, MatchUpdate, ReportOverrides, Side } from '#lib/server/db/tables/matches.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import type { MatchCorrection } from '#lib/schemas/match-input.ts';
import { badRequest, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { jsonText } from '#lib/server/db/json-text.ts';
import { finalScoreContradiction } from '#lib/matches/final-score.ts';
import { assignPlayerTeams, lockMatchRow, updateMatchColumns } from '#lib/server/repositories/match-admin.ts';
import { lockSeries, setRatingsStale } from '#lib/server/repositories/ratings.ts';
import { CLOCK_SKEW_MS } from './ingestion/prepare.ts';
import { loadMatchForChange, requireMatchCorrectable } from './match-access.ts';
import { notifySeriesChanged } from './rating-queue.ts';
import { audit } from './audit.ts';

/**
 * The statuses of a match that the series' derived data counts (posted: rated; skipped: a friendly counted in the
 * players' skills): changing or deleting such a match replays the series.
 */
const COUNTED_STATUSES: readonly string[] = ['posted', 'skipped'];

/** True when a change to a match in this status must replay its series (notifySeriesChanged). */
export function replaysSeries(status: string): boolean {
  return COUNTED_STATUSES.includes(status);
}

const minute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The facts of a match that a correction may change, as the audit log records them. */
function facts(match: Pick<MatchRow, 'date' | 'winner_tag' | 'loser_tag' | 'result' | 'victor_side'>) {
  return {
    date: match.date.toISOString(),
    winner: match.winner_tag,
    loser: match.loser_tag,
    result: match.result,
    victor_side: match.victor_side,
  };
}

/**
 * The columns `correction` changes on `match` (only those that differ), or a 400: a winner that is neither of its
 * teams, a date in the future, a result its cap flips contradict.
 */
function correctedColumns(match: MatchRow, correction: MatchCorrection, now: Date): MatchUpdate {
  const values: MatchUpdate = {};
  const overrides: ReportOverrides = { ...match.report_overrides };
  if (correction.date !== undefined && correction.date.getTime() !== match.date.getTime()) {
    if (correction.date.getTime() > now.getTime() + CLOCK_SKEW_MS)
      throw badRequest(messages.reportDateInFuture(minute(correction.date), minute(now)), { code: 'DateInFuture' });
    values.date = correction.date;
    overrides.date = correction.date.toISOString();
  }
  if (correction.winner !== undefined) {
    const named = correction.winner.toLowerCase();
    if (named === match.loser_tag.toLowerCase() && named !== match.winner_tag.toLowerCase()) {
      // The other team won: the two swap, with what the ratings recorded for each (a replay writes them again).
      Object.assign(values, {
        winner_tag: match.loser_tag,
        loser_tag: match.winner_tag,
        winner_team_id: match.loser_team_id,
        loser_team_id: match.winner_team_id,
        winner_mu_before: match.loser_mu_before,
        winner_sigma_before: match.loser_sigma_before,
        loser_mu_before: match.winner_mu_before,
        loser_sigma_before: match.winner_sigma_before,
        winner_mu_after: match.loser_mu_after,
        winner_sigma_after: match.loser_sigma_after,
        loser_mu_after: match.winner_mu_after,
        loser_sigma_after: match.winner_sigma_after,
        win_probability: match.win_probability === null ? null : 1 - match.win_probability,
      } satisfies MatchUpdate);
    } else if (named !== match.winner_tag.toLowerCase())
      throw badRequest(
        messages.invalidField('winner', messages.matchCorrectionWinner(match.winner_tag, match.loser_tag)),
      );
  }
  if (correction.result !== undefined && correction.result !== match.result) {
    values.result = correction.result;
    overrides.result = correction.result;
  }
  if (correction.victor_side !== undefined && correction.victor_side !== match.victor_side) {
    values.victor_side = correction.victor_side;
    overrides.victor_side = correction.victor_side;
  }
  if (Object.keys(values).length === 0) return values;
  const recorded = { result: values.result ?? match.result, victorSide: values.victor_side ?? match.victor_side };
  const contradiction = finalScoreContradiction(match.cap_flips, recorded);
  if (contradiction)
    throw badRequest(
      messages.matchCorrectionContradictsCapFlips(contradiction.final, contradiction.expected.join(' or ')),
      { code: 'CapFlipsContradictResult' },
    );
  // A re-parse of the stored log keeps what the report or a correction set instead of the log (ingestion/reparse.ts).
  values.report_overrides = jsonText(overrides);
  return values;
}

/**
 * Corrects a match's date and result (services/match-access.ts requireMatchCorrectable: an admin at any time, either
 * team while it is not approved; 401, 403, 404). Naming the loser as `winner` swaps the teams; the players' teams
 * follow their side. In one transaction, after any rating pass of its series (which holds the series row) and with
 * the match row locked (an approval waits): the change, its audit entry with before and after, and for a posted or
 * skipped match the series marked for a replay, started once committed. A correction that changes nothing writes
 * nothing. 400 for a winner that is not one of its teams, a date in the future, or a result its cap flips contradict.
 */
export async function correctMatch(
  db: DB,
  actor: Actor,
  where: { series: string; matchId: string },
  correction: MatchCorrection,
): Promise<void> {
  const found = await loadMatchForChange(db, actor, where.series, where.matchId);
  requireMatchCorrectable(actor, found);
  const replay = await db.transaction().execute(async (trx) => {
    await lockSeries(trx, found.series_id);
    const match = await lockMatchRow(trx, found.id);
    if (!match) throw notFound(messages.matchNotFound(where.matchId));
    // Its status may have moved since it was read (approved meanwhile: a manager may no longer change it).
    requireMatchCorrectable(actor, match);
    const values = correctedColumns(match, correction, new Date());
    if (Object.keys(values).length === 0) return false;
    await updateMatchColumns(trx, match.id, values);
    const victorSide: Side | null = values.victor_side ?? match.victor_side;
    if (victorSide && (values.winner_team_id !== undefined || values.victor_side !== undefined))
      await assignPlayerTeams(trx, match.id, victorSide, {
        winnerId: values.winner_team_id === undefined ? match.winner_team_id : values.winner_team_id,
        loserId: values.loser_team_id === undefined ? match.loser_team_id : values.loser_team_id,
      });
    const replays = replaysSeries(match.calculation_status);
    // Marked in the same transaction: a process stopped before the replay below leaves the mark, and the next start
    // replays the series (rating-queue.ts resumeRatingWork).
    if (replays) await setRatingsStale(trx, match.series_id, true);
    const after = { ...match, ...values } as MatchRow;
    await audit(trx, actor, 'match.correct', { type: 'match', id: match.id }, facts(match), facts(after));
    return replays;
  });
  if (replay) notifySeriesChanged(db, found.series_id);
}
