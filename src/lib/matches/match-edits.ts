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
