import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import { isAdmin } from '#lib/server/auth/actor.ts';
import type { PlayerDetail, PlayerSearchResult } from '#lib/schemas/player.ts';
import { PLAYER_SEARCH_LIMIT } from '#lib/schemas/player.ts';
import { forbidden, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import {
  findPlayerProfile,
  listPlayerFacts,
  listPlayerTeams,
  listTopPlayers,
  searchPlayers,
} from '#lib/server/repositories/read/players.ts';
import type { PlayerListRow } from '#lib/schemas/player.ts';
import { iso } from './values.ts';
import { playerNames } from './series-teams.ts';
import type { ReadResult } from './values.ts';

/**
 * GET .../players?query=: public players whose id, name or an alias contains the trimmed query
 * (case-insensitive), at most 25, most matches first. An empty query finds nothing.
 */
export async function searchSeriesPlayers(db: DB, series: SeriesRow, query: string): Promise<PlayerSearchResult[]> {
  if (!query) return [];
  const rows = await searchPlayers(db, series.id, query, PLAYER_SEARCH_LIMIT);
  const names = await playerNames(
    db,
    rows.map((r) => r.steam_id),
  );
  return rows.map((row) => ({
    compMatchesCount: Number(row.comp),
    eventMatchesCount: Number(row.event),
    name: row.name,
    steamId: row.steam_id,
    aliases: names.get(row.steam_id) ?? [row.primary_name ?? row.name],
  }));
}

/**
 * The players page's rows: search results (or, without a query, the series' most active public players, at most
 * `limit`), each with the team played for most and when last seen, so that two players of one name are told apart.
 */
export async function listPlayerRows(
  db: DB,
  series: SeriesRow,
  query: string,
  limit = PLAYER_SEARCH_LIMIT,
): Promise<PlayerListRow[]> {
  const found = query
    ? await searchSeriesPlayers(db, series, query)
    : (await listTopPlayers(db, series.id, limit)).map((row) => ({
        compMatchesCount: Number(row.comp),
        eventMatchesCount: Number(row.event),
        name: row.primary_name ?? row.name,
        steamId: row.steam_id,
        aliases: [],
      }));
  const facts = await listPlayerFacts(
    db,
    series.id,
    found.map((p) => p.steamId),
  );
  return found.map((p) => {
    const fact = facts.get(p.steamId);
    return { ...p, team: fact?.team ?? null, lastSeen: fact ? iso(fact.lastSeen) : null };
  });
}

/**
 * GET .../players/{steamId}: the player's detail and profile. A private profile is visible only to the user who
 * claimed it and to admins (403 otherwise); 404 for an unknown id. The answer is personal for signed-in callers
 * (`owned` depends on who asks).
 */
export async function getPlayerDetail(
  db: DB,
  series: SeriesRow,
  steamId: string,
  actor: Actor,
): Promise<ReadResult<PlayerDetail>> {
  // The teams are read at once; they are only used once the profile is found and visible to the caller.
  const [player, teams] = await Promise.all([
    findPlayerProfile(db, series.id, steamId),
    listPlayerTeams(db, series.id, steamId),
  ]);
  if (!player) throw notFound(messages.playerNotFound(steamId));
  const owner = player.owner_user_id;
  const owned = actor.kind === 'user' && owner === actor.userId;
  if (player.visibility === 'private' && !owned && !isAdmin(actor)) throw forbidden(messages.privateProfile);
  const name = player.primary_name ?? player.name;
  const skills = player.skills ?? [];
  const aliases = player.aliases ?? [];
  const games: PlayerDetail['games'] = {};
  for (const skill of skills) {
    games[skill.game_type] = {
      matches: skill.matches,
      x_bar: skill.x_bar,
      s: skill.s,
      skill_vector: skill.skill_vector,
      weapon_stats: skill.weapon_stats ?? {},
      role_stats: skill.role_stats ?? {},
    };
  }
  return {
    data: {
      steam_id: player.steam_id,
      steam_name: player.name,
      name,
      aliases: [name, ...aliases.filter((a) => a !== name)],
      games,
      matches_played: teams.reduce((sum, t) => sum + Number(t.matches), 0),
      teams: teams.flatMap((t) =>
        t.tag === null || t.name === null
          ? []
          : [{ tag: t.tag, name: t.name, icon: t.icon, matches: Number(t.matches) }],
      ),
      claimed: owner != null,
      owned,
      visibility: player.visibility,
      private: player.visibility === 'private',
    },
    personal: actor.kind !== 'anonymous',
  };
}
