import type { ManagedTeam } from '#lib/schemas/team-input.ts';
import type { Registration } from '#lib/schemas/registration.ts';
import type { ApiKeyState } from '#lib/schemas/team-view.ts';
import { getDb } from '#lib/server/app.ts';
import { isAdmin } from '#lib/server/auth/actor.ts';
import { requireAdmin, requireTeamManager, requireUser } from '#lib/server/auth/guards.ts';
import { HttpError, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { requireTeam } from '#lib/server/services/teams-write.ts';
import { toManagedTeam } from '#lib/server/services/team-admin.ts';
import { getApiKeyInfo } from '#lib/server/services/api-keys.ts';
import { getRegistrations } from '#lib/server/services/registration.ts';

/** The series tag the management calls go to (the page's series). */
function seriesTag(locals: App.Locals, missing: string): string {
  if (!locals.series) throw notFound(missing);
  return locals.series.tag;
}

/** /teams/add: admins only (401 -> sign in and come back, 403 -> the 403 page; the API checks again). */
export function loadAddTeam(locals: App.Locals): { series: string } {
  requireAdmin(locals.actor);
  return { series: seriesTag(locals, messages.noCurrentSeries) };
}

export interface EditTeamPage {
  series: string;
  team: ManagedTeam;
  isAdmin: boolean;
  apiKey: ApiKeyState;
}

/**
 * /teams/{team}/edit: the team's managers and admins (401 -> sign in, 403 otherwise, 404 unknown team), with the
 * team as stored and whether it has an API key (its prefix and dates; never the key).
 */
export async function loadEditTeam(locals: App.Locals, tag: string): Promise<EditTeamPage> {
  const actor = requireUser(locals.actor);
  const db = await getDb();
  const team = await requireTeam(db, tag);
  requireTeamManager(actor, team.id);
  let apiKey: ApiKeyState;
  try {
    apiKey = { kind: 'key', ...(await getApiKeyInfo(db, actor, team.tag)) };
  } catch (error) {
    // 404 (no key), 403 and 401 all mean: no key to show (spec section 6).
    if (error instanceof HttpError && [401, 403, 404].includes(error.status)) apiKey = { kind: 'none' };
    else if (error instanceof HttpError) apiKey = { kind: 'failed', status: error.status };
    else throw error;
  }
  return {
    series: seriesTag(locals, messages.teamNotFound(tag)),
    team: toManagedTeam(team),
    isAdmin: isAdmin(actor),
    apiKey,
  };
}

export interface RequestTeamPage {
  /** Admins decide the pending requests of everyone. */
  isAdmin: boolean;
  /** Admins: every pending request (the queue). Others: their own requests, newest first, with the outcome. */
  requests: Registration[];
}

/** /teams/request: any signed-in user (401 -> sign in and come back). */
export async function loadRequestTeam(locals: App.Locals): Promise<RequestTeamPage> {
  const actor = requireUser(locals.actor);
  const db = await getDb();
  if (isAdmin(actor)) return { isAdmin: true, requests: await getRegistrations(db, actor, 'pending') };
  const lists = await Promise.all(
    (['pending', 'accepted', 'rejected'] as const).map((status) => getRegistrations(db, actor, status)),
  );
  const requests = lists.flat().sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  return { isAdmin: false, requests };
}
