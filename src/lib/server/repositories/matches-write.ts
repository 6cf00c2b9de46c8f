import { sql, type RawBuilder } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import { matchPlayerWrites, type MatchPlayerWrites } from './players-write.ts';
import type { MatchRow, MatchUpdate, NewMatch } from '#lib/server/db/tables/matches.ts';

/**
 * The match already reported from this upload and match index for the same winner/loser pair (tags compared
 * case-insensitively), with its series tag; undefined when there is none.
 */
export function findReportedMatch(
  db: DB,
  key: { logUploadId: number; matchIndex: number; winnerTag: string; loserTag: string },
): Promise<{ id: number; series: string } | undefined> {
  return db
    .selectFrom('matches')
    .innerJoin('series', 'series.id', 'matches.series_id')
    .select(['matches.id', 'series.tag as series'])
    .where('matches.log_upload_id', '=', key.logUploadId)
    .where('matches.log_match_index', '=', key.matchIndex)
    .where((eb) => eb(eb.fn('lower', ['matches.winner_tag']), '=', key.winnerTag.toLowerCase()))
    .where((eb) => eb(eb.fn('lower', ['matches.loser_tag']), '=', key.loserTag.toLowerCase()))
    .orderBy('matches.id')
    .executeTakeFirst();
}

/**
 * A stored match of the same game, or undefined: one with this content key (when given), or one between the same
 * two teams (tags compared case-insensitively, either order) on the same map that started within `windowMs` of
 * `date`. The oldest such match wins.
 */
export function findSameGame(
  db: DB,
  game: { gameKey: string | null; tags: readonly [string, string]; map: string; date: Date; windowMs: number },
): Promise<{ id: number; series: string } | undefined> {
  const [a, b] = game.tags.map((t) => t.toLowerCase()) as [string, string];
  return db
    .selectFrom('matches')
    .innerJoin('series', 'series.id', 'matches.series_id')
    .select(['matches.id', 'series.tag as series'])
    .where((eb) => {
      const winner = eb.fn<string>('lower', ['matches.winner_tag']);
      const loser = eb.fn<string>('lower', ['matches.loser_tag']);
      const sameTeams = eb.and([
        eb('matches.map', '=', game.map),
        eb('matches.date', '>=', new Date(game.date.getTime() - game.windowMs)),
        eb('matches.date', '<=', new Date(game.date.getTime() + game.windowMs)),
        eb.or([eb.and([eb(winner, '=', a), eb(loser, '=', b)]), eb.and([eb(winner, '=', b), eb(loser, '=', a)])]),
      ]);
      return game.gameKey === null ? sameTeams : eb.or([eb('matches.game_key', '=', game.gameKey), sameTeams]);
    })
    .orderBy('matches.id')
    .executeTakeFirst();
}

/** One match row, or undefined. */
export function findMatchRow(db: DB, id: number): Promise<MatchRow | undefined> {
  return db.selectFrom('matches').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ids of every match that has a stored log, oldest first. */
export async function listMatchIdsWithLogs(db: DB): Promise<number[]> {
  const rows = await db
    .selectFrom('matches')
    .select('id')
    .where('log_upload_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Updates a match's columns and its updated_at. */
export async function updateMatch(db: DB, id: number, values: MatchUpdate): Promise<void> {
  await db
    .updateTable('matches')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The id of the tournament with this tag (case-insensitive), or undefined. */
export async function findTournamentIdByTag(db: DB, tag: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('tournaments')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['tag']), '=', tag.toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}

/**
 * Inserts a reported match with everything it writes, in ONE statement (each statement costs the embedded engine
 * several protocol round trips): the match row, its players, aliases and per-player rows (matchPlayerWrites; the
 * stats' match_id is replaced by the new id), and a rating row in the series for each registered team that has
 * none (the series' initial mu and sigma, passed in because the caller has the series row), and the audit entry when
 * given (`audit`: an expression inserting it for each row of the match's CTE, services/audit.ts auditEach). Returns
 * the match id.
 */
export async function insertReportedMatch(
  db: DB,
  match: NewMatch,
  players: MatchPlayerWrites,
  ratings: { series: { id: number; rating_mu: number; rating_sigma: number }; teamIds: readonly number[] },
  audit?: (inserted: string) => RawBuilder<unknown>,
): Promise<number> {
  const insert = db.insertInto('matches').values(match).returning('id');
  const { series } = ratings;
  const result = await sql<{ id: number }>`with m as (${insert}),
    ${matchPlayerWrites(players, sql<number>`(select id from m)`)},
    tr as (
      insert into team_ratings (series_id, team_id, mu, sigma, last_updated, true_strength)
      select ${series.id}::int, t.id::int, ${series.rating_mu}::float8, ${series.rating_sigma}::float8, null, null
      from jsonb_array_elements_text(${JSON.stringify(ratings.teamIds)}::jsonb) as t(id)
      -- A team that has its row is left out before the insert: ON CONFLICT alone would wait for a rating pass that
      -- is updating the row (its uncommitted version conflicts), holding the report's lock meanwhile.
      where not exists (select 1 from team_ratings r where r.series_id = ${series.id}::int and r.team_id = t.id::int)
      on conflict (series_id, team_id) do nothing
      returning 1)${
        audit
          ? sql`,
    au as (${audit('m')})`
          : sql``
      }
    select id from m`.execute(db);
  return result.rows[0]!.id;
}
