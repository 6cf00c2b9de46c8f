import type { Role } from '#lib/server/db/tables/user-roles.ts';

/** Who is making a request. Resolved once per request by the middleware and passed to services. */
export type Actor =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      userId: number;
      discordId: string;
      name: string;
      roles: Role[];
      /** Ids of the teams this user manages (explicit grants and Discord roles). */
      managedTeamIds: number[];
      sessionId: number | null;
    }
  | { kind: 'team-key'; teamId: number; teamTag: string }
  | { kind: 'cli' }
  /** The server itself, e.g. the rating queue refitting a series' model. */
  | { kind: 'system' };

export const anonymous: Actor = { kind: 'anonymous' };
export const cliActor: Actor = { kind: 'cli' };
export const systemActor: Actor = { kind: 'system' };

/** True for admins and for the operator CLI. */
export function isAdmin(actor: Actor): boolean {
  return actor.kind === 'cli' || (actor.kind === 'user' && actor.roles.includes('ADMIN'));
}

/** True when the actor may act for `teamId`: its manager, its API key, or an admin. */
export function actsForTeam(actor: Actor, teamId: number | null | undefined): boolean {
  if (isAdmin(actor)) return true;
  if (teamId == null) return false;
  if (actor.kind === 'team-key') return actor.teamId === teamId;
  if (actor.kind === 'user') return actor.managedTeamIds.includes(teamId);
  return false;
}

/** A label for the audit log that survives the user's deletion. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
      return `user:${actor.name} (${actor.discordId})`;
    case 'team-key':
      return `api-key:${actor.teamTag}`;
    case 'cli':
      return 'cli';
    case 'system':
      return 'system';
    default:
      return 'anonymous';
  }
}
