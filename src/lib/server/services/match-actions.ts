import type { DB } from '#lib/server/db/index.ts';
import type { CalculationStatus, MatchRow, MatchUpdate } from '#lib/server/db/tables/matches.ts';
import { isAdmin, type Actor } from '#lib/server/auth/actor.ts';
import type { MatchAction, MatchActionResult } from '#lib/schemas/match-input.ts';
import { requireAdmin } from '#lib/server/auth/guards.ts';
import { conflict, forbidden } from '#lib/server/http/errors.ts';
import { messages } from '#lib/server/http/messages.ts';
import { deleteMatchRow, updateMatchInStatusAudited } from '#lib/server/repositories/match-admin.ts';
import { lockSeries, setRatingsStale } from '#lib/server/repositories/ratings.ts';
import { actsForAny, loadMatchForChange, opposingTeamIds } from './match-access.ts';
import { notifyQueued, notifySeriesChanged } from './rating-queue.ts';
import { urgently } from '#lib/server/db/priority.ts';
import { audit, auditEach } from './audit.ts';
import { enqueueMatchEvent } from './webhooks/events.ts';
import { notifyWebhooks } from './webhooks/worker.ts';

/**
 * The status an action moves the match to, or an HttpError: a report starts 'pending'; the opposing team (its
 * manager or API key) or an admin approves it ('queued') or the opponent disputes it ('disputed'); only an admin
 * approves a disputed match. 403 for the wrong actor, 409 for a state the action does not apply to.
 */
function nextStatus(actor: Actor, match: MatchRow, action: MatchAction): CalculationStatus {
  const admin = isAdmin(actor);
  const opponent = actsForAny(actor, opposingTeamIds(match));
  const participant = actsForAny(actor, [match.winner_team_id, match.loser_team_id]);
  if (!admin && !participant) throw forbidden(messages.forbidden);
  const wrongState = () =>
    conflict(
      messages.matchWrongState(match.id, match.calculation_status, action === 'approve' ? 'approved' : 'disputed'),
    );
  if (match.calculation_status === 'pending') {
    if (!admin && !opponent) throw forbidden(messages.matchNotOpponent);
    return action === 'approve' ? 'queued' : 'disputed';
  }
  if (match.calculation_status === 'disputed' && action === 'approve') {
    if (!admin) throw forbidden(messages.matchDisputedAdminOnly);
    return 'queued';
  }
  throw wrongState();
}

/**
 * Approves or disputes a reported match (see nextStatus); a queued match is handed to the rating queue. An approval
 * is two statements on one pooled connection, taken once (under a crowd each connection is waited for, and each
 * round trip waits for the event loop): the read, then the change with its audit entry in one statement, which
 * needs no transaction (it changes the match only while it still has the status read). A dispute also enqueues
 * its webhook event, in a transaction with the change.
 */
export async function decideMatch(
  db: DB,
  actor: Actor,
  seriesTag: string,
  matchId: string,
  action: MatchAction,
): Promise<MatchActionResult> {
  const userId = actor.kind === 'user' ? actor.userId : null;
  const decide = async (conn: DB, match: MatchRow, status: CalculationStatus): Promise<void> => {
    const now = new Date();
    const values: MatchUpdate =
      action === 'approve'
        ? { calculation_status: status, approved_by_user_id: userId, approved_at: now }
        : { calculation_status: status, disputed_by_user_id: userId, disputed_at: now };
    const changed = await updateMatchInStatusAudited(conn, match.id, match.calculation_status, values, (source) =>
      auditEach(
        source,
        actor,
        `match.${action}`,
        'match',
        { calculation_status: match.calculation_status },
        { calculation_status: status },
      ),
    );
    if (!changed)
      throw conflict(messages.matchWrongState(match.id, 'changing', action === 'approve' ? 'approved' : 'disputed'));
  };
  // Its pool wait is served first (db/priority.ts); the rating pass it may start is not, so it starts out here.
  const decided = await urgently(() =>
    db.connection().execute(async (conn) => {
      const match = await loadMatchForChange(conn, actor, seriesTag, matchId);
      const status = nextStatus(actor, match, action);
      if (status === 'disputed')
        await conn.transaction().execute(async (trx) => {
          await decide(trx, match, status);
          await enqueueMatchEvent(trx, 'match.disputed', match.id, match.series_id);
        });
      else await decide(conn, match, status);
      return { match, status };
    }),
  );
  if (decided.status === 'queued') notifyQueued(db);
  if (decided.status === 'disputed') notifyWebhooks(db);
  return { match_id: decided.match.id, calculation_status: decided.status };
}

/** Deletes a match (admin), e.g. a disputed report that was wrong. */
export async function deleteMatch(db: DB, actor: Actor, seriesTag: string, matchId: string): Promise<void> {
  requireAdmin(actor);
  const match = await loadMatchForChange(db, actor, seriesTag, matchId);
  const rated = match.calculation_status === 'posted';
  await db.transaction().execute(async (trx) => {
    // After a rating pass in progress (it holds the series row), never under it: the pass writes rating history for
    // the matches it read, unchecked by a foreign key (migration 0015), so the match must not vanish meanwhile; and a
    // recompute would clear the mark below unseen.
    await lockSeries(trx, match.series_id);
    if (rated) {
      // Every later rating of the series moved: marked in the same transaction, so that a process stopped before the
      // recompute below has run leaves the mark, and the next start recomputes (rating-queue.ts resumeRatingWork).
      await setRatingsStale(trx, match.series_id, true);
    }
    await deleteMatchRow(trx, match.id);
    await audit(
      trx,
      actor,
      'match.delete',
      { type: 'match', id: match.id },
      {
        date: match.date.toISOString(),
        winner: match.winner_tag,
        loser: match.loser_tag,
        result: match.result,
        map: match.map,
        calculation_status: match.calculation_status,
      },
      null,
    );
  });
  // A rated match moved every later rating of its series: replay the series without it.
  if (rated) notifySeriesChanged(db, match.series_id);
}
