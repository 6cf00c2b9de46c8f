import type { DB } from '#lib/server/db/index.ts';

/** What the sitemap lists of a series: keys only, each list at most `limit` long. */
export interface SitemapKeys {
  teams: string[];
  tournaments: string[];
  /** Public matches, newest first. */
  matches: { id: number; date: Date }[];
  /** Players with a public profile and a measured skill in the series. */
  players: string[];
}

/** The public pages' keys of a series for the sitemap, each list cut at `limit`. */
export async function listSitemapKeys(db: DB, seriesId: number, limit: number): Promise<SitemapKeys> {
  const [teams, tournaments, matches, players] = await Promise.all([
    db
      .selectFrom('team_ratings as r')
      .innerJoin('teams as t', 't.id', 'r.team_id')
      .select('t.tag')
      .where('r.series_id', '=', seriesId)
      .where('t.deleted_at', 'is', null)
      .orderBy('t.tag')
      .limit(limit)
      .execute(),
    db
      .selectFrom('tournaments')
      .select('tag')
      .where((eb) => eb.or([eb('series_id', '=', seriesId), eb('series_id', 'is', null)]))
      .orderBy('tag')
      .limit(limit)
      .execute(),
    db
      .selectFrom('matches')
      .select(['id', 'date'])
      .where('series_id', '=', seriesId)
      .where('visibility', '=', 'public')
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('player_skills as s')
      .innerJoin('players as p', 'p.steam_id', 's.steam_id')
      .select('p.steam_id')
      .distinct()
      .where('s.series_id', '=', seriesId)
      .where('p.visibility', '=', 'public')
      .orderBy('p.steam_id')
      .limit(limit)
      .execute(),
  ]);
  return {
    teams: teams.map((t) => t.tag),
    tournaments: tournaments.map((t) => t.tag),
    matches: matches.map((m) => ({ id: m.id, date: m.date })),
    players: players.map((p) => p.steam_id),
  };
}
