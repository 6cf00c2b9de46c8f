import type { DB } from '#lib/server/db/index.ts';
import { isAdmin, type Actor } from '#lib/server/auth/actor.ts';
import { requireUser } from '#lib/server/auth/guards.ts';
import { forbidden, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { findPlayerWithClaim } from '#lib/server/repositories/claims.ts';
import { requireSeries } from './series.ts';
import { audit } from './audit.ts';

/** Sets the name shown for a player (the profile's owner or an admin); 404 unknown series or player. */
export async function changePrimaryName(
  db: DB,
  actor: Actor,
  seriesTag: string,
  steamId: string,
  name: string,
): Promise<{ steam_id: string; primary_name: string }> {
  const user = requireUser(actor);
  await requireSeries(db, seriesTag);
  await db.transaction().execute(async (trx) => {
    const player = await findPlayerWithClaim(trx, steamId);
    if (!player) throw notFound(messages.playerNotFound(steamId));
    if (player.owner !== user.userId && !isAdmin(actor)) throw forbidden(messages.forbidden);
    await trx.updateTable('players').set({ primary_name: name }).where('steam_id', '=', steamId).execute();
    await audit(
      trx,
      actor,
      'player.change_primary_name',
      { type: 'player', id: steamId },
      { primary_name: player.primary_name },
      { primary_name: name },
    );
  });
  return { steam_id: steamId, primary_name: name };
}
