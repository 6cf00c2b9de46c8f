import { actsForTeam, type Actor } from '#lib/server/auth/actor.ts';
import { badRequest, forbidden } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';

/** One side of a report: the tag as stored on the match and the registered team's id (null when unregistered). */
export interface ReportTeam {
  tag: string;
  id: number | null;
}

/**
 * Resolves the reported tags (winner first) from their teams as found (repositories/teams-write.ts teamRefRows, in the
 * order of `tags`). A registered team (old tags too) is stored under its current tag; an unknown tag is an
 * unregistered opponent stored by tag. 400 when both name the same team or neither is registered; 403 unless the
 * actor acts for one of the registered teams.
 */
export function resolveReportTeams(
  actor: Actor,
  tags: readonly [string, string],
  found: readonly ({ id: number; tag: string } | undefined)[],
): [ReportTeam, ReportTeam] {
  if (tags[0].toLowerCase() === tags[1].toLowerCase()) throw badRequest(messages.reportSameTeams);
  const [winner, loser] = found;
  if (winner && loser && winner.id === loser.id) throw badRequest(messages.reportSameTeams);
  if (!winner && !loser) throw badRequest(messages.reportNoRegisteredTeam);
  if (!actsForTeam(actor, winner?.id) && !actsForTeam(actor, loser?.id)) {
    throw forbidden(messages.reportNotForTeam([winner?.tag, loser?.tag].filter(Boolean).join(' nor ')));
  }
  return [
    { tag: winner?.tag ?? tags[0], id: winner?.id ?? null },
    { tag: loser?.tag ?? tags[1], id: loser?.id ?? null },
  ];
}
