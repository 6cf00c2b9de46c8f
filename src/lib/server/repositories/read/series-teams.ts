import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import { SCORE_SIGMAS } from '#lib/domain/rating/ranking.ts';

/** A team of a series with its rating and its position in the series ordering. */
export interface SeriesTeamRow {
  id: number;
  tag: string;
  name: string;
  icon: string | null;
  invite: string | null;
  discord_role_id: string | null;
  inactive: boolean;
  mu: number;
  sigma: number;
  num_matches: number;
  wins: number;
  losses: number;
  last_updated: Date | string | null;
  /** Newest first. */
  previous_tags: PreviousTag[];
  rank: number;
}

/** A tag the team carried until a date (read as JSON: `until` is text). */
export interface PreviousTag {
  tag: string;
  until: Date | string;
}

/**
 * The ranked ordering of a series' live teams with the same `inactive` flag: ranked teams (enough matches) before
 * pending ones, each by score (mu - 3 sigma) descending, then tag. `rank` is the position in the whole ordering.
 */
function orderedTeams(db: DB, seriesId: number, rankedAfter: number, inactive: boolean) {
  return db
    .selectFrom('team_ratings as r')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .select([
      't.id',
      't.tag',
      't.name',
      't.icon',
      't.invite',
      't.discord_role_id',
      't.inactive',
      'r.mu',
      'r.sigma',
      'r.num_matches',
      'r.wins',
      'r.losses',
      'r.last_updated',
    ])
    .select(
      sql<
        PreviousTag[]
      >`(select coalesce(json_agg(json_build_object('tag', p.tag, 'until', p.until) order by p.until desc), '[]'::json) from team_previous_tags p where p.team_id = t.id)`.as(
        'previous_tags',
      ),
    )
    .select(
      sql<number>`(row_number() over (order by (r.num_matches >= ${rankedAfter}) desc, r.mu - ${sql.lit(SCORE_SIGMAS)} * r.sigma desc, lower(t.tag), t.id))::int`.as(
        'rank',
      ),
    )
    .where('r.series_id', '=', seriesId)
    .where('t.deleted_at', 'is', null)
    .where('t.inactive', '=', inactive);
}

/**
 * One page of the ordering plus the total number of teams in it (one query: the total is a window count; a page
 * past the end costs a second count). `search` keeps the teams whose tag or name contains it, case-insensitively;
 * their ranks stay their positions in the whole ordering.
 */
export async function listSeriesTeams(
  db: DB,
  seriesId: number,
  rankedAfter: number,
  page: { inactive: boolean; limit: number; offset: number; search?: string | undefined },
): Promise<{ rows: SeriesTeamRow[]; total: number }> {
  const needle = page.search?.trim().toLowerCase() ?? '';
  // strpos, not LIKE: the needle is matched literally, '%' and '_' included.
  const filtered = db
    .selectFrom(orderedTeams(db, seriesId, rankedAfter, page.inactive).as('o'))
    .$if(needle !== '', (qb) =>
      qb.where(sql<boolean>`(strpos(lower(o.tag), ${needle}) > 0 or strpos(lower(o.name), ${needle}) > 0)`),
    );
  const rows = await filtered
    .selectAll()
    .select(sql<number>`(count(*) over ())::int`.as('total'))
    .orderBy('o.rank')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  if (rows.length > 0) return { rows, total: Number(rows[0]!.total) };
  if (page.offset === 0) return { rows, total: 0 };
  const count = await filtered.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** The team's row in its series ordering, or undefined when it has no rating in the series. */
export async function findSeriesTeam(
  db: DB,
  seriesId: number,
  rankedAfter: number,
  team: { id: number; inactive: boolean },
): Promise<SeriesTeamRow | undefined> {
  const base = orderedTeams(db, seriesId, rankedAfter, team.inactive).as('o');
  return db.selectFrom(base).selectAll().where('o.id', '=', team.id).executeTakeFirst();
}

/**
 * The team's rating after each rated public match of the series, oldest first. A match stays in its series: naming
 * the series of the matches too lets PostgreSQL read the series' public match ids, not every series'.
 */
export function listRatingHistory(db: DB, seriesId: number, teamId: number) {
  return db
    .selectFrom('rating_history as h')
    .innerJoin('matches as m', 'm.id', 'h.match_id')
    .select(['h.match_id', 'h.date', 'h.mu', 'h.sigma', 'h.num_matches'])
    .where('h.series_id', '=', seriesId)
    .where('h.team_id', '=', teamId)
    .where('m.series_id', '=', seriesId)
    .where('m.visibility', '=', 'public')
    .orderBy('h.date')
    .orderBy('h.id')
    .execute();
}

/** A player of a team's page with the names to show (`aliases`: most used first) and the list's total. */
export interface TeamPlayerRow {
  steam_id: string;
  name: string;
  primary_name: string | null;
  aliases: string[];
}

/**
 * Public players who played for the team in public matches of the series, most matches first: one page of them
 * with their names and aliases, plus the total, in one query (the total is a window count over the grouped
 * players; a page past the end costs a second count). The team's rows and the series' public match ids are both
 * read from indexes alone (0008 and 0014), not from the wide rows.
 */
export async function listTeamPlayerPage(
  db: DB,
  seriesId: number,
  teamId: number,
  page: { limit: number; offset: number },
): Promise<{ players: TeamPlayerRow[]; total: number }> {
  const result = await sql<TeamPlayerRow & { total: number }>`
    select x.steam_id, x.name, x.primary_name, x.total,
      (select coalesce(json_agg(a.name order by a.times_seen desc, a.last_seen desc), '[]'::json)
        from player_aliases a where a.steam_id = x.steam_id) as aliases
    from (
      select p.steam_id, p.name, p.primary_name, count(*) as n, (count(*) over ())::int as total
      from player_match_stats s
      join matches m on m.id = s.match_id
      join players p on p.steam_id = s.steam_id
      where s.team_id = ${teamId} and m.series_id = ${seriesId} and m.visibility = 'public'
        and p.visibility = 'public'
      group by p.steam_id
      order by n desc, p.steam_id
      limit ${page.limit} offset ${page.offset}
    ) x
    order by x.n desc, x.steam_id`.execute(db);
  const rows = result.rows;
  if (rows.length > 0 || page.offset === 0) {
    return { players: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
  }
  const count = await sql<{ n: number }>`
    select count(distinct s.steam_id)::int as n
    from player_match_stats s
    join matches m on m.id = s.match_id
    join players p on p.steam_id = s.steam_id
    where s.team_id = ${teamId} and m.series_id = ${seriesId} and m.visibility = 'public' and p.visibility = 'public'`.execute(
    db,
  );
  return { players: [], total: Number(count.rows[0]?.n ?? 0) };
}
