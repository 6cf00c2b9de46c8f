import { sql, type RawBuilder } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import type { CalculationStatus, MatchRow, MatchUpdate } from '#lib/server/db/tables/matches.ts';
import { isAdmin, type Actor } from '#lib/server/auth/actor.ts';
import type { MatchAction, MatchActionResult } from '#lib/schemas/match-input.ts';
import { requireSignedIn } from '#lib/server/auth/guards.ts';
import { conflict, forbidden, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import {
  changeMatchInSeriesIf,
  deleteMatchRow,
  lockMatchRow,
  updateMatchInStatusAudited,
} from '#lib/server/repositories/match-admin.ts';
import { lockSeries, setRatingsStale } from '#lib/server/repositories/ratings.ts';
import { actsForAny, loadMatchForChange, opposingTeamIds, requireMatchCorrectable } from './match-access.ts';
import { replaysSeries } from './match-corrections.ts';
import { idOf } from '#lib/schemas/id.ts';
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
export function nextStatus(actor: Actor, match: MatchRow, action: MatchAction): CalculationStatus {
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
 * When nextStatus lets `actor` approve a match, as SQL over the match's columns, so that an approval is one statement
 * (approveInOneStatement). tests/integration/auth/approval-rule.test.ts holds the two equal for every status,
 * reporter and kind of actor.
 */
export function approvableBy(actor: Actor): RawBuilder<boolean> {
  if (isAdmin(actor)) return sql<boolean>`calculation_status in ('pending', 'disputed')`;
  const teams = actor.kind === 'team-key' ? [actor.teamId] : actor.kind === 'user' ? actor.managedTeamIds : [];
  if (teams.length === 0) return sql<boolean>`false`;
  const actsFor = sql.join(teams.map((id) => sql`${id}::int`));
  // The opponent (opposingTeamIds): it acts for a registered team of the match that did not report it.
  // coalesce: an unregistered side (null) makes the comparison unknown, which means "no".
  return sql<boolean>`coalesce(calculation_status = 'pending' and (
    (winner_team_id in (${actsFor}) and winner_team_id is distinct from submitted_by_team_id)
    or (loser_team_id in (${actsFor}) and loser_team_id is distinct from submitted_by_team_id)), false)`;
}

/**
 * Approves or disputes a reported match (see nextStatus); a queued match is handed to the rating queue. An approval
 * is ONE statement (under a crowd each round trip waits for a turn of the busy event loop, and the read before the
 * change was a large part of an approval's time in bench:load): the match is changed with its audit entry when approvableBy
 * holds and its status has not moved meanwhile, and the match as it was comes back, for nextStatus to name the
 * refusal when it did not change. A match not found is looked up again for its 404. A dispute is two statements on
 * one pooled connection: the read, then the change and its webhook event in a transaction.
 */
export async function decideMatch(
  db: DB,
  actor: Actor,
  seriesTag: string,
  matchId: string,
  action: MatchAction,
): Promise<MatchActionResult> {
  const userId = actor.kind === 'user' ? actor.userId : null;
  const auditOf = (source: string, before: unknown, status: CalculationStatus) =>
    auditEach(source, actor, `match.${action}`, 'match', before, { calculation_status: status });
  if (action === 'approve') {
    const approved = await approveInOneStatement(db, actor, seriesTag, matchId, userId, auditOf);
    if (approved) {
      notifyQueued(db);
      return { match_id: approved.id, calculation_status: 'queued' };
    }
  }
  const decide = async (conn: DB, match: MatchRow, status: CalculationStatus): Promise<void> => {
    const now = new Date();
    const values: MatchUpdate =
      action === 'approve'
        ? { calculation_status: status, approved_by_user_id: userId, approved_at: now }
        : { calculation_status: status, disputed_by_user_id: userId, disputed_at: now };
    const changed = await updateMatchInStatusAudited(conn, match.id, match.calculation_status, values, (source) =>
      auditOf(source, { calculation_status: match.calculation_status }, status),
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

/**
 * The approval of decideMatch in one statement (changeMatchInSeriesIf): the match approved, or undefined when no
 * match of that id is in that series (decideMatch then looks it up for its 404). 401 for an anonymous caller first;
 * the 403 or 409 of nextStatus when the match did not change, or 409 when its status moved meanwhile.
 */
async function approveInOneStatement(
  db: DB,
  actor: Actor,
  seriesTag: string,
  matchId: string,
  userId: number | null,
  auditOf: (source: string, before: unknown, status: CalculationStatus) => RawBuilder<unknown>,
): Promise<MatchRow | undefined> {
  requireSignedIn(actor);
  const id = idOf(matchId);
  if (id === undefined) return undefined;
  const values: MatchUpdate = { calculation_status: 'queued', approved_by_user_id: userId, approved_at: new Date() };
  // Its pool wait is served first (db/priority.ts); the rating pass it starts is not (decideMatch starts it out here).
  const { match, changed } = await urgently(() =>
    changeMatchInSeriesIf(db, seriesTag, id, approvableBy(actor), values, (source) =>
      auditOf(source, sql`json_build_object('calculation_status', ${sql.ref(`${source}.status_before`)})`, 'queued'),
    ),
  );
  if (!match) return undefined;
  try {
    nextStatus(actor, match, 'approve');
  } catch (refusal) {
    // The statement and nextStatus apply one rule (approval-rule.test.ts): a change it refused would be a bug, loud.
    if (changed) throw new Error(`match ${match.id} was approved against nextStatus`, { cause: refusal });
    throw refusal;
  }
  // Allowed on the match as it was, yet unchanged: its status moved meanwhile.
  if (!changed) throw conflict(messages.matchWrongState(match.id, 'changing', 'approved'));
  return match;
}

/**
 * Deletes a match (requireMatchCorrectable: an admin at any time, either team while it is not approved), e.g. a
 * wrong report. After any rating pass of its series, with the match row locked (an approval waits and then finds no
 * match); a posted or skipped match replays its series without it.
 */
export async function deleteMatch(db: DB, actor: Actor, seriesTag: string, matchId: string): Promise<void> {
  const found = await loadMatchForChange(db, actor, seriesTag, matchId);
  requireMatchCorrectable(actor, found);
  const rated = await db.transaction().execute(async (trx) => {
    // After a rating pass in progress (it holds the series row), never under it: the pass writes rating history for
    // the matches it read, unchecked by a foreign key (migration 0015), so the match must not vanish meanwhile; and a
    // recompute would clear the mark below unseen.
    await lockSeries(trx, found.series_id);
    const match = await lockMatchRow(trx, found.id);
    if (!match) throw notFound(messages.matchNotFound(matchId));
    // Its status may have moved since it was read (approved meanwhile: a manager may no longer delete it).
    requireMatchCorrectable(actor, match);
    const replays = replaysSeries(match.calculation_status);
    if (replays) {
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
    return replays;
  });
  // A rated match moved every later rating of its series: replay the series without it.
  if (rated) notifySeriesChanged(db, found.series_id);
}
