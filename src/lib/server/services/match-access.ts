import type { DB } from '#lib/server/db/index.ts';
import type { MatchRow } from '#lib/server/db/tables/matches.ts';
import { isAdmin, type Actor } from '#lib/server/auth/actor.ts';
import { requireSignedIn } from '#lib/server/auth/guards.ts';
import { forbidden, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { findMatchInSeriesByTag } from '#lib/server/repositories/match-admin.ts';
import { idOf } from '#lib/schemas/id.ts';
import { NOT_APPROVED_STATUSES } from '#lib/matches/match-edits.ts';
import { calculationStatusLabel } from '#lib/format/status.ts';

/** The match `matchId` of the series; 401 for an anonymous caller first, then 404 for an unknown series or match. */
export async function loadMatchForChange(db: DB, actor: Actor, seriesTag: string, matchId: string): Promise<MatchRow> {
  requireSignedIn(actor);
  // The series and the match in one round trip (0 is no match's id: the series is still looked up).
  const found = await findMatchInSeriesByTag(db, seriesTag, idOf(matchId) ?? 0);
  if (!found.series) throw notFound(messages.seriesNotFound(seriesTag));
  if (!found.match) throw notFound(messages.matchNotFound(matchId));
  return found.match;
}

/** The registered teams of the match that did not report it (both when the reporter is unknown). */
export function opposingTeamIds(match: MatchRow): number[] {
  return [match.winner_team_id, match.loser_team_id].filter(
    (id): id is number => id !== null && id !== match.submitted_by_team_id,
  );
}

/** True when the actor, leaving admin rights aside, acts for one of these teams: its manager or its API key. */
export function actsForAny(actor: Actor, teamIds: readonly (number | null)[]): boolean {
  return teamIds.some((id) => {
    if (id === null) return false;
    if (actor.kind === 'team-key') return actor.teamId === id;
    if (actor.kind === 'user') return actor.managedTeamIds.includes(id);
    return false;
  });
}

/** 403 unless the actor is an admin or acts for the reporting or the opposing team. */
export function requireMatchTeam(actor: Actor, match: MatchRow): void {
  if (isAdmin(actor)) return;
  if (!actsForAny(actor, [match.winner_team_id, match.loser_team_id])) throw forbidden(messages.matchTeamsOnly);
}

/**
 * 403 unless the actor may correct or delete the match: an admin at any time; the reporting or the opposing team
 * (its manager or API key) while the match is not approved (NOT_APPROVED_STATUSES: pending, disputed).
 */
export function requireMatchCorrectable(actor: Actor, match: MatchRow): void {
  requireMatchTeam(actor, match);
  if (isAdmin(actor) || NOT_APPROVED_STATUSES.includes(match.calculation_status)) return;
  throw forbidden(messages.matchApprovedAdminOnly(match.id, calculationStatusLabel(match.calculation_status)));
}
