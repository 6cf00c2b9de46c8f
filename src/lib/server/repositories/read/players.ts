import { sql } from 'kysely';
import type { SkillWrite } from '#lib/server/repositories/player-skills.ts';
import type { DB } from '#lib/server/db/index.ts';

/** Escapes LIKE wildcards so that user text matches literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Public players whose id, name, primary name or an alias contains `query` (case-insensitive), with their
 * competitive and event match counts in public matches of the series; most matches first, at most `limit`.
 */
export function searchPlayers(db: DB, seriesId: number, query: string, limit: number) {
  const pattern = `%${likeLiteral(query.toLowerCase())}%`;
  const counts = db
    .selectFrom('player_match_stats as s')
    .innerJoin('matches as m', 'm.id', 's.match_id')
    .select('s.steam_id')
    .select(sql<number>`count(*) filter (where m.type = 'competitive')::int`.as('comp'))
    .select(sql<number>`count(*) filter (where m.type = 'event')::int`.as('event'))
    .where('m.series_id', '=', seriesId)
    .where('m.visibility', '=', 'public')
    .groupBy('s.steam_id')
    .as('c');
  return db
    .selectFrom('players as p')
    .leftJoin(counts, 'c.steam_id', 'p.steam_id')
    .select(['p.steam_id', 'p.name', 'p.primary_name'])
    .select(sql<number>`coalesce(c.comp, 0)`.as('comp'))
    .select(sql<number>`coalesce(c.event, 0)`.as('event'))
    .where('p.visibility', '=', 'public')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['p.steam_id']), 'like', pattern),
        eb(eb.fn('lower', ['p.name']), 'like', pattern),
        eb(eb.fn('lower', ['p.primary_name']), 'like', pattern),
        eb.exists(
          eb
            .selectFrom('player_aliases as a')
            .select('a.steam_id')
            .whereRef('a.steam_id', '=', 'p.steam_id')
            .where((sub) => sub(sub.fn('lower', ['a.name']), 'like', pattern)),
        ),
      ]),
    )
    .orderBy(sql`coalesce(c.comp, 0) + coalesce(c.event, 0)`, 'desc')
    .orderBy('p.name')
    .orderBy('p.steam_id')
    .limit(limit)
    .execute();
}

/** Aliases of the given players, most used first, grouped by steam id. */
export async function listAliases(db: DB, steamIds: string[]): Promise<Map<string, string[]>> {
  const byPlayer = new Map<string, string[]>();
  if (steamIds.length === 0) return byPlayer;
  const rows = await db
    .selectFrom('player_aliases')
    .select(['steam_id', 'name'])
    .where('steam_id', 'in', steamIds)
    .orderBy('times_seen', 'desc')
    .orderBy('last_seen', 'desc')
    .execute();
  for (const row of rows) {
    const list = byPlayer.get(row.steam_id) ?? [];
    list.push(row.name);
    byPlayer.set(row.steam_id, list);
  }
  return byPlayer;
}

/** Players by id (any visibility). */
export function findPlayers(db: DB, steamIds: string[]) {
  if (steamIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('players')
    .select(['steam_id', 'name', 'primary_name', 'visibility'])
    .where('steam_id', 'in', steamIds)
    .execute();
}

/**
 * The teams the player played for in public matches of the series, most matches first, and a row without a team
 * (tag null) for the matches played with an unregistered or deleted team: together, every public match of the
 * player in the series. Driven from the player's own rows (a lateral lookup of each match) so that the cost follows
 * the player's matches, not the series'.
 */
export async function listPlayerTeams(db: DB, seriesId: number, steamId: string) {
  const result = await sql<{ tag: string | null; name: string | null; icon: string | null; matches: number }>`
    select t.tag, t.name, t.icon, sum(x.n)::int as matches
    from (
      select s.team_id, count(*) as n
      from player_match_stats s
      join lateral (
        select 1 from matches m where m.id = s.match_id and m.series_id = ${seriesId} and m.visibility = 'public' offset 0
      ) public_match on true
      where s.steam_id = ${steamId}
      group by s.team_id
    ) x
    left join teams t on t.id = x.team_id and t.deleted_at is null
    group by t.tag, t.name, t.icon
    order by matches desc, t.tag`.execute(db);
  return result.rows;
}

/** A player's skill in one game type of a series (player_skills, jsonb read back parsed). */
export type PlayerSkillRead = Omit<SkillWrite, 'steam_id'>;

/**
 * The player (any visibility) in one query: the id of the user who owns the profile (an approved claim; null when
 * none), the aliases most used first, and the skill rows of the series. Undefined for an unknown id.
 */
export function findPlayerProfile(db: DB, seriesId: number, steamId: string) {
  return db
    .selectFrom('players as p')
    .leftJoin('profile_claims as c', (join) =>
      join.onRef('c.steam_id', '=', 'p.steam_id').on('c.status', '=', 'approved'),
    )
    .select(['p.steam_id', 'p.name', 'p.primary_name', 'p.visibility', 'c.user_id as owner_user_id'])
    .select(
      sql<
        string[]
      >`(select coalesce(json_agg(a.name order by a.times_seen desc, a.last_seen desc), '[]'::json) from player_aliases a where a.steam_id = p.steam_id)`.as(
        'aliases',
      ),
    )
    .select(
      sql<
        PlayerSkillRead[]
      >`(select coalesce(json_agg(json_build_object('game_type', k.game_type, 'matches', k.matches, 'x_bar', k.x_bar, 's', k.s, 'skill_vector', k.skill_vector, 'weapon_stats', k.weapon_stats, 'role_stats', k.role_stats)), '[]'::json) from player_skills k where k.series_id = ${seriesId} and k.steam_id = p.steam_id)`.as(
        'skills',
      ),
    )
    .where('p.steam_id', '=', steamId)
    .executeTakeFirst();
}

/**
 * What tells two players of the same name apart, for `steamIds` in the series' public matches: the registered
 * team each played for most (its current tag; null: unregistered teams only) and when each was last seen.
 */
export async function listPlayerFacts(
  db: DB,
  seriesId: number,
  steamIds: readonly string[],
): Promise<Map<string, { team: string | null; lastSeen: Date | string }>> {
  const facts = new Map<string, { team: string | null; lastSeen: Date | string }>();
  if (steamIds.length === 0) return facts;
  const ids = sql.join(steamIds.map((id) => sql`${id}`));
  const rows = await sql<{ steam_id: string; team: string | null; last_seen: Date | string }>`
    select distinct on (x.steam_id) x.steam_id, x.team, max(x.last_seen) over (partition by x.steam_id) as last_seen
    from (
      select s.steam_id, t.tag as team, count(*) as n, max(m.date) as last_seen
      from player_match_stats s
      join matches m on m.id = s.match_id
      left join teams t on t.id = s.team_id
      where m.series_id = ${seriesId} and m.visibility = 'public' and s.steam_id in (${ids})
      group by s.steam_id, t.tag
    ) x
    order by x.steam_id, x.n desc, x.last_seen desc`.execute(db);
  for (const row of rows.rows) facts.set(row.steam_id, { team: row.team, lastSeen: row.last_seen });
  return facts;
}

/** The series' public players with the most public matches (competitive and event), at most `limit`. */
export function listTopPlayers(db: DB, seriesId: number, limit: number) {
  return db
    .selectFrom('player_match_stats as s')
    .innerJoin('matches as m', 'm.id', 's.match_id')
    .innerJoin('players as p', 'p.steam_id', 's.steam_id')
    .select(['p.steam_id', 'p.name', 'p.primary_name'])
    .select(sql<number>`count(*) filter (where m.type = 'competitive')::int`.as('comp'))
    .select(sql<number>`count(*) filter (where m.type = 'event')::int`.as('event'))
    .where('m.series_id', '=', seriesId)
    .where('m.visibility', '=', 'public')
    .where('p.visibility', '=', 'public')
    .where('m.type', 'in', ['competitive', 'event'])
    .groupBy(['p.steam_id', 'p.name', 'p.primary_name'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('p.name')
    .limit(limit)
    .execute();
}
