import { isAdmin, type Actor } from './actor.ts';
import { forbidden, unauthorized } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';

export type UserActor = Extract<Actor, { kind: 'user' }>;

/** 401 for an anonymous caller (no session and no valid API key). Call before reading the body. */
export function requireSignedIn(actor: Actor): void {
  if (actor.kind === 'anonymous') throw unauthorized(messages.signInRequired);
}

/** The signed-in user; 401 when anonymous, 403 for a team API key (this action belongs to a person). */
export function requireUser(actor: Actor): UserActor {
  requireSignedIn(actor);
  if (actor.kind !== 'user') throw forbidden(messages.userOnly);
  return actor;
}

/** 401 when anonymous, 403 unless the actor is an admin (or the CLI). */
export function requireAdmin(actor: Actor): void {
  requireSignedIn(actor);
  if (!isAdmin(actor)) throw forbidden(messages.adminOnly);
}

/** True when the actor is a signed-in manager of the team, or an admin (API keys do not count). */
export function managesTeam(actor: Actor, teamId: number): boolean {
  return isAdmin(actor) || (actor.kind === 'user' && actor.managedTeamIds.includes(teamId));
}

/** 401 when anonymous, 403 unless the actor is a manager of the team or an admin. */
export function requireTeamManager(actor: Actor, teamId: number): void {
  requireSignedIn(actor);
  if (!managesTeam(actor, teamId)) throw forbidden(messages.forbidden);
}
