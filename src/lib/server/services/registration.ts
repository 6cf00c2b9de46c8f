import type { DB } from '#lib/server/db/index.ts';
import { webUrl } from '#lib/schemas/web-url.ts';
import { isAdmin, type Actor } from '#lib/server/auth/actor.ts';
import type { RegistrationStatus } from '#lib/server/db/tables/team-registration-requests.ts';
import type { Registration, RegistrationDecision, RegistrationInput } from '#lib/schemas/registration.ts';
import { requireAdmin, requireUser } from '#lib/server/auth/guards.ts';
import { conflict, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { RateLimiter } from '#lib/server/core/rate-limit.ts';
import {
  countPendingOfUser,
  findRegistration,
  listRegistrations,
  type RegistrationRecord,
} from '#lib/server/repositories/registrations.ts';
import { findCurrentSeries } from '#lib/server/repositories/series.ts';
import { addTeamManager } from '#lib/server/repositories/users.ts';
import { createTeamIn } from './teams-write.ts';
import { audit } from './audit.ts';

function toRegistration(row: RegistrationRecord): Registration {
  return {
    id: row.id,
    name: row.name,
    tag: row.tag,
    icon: webUrl(row.icon),
    invite: webUrl(row.invite),
    contact: row.contact,
    discord_role_id: row.discord_role_id,
    status: row.status,
    requested_by: row.requested_by,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
    decision_reason: row.decision_reason,
    team: row.team,
  };
}

async function tagHeld(db: DB, tag: string): Promise<boolean> {
  const row = await db
    .selectFrom('teams')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['tag']), '=', tag.toLowerCase()))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Registration requests one user may send per hour (a queue only admins empty must not fill from one account). */
export const REGISTRATIONS_PER_HOUR = 10;
/** Requests of one user that may wait for an admin at once. */
export const MAX_PENDING_REGISTRATIONS = 3;
const registrationLimiter = new RateLimiter(REGISTRATIONS_PER_HOUR, 3_600_000);

/**
 * A signed-in user asks for a team to be registered: 409 when a live team already holds the tag or the user has
 * MAX_PENDING_REGISTRATIONS requests waiting; 429 past REGISTRATIONS_PER_HOUR.
 */
export async function requestRegistration(db: DB, actor: Actor, input: RegistrationInput): Promise<Registration> {
  const user = requireUser(actor);
  registrationLimiter.hit(`user:${user.userId}:${user.discordId}`);
  const id = await db.transaction().execute(async (trx) => {
    if ((await countPendingOfUser(trx, user.userId)) >= MAX_PENDING_REGISTRATIONS)
      throw conflict(messages.registrationsPending(MAX_PENDING_REGISTRATIONS));
    if (await tagHeld(trx, input.tag)) throw conflict(messages.teamTagTaken(input.tag));
    const row = await trx
      .insertInto('team_registration_requests')
      .values({
        user_id: user.userId,
        name: input.name,
        tag: input.tag,
        icon: input.icon ?? null,
        invite: input.invite ?? null,
        contact: input.contact || null,
        discord_role_id: input.discord_role_id ?? null,
        decided_by_user_id: null,
        decided_at: null,
        decision_reason: null,
        team_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, actor, 'team_request.create', { type: 'team_request', id: row.id }, null, input);
    return row.id;
  });
  return toRegistration((await findRegistration(db, id))!);
}

/** Requests with a status: all of them for an admin, the caller's own for other users. */
export async function getRegistrations(db: DB, actor: Actor, status: RegistrationStatus): Promise<Registration[]> {
  const user = requireUser(actor);
  const rows = await listRegistrations(db, status, isAdmin(actor) ? undefined : user.userId);
  return rows.map(toRegistration);
}

/**
 * An admin accepts (creates the team in the current series, with the request's Discord role, and makes the requester its manager, source
 * 'registration') or rejects (with an optional reason) a pending request. 404 unknown, 409 already decided,
 * no current series, or the tag taken meanwhile.
 */
export async function decideRegistration(
  db: DB,
  actor: Actor,
  id: number,
  decision: RegistrationDecision,
): Promise<Registration> {
  requireAdmin(actor);
  await db.transaction().execute(async (trx) => {
    const request = await findRegistration(trx, id);
    if (!request) throw notFound(messages.registrationNotFound(id));
    if (request.status !== 'pending') throw conflict(messages.registrationDecided(id, request.status));
    const decidedBy = actor.kind === 'user' ? actor.userId : null;
    let teamId: number | null = null;
    if (decision.action === 'accept') {
      const series = await findCurrentSeries(trx);
      if (!series) throw conflict(messages.noCurrentSeries);
      const team = await createTeamIn(
        trx,
        actor,
        {
          tag: request.tag,
          name: request.name,
          icon: request.icon,
          invite: request.invite,
          discord_role_id: request.discord_role_id,
          seriesTag: series.tag,
        },
        series,
      );
      await addTeamManager(trx, request.user_id, team.id, 'registration');
      teamId = team.id;
    }
    const after = {
      status: decision.action === 'accept' ? ('accepted' as const) : ('rejected' as const),
      decided_by_user_id: decidedBy,
      decided_at: new Date(),
      decision_reason: decision.action === 'reject' ? decision.reason || null : null,
      team_id: teamId,
    };
    await trx.updateTable('team_registration_requests').set(after).where('id', '=', id).execute();
    await audit(
      trx,
      actor,
      `team_request.${decision.action}`,
      { type: 'team_request', id },
      { status: request.status },
      after,
    );
  });
  return toRegistration((await findRegistration(db, id))!);
}
