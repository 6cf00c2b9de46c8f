import type { Me } from '#lib/schemas/user.ts';
import type { ClaimReview, OwnedProfile } from '#lib/schemas/claim.ts';
import { getDb } from '#lib/server/app.ts';
import { isAdmin } from '#lib/server/auth/actor.ts';
import { requireUser } from '#lib/server/auth/guards.ts';
import { getMe } from '#lib/server/services/me.ts';
import { listOwnedProfiles } from '#lib/server/services/claims.ts';
import { listClaimQueue } from '#lib/server/services/claim-reviews.ts';

export interface MyProfilePage {
  me: Me;
  profiles: OwnedProfile[];
  /** Pending claims the user may decide; null when they review none (neither admin nor team manager). */
  queue: ClaimReview[] | null;
}

/**
 * /my-profile: the signed-in user's name, roles, teams and claimed player profiles (with each claim's state), and
 * for admins and team managers the claims waiting for their decision. Signed out: 401, which the page convention
 * turns into sign in and come back.
 */
export async function loadMyProfile(locals: App.Locals): Promise<MyProfilePage> {
  const user = requireUser(locals.actor);
  const db = await getDb();
  const reviewer = isAdmin(user) || user.managedTeamIds.length > 0;
  const [me, profiles, queue] = await Promise.all([
    getMe(db, user),
    listOwnedProfiles(db, user),
    reviewer ? listClaimQueue(db, user) : null,
  ]);
  if (!('roles' in me)) throw new Error('a signed-in user answered as a team');
  return { me, profiles, queue };
}
