import type { ShellUser } from '#lib/schemas/shell.ts';

/**
 * Who sees the match edits (tournament, cap flips, layout, streams): an admin or a manager of either of the
 * match's two teams, as the server checks again on every edit. Tags compare without case.
 */
export function mayEditMatch(user: ShellUser | null | undefined, teams: readonly string[]): boolean {
  if (!user) return false;
  if (user.roles.includes('ADMIN')) return true;
  const managed = new Set(user.teams.map((t) => t.toLowerCase()));
  return teams.some((tag) => managed.has(tag.toLowerCase()));
}

/**
 * The statuses of a match not approved yet (awaiting the opponent, or disputed and awaiting an admin): while it has
 * one, the managers of either team may correct its date and result or delete it; afterwards only an admin may.
 */
export const NOT_APPROVED_STATUSES: readonly string[] = ['pending', 'disputed'];

/**
 * Who sees the correction (date, result) and the deletion of a match: an admin at any time, a manager of either of
 * its two teams while it is not approved (NOT_APPROVED_STATUSES), as the server checks again on every call.
 */
export function mayCorrectMatch(
  user: ShellUser | null | undefined,
  match: { teams: readonly string[]; calculation_status: string },
): boolean {
  if (!user) return false;
  if (user.roles.includes('ADMIN')) return true;
  return NOT_APPROVED_STATUSES.includes(match.calculation_status) && mayEditMatch(user, match.teams);
}

/** A tournament a match may be put in, as the edit form offers it. */
export interface TournamentChoice {
  tag: string;
  name: string;
}

/** What the match edits need beyond the match itself, for those who may edit it. */
export interface MatchEditData {
  /** The tournaments of the series (and those of no series), the match's own included. */
  tournaments: TournamentChoice[];
}

/** A match edit refused for any other reason than a bad field (spec section 8, exact wording). */
export const matchUpdateFailed = (status: number) => `Could not update match, status code: ${status}`;
