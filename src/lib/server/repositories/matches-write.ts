import { sql, type RawBuilder } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import { matchPlayerWrites, type MatchPlayerWrites } from './players-write.ts';
import { teamRefRows, teamRefsInOrder } from './teams-write.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import { defaultSeriesQuery } from './series.ts';
import { uploadIdBySha } from './log-uploads.ts';
import { refusalReason } from '#lib/server/db/one-trip.ts';
import type { MatchRow, MatchUpdate, NewMatch } from '#lib/server/db/tables/matches.ts';

/**
 * The match already reported from this upload (the one stored with this content hash) and match index for the same
 * winner/loser pair (tags compared case-insensitively), with its series tag, as a query.
 */
function reportedMatches(
  db: DB,
  key: { sha256: string; matchIndex: number | null; winnerTag: string; loserTag: string },
) {
  return db
    .selectFrom('matches')
    .innerJoin('series', 'series.id', 'matches.series_id')
    .select(['matches.id', 'series.tag as series'])
    .where('matches.log_upload_id', '=', uploadIdBySha(db, key.sha256))
    .where('matches.log_match_index', '=', key.matchIndex)
    .where((eb) => eb(eb.fn('lower', ['matches.winner_tag']), '=', key.winnerTag.toLowerCase()))
    .where((eb) => eb(eb.fn('lower', ['matches.loser_tag']), '=', key.loserTag.toLowerCase()))
    .orderBy('matches.id');
}

/** What tells two reports of one game apart from two games (see sameGameMatches). */
export interface GameKey {
  gameKey: string | null;
  tags: readonly [string, string];
  map: string;
  date: Date;
  windowMs: number;
}

/**
 * The stored matches of the same game, oldest first, with their series tags: those with this content key (when
 * given), and those between the same two teams (tags compared case-insensitively, either order) on the same map that
 * started within `windowMs` of `date`.
 */
function sameGameMatches(db: DB, game: GameKey) {
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
    .orderBy('matches.id');
}

/** One match row, or undefined. */
export function findMatchRow(db: DB, id: number): Promise<MatchRow | undefined> {
  return db.selectFrom('matches').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The date of the series' earliest match, or undefined when it has none. One index probe per visibility (the
 * index matches_series_visibility_date leads with both) instead of a scan of the series.
 */
export async function firstMatchDate(db: DB, seriesId: number): Promise<Date | undefined> {
  const earliest = (visibility: 'public' | 'private') =>
    db
      .selectFrom('matches')
      .select('date')
      .where('series_id', '=', seriesId)
      .where('visibility', '=', visibility)
      .orderBy('date')
      .limit(1)
      .executeTakeFirst();
  const dates = (await Promise.all([earliest('public'), earliest('private')])).flatMap((row) =>
    row ? [row.date] : [],
  );
  return dates.length === 0 ? undefined : new Date(Math.min(...dates.map((d) => new Date(d).getTime())));
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

/** The id of the tournament with this tag (case-insensitive), as a query (also a subquery: findReportContext). */
function tournamentIdQuery(db: DB, tag: string) {
  return db
    .selectFrom('tournaments')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['tag']), '=', tag.toLowerCase()))
    .limit(1);
}

/** The id of the tournament with this tag (case-insensitive), or undefined. */
export async function findTournamentIdByTag(db: DB, tag: string): Promise<number | undefined> {
  return (await tournamentIdQuery(db, tag).executeTakeFirst())?.id;
}

/** What a report reads before its transaction (findReportContext). */
export interface ReportContext {
  /** The team of each reported tag, in their order (teamRefRows), or undefined. */
  teams: ({ id: number; tag: string } | undefined)[];
  /** The tournament named by the report (tag compared case-insensitively), or undefined (none named, or unknown). */
  tournamentId: number | undefined;
  /**
   * The series a report goes to (series.ts defaultSeriesQuery); undefined when there is none. Only the columns a
   * report uses: the context is kept in memory (services/ingestion/report-context.ts), where the series' marks of
   * rating work (derived_stale, ratings_stale) go stale unseen (db/table-writes.ts).
   */
  series: Pick<SeriesRow, 'id' | 'tag' | 'rating_mu' | 'rating_sigma'> | undefined;
}

/**
 * A report's look-ups, in ONE round trip: under a crowd each answer waits for a turn of the busy event loop, and
 * look-ups side by side each held a connection that the burst's other writes waited for.
 */
export async function findReportContext(
  db: DB,
  tags: readonly [string, string],
  tournamentTag: string | undefined,
): Promise<ReportContext> {
  const tournament =
    tournamentTag === undefined
      ? sql<number | null>`null::int`
      : sql<number | null>`(${tournamentIdQuery(db, tournamentTag)})`;
  const { rows } = await sql<
    { [K in keyof SeriesRow]: SeriesRow[K] | null } & {
      report_teams: { ord: number; id: number; tag: string }[];
      report_tournament_id: number | null;
    }
  >`select s.*,
      (select coalesce(json_agg(r), '[]'::json) from (${teamRefRows(tags)}) as r) as report_teams,
      ${tournament} as report_tournament_id
    from (select 1) as one
    left join lateral (${defaultSeriesQuery(db)}) as s on true`.execute(db);
  const { report_teams, report_tournament_id, ...series } = rows[0]!;
  return {
    teams: teamRefsInOrder(tags, report_teams),
    tournamentId: report_tournament_id ?? undefined,
    series: series.id === null ? undefined : (series as SeriesRow),
  };
}

/** Why reportedMatchInsert refused to insert: the match of the game stored already, and how it was found. */
export interface ReportRefusal {
  /** 'resent': the same upload, match index and winner/loser; 'same-game': another report of the game (sameGameMatches). */
  kind: 'resent' | 'same-game';
  match_id: number;
  series: string;
}

/** The refusal of reportedMatchInsert that `error` carries (db/one-trip.ts), or undefined for any other error. */
export function readReportRefusal(error: unknown): ReportRefusal | undefined {
  const reason = refusalReason(error);
  return reason === undefined ? undefined : (JSON.parse(reason) as ReportRefusal);
}

/**
 * The statement inserting a reported match with everything it writes (each statement costs the embedded engine
 * several protocol round trips, and under a crowd each waits for a turn of the event loop): the match row, its
 * upload being the one stored with `upload.sha256` (by an earlier statement of the transaction:
 * lockGameAndStoreUpload), its players, aliases and per-player rows (matchPlayerWrites; the stats' match_id is
 * replaced by the new id), a rating row in the series for each registered team that has none (the series' initial mu
 * and sigma, passed in because the caller has the series row), and the audit entry when given (`audit`: an
 * expression inserting it for each row of the match's CTE, services/audit.ts auditEach). It fails instead (a
 * ReportRefusal, readReportRefusal), so that its transaction keeps nothing, when the match is stored already: the
 * same upload's match of the same index and winner/loser (a resend), else the oldest match of the same `game` (it
 * cannot see the row being inserted; a repeated game is rare, and a look-up of its own before the insert cost every
 * report a round trip). Run it under the game's lock (log-uploads.ts lockGameAndStoreUpload) taken by an earlier
 * statement of the transaction, so that its snapshot sees every report of the game before it.
 */
export function reportedMatchInsert(
  db: DB,
  match: Omit<NewMatch, 'log_upload_id'>,
  upload: { sha256: string },
  players: MatchPlayerWrites,
  ratings: { series: { id: number; rating_mu: number; rating_sigma: number }; teamIds: readonly number[] },
  game: GameKey,
  audit?: (inserted: string) => RawBuilder<unknown>,
): RawBuilder<{ id: number; refused: number | null }> {
  const resend = {
    sha256: upload.sha256,
    matchIndex: match.log_match_index ?? null,
    winnerTag: match.winner_tag,
    loserTag: match.loser_tag,
  };
  const insert = db
    .insertInto('matches')
    .values({ ...match, log_upload_id: uploadIdBySha(db, upload.sha256) })
    .returning('id');
  const { series } = ratings;
  return sql<{ id: number; refused: number | null }>`with
    resent as (${reportedMatches(db, resend).limit(1)}),
    same as (${sameGameMatches(db, game).limit(1)}),
    refusal as (
      select hss_refuse(json_build_object('kind', r.kind, 'match_id', r.id, 'series', r.series)::text) as refused
      from (select 1 as rank, 'resent' as kind, id, series from resent
        union all select 2, 'same-game', id, series from same
        order by rank limit 1) as r),
    m as (${insert}),
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
    select (select id from m) as id, (select max(refused) from refusal) as refused`;
}
