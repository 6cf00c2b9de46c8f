/**
 * Loaders of the player pages: the search (/statistics/players) and a player's detail
 * (/statistics/players/{steamId}). They call the read services and shape their answers for the components.
 */
import { POPULATION_MIN_MATCHES } from '#lib/domain/skill/population.ts';
import type { PlayerDetail, PlayerListRow } from '#lib/schemas/player.ts';
import { playerSearchQuerySchema } from '#lib/schemas/player.ts';
import type { PageMeta } from '#lib/schemas/page-meta.ts';
import { playerCard } from '#lib/previews/cards.ts';
import { previewMeta } from '#lib/server/previews/meta.ts';
import { GAME_TYPES, type PlayerGameView, type PlayerPage, type PlayerRecentMatch } from '#lib/schemas/player-page.ts';
import { getDb } from '#lib/server/app.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import { HttpError } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { getPlayerDetail, listPlayerRows } from '#lib/server/services/read/players.ts';
import { listOwnedProfiles } from '#lib/server/services/claims.ts';
import {
  findPercentileCounts,
  listRecentPlayerMatches,
  type RecentMatchRow,
} from '#lib/server/repositories/read/player-pages.ts';
import { iso } from '#lib/server/services/read/values.ts';
import { groupWeapons, percentilesOf, roleLines } from './player-view.ts';

/** The newest matches the player page lists. */
export const PLAYER_RECENT_MATCHES = 10;

/** How many of the most active players the players page lists before any search. */
export const PLAYERS_LISTED_FIRST = 15;

/** Why the search page was reached from a player address (spec section 2). */
export type PlayerSearchError = 'private' | 'not-found';

export interface PlayerSearchPage {
  /** The trimmed query, as the search box shows it. */
  query: string;
  /** Hits of a non-empty query; empty (and no search) for an empty or whitespace-only one. */
  results: PlayerListRow[];
  /** Without a query: the series' most active public players, listed before any search. */
  top: PlayerListRow[];
  /** True when a search ran (a non-empty query without an error banner). */
  searched: boolean;
  /** The banner of `error=private|not-found`, or the reason the query was refused (with status 400). */
  banner?: string;
  status: 200 | 400;
}

/**
 * The search page. `error=private` / `error=not-found` name the id in `query` (the visitor came from a player
 * address): the banner says why and no search runs. A query the schema refuses (too long, control characters)
 * answers 400 with its reason and no results.
 */
export async function loadPlayerSearch(locals: App.Locals, url: URL): Promise<PlayerSearchPage> {
  const raw = url.searchParams.get('query') ?? undefined;
  const error = url.searchParams.get('error');
  if (error === 'private' || error === 'not-found') {
    const id = (raw ?? '').trim().slice(0, 100);
    const banner = error === 'private' ? messages.profilePrivate : messages.playerNotFound(id);
    return { query: id, results: [], top: [], searched: false, banner, status: 200 };
  }
  const parsed = playerSearchQuerySchema.safeParse({ query: raw });
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message ?? 'is not valid';
    return {
      query: '',
      results: [],
      top: [],
      searched: false,
      banner: messages.invalidParameter('query', reason),
      status: 400,
    };
  }
  const query = parsed.data.query;
  if (!locals.series) return { query, results: [], top: [], searched: false, status: 200 };
  if (!query) {
    const top = await listPlayerRows(await getDb(), locals.series, '', PLAYERS_LISTED_FIRST);
    return { query, results: [], top, searched: false, status: 200 };
  }
  const results = await listPlayerRows(await getDb(), locals.series, query);
  return { query, results, top: [], searched: true, status: 200 };
}

/** The player page, or where to send the visitor instead. */
export type PlayerPageResult =
  { page: PlayerPage; meta: PageMeta } | { redirect: { error: PlayerSearchError; id: string } };

function toRecent(row: RecentMatchRow): PlayerRecentMatch {
  const onWinner = row.team_id !== null ? row.team_id === row.winner_team_id : null;
  const won = row.victor_side && row.side ? row.victor_side === row.side : onWinner === null ? null : onWinner;
  const team = won === null ? null : won ? row.winner_tag : row.loser_tag;
  const opponent = won === null ? null : won ? row.loser_tag : row.winner_tag;
  return {
    match_id: row.match_id,
    date: iso(row.date),
    type: row.type,
    map: row.map,
    result: row.result ?? '',
    team,
    opponent,
    won,
    side: row.side,
    kills: Number(row.kills),
    deaths: Number(row.deaths),
    kpm: Number(row.kpm),
    dpm: Number(row.dpm),
    spm: Number(row.spm),
    cpm: Number(row.cpm),
    playtime: Number(row.playtime),
    all_percentile: row.all_percentile === null ? null : Number(row.all_percentile),
  };
}

/** The per-game-type views of a player, in the order competitive, event, friendly; game types never played are left out. */
export async function playerGames(db: DB, series: SeriesRow, player: PlayerDetail): Promise<PlayerGameView[]> {
  const counts = await findPercentileCounts(db, series.id, player.steam_id);
  return GAME_TYPES.flatMap((type) => {
    const game = player.games[type];
    if (!game) return [];
    const hasRates = game.x_bar.length === 4;
    const inPopulation = hasRates && game.matches >= POPULATION_MIN_MATCHES && player.visibility === 'public';
    return [
      {
        type,
        matches: game.matches,
        x_bar: hasRates ? game.x_bar : null,
        s: game.s,
        skill_vector: game.skill_vector,
        percentiles: hasRates
          ? percentilesOf(
              counts.find((c) => c.game_type === type),
              inPopulation,
            )
          : null,
        weapons: groupWeapons(game.weapon_stats),
        roles: roleLines(game.role_stats),
      },
    ];
  });
}

/**
 * A player's page for the caller. A private profile the caller may not see, and an unknown id, are not errors of
 * this page: the visitor is sent to the search with `error=private` / `error=not-found` (spec section 2).
 */
export async function loadPlayerPage(locals: App.Locals, steamId: string): Promise<PlayerPageResult> {
  const series = locals.series;
  if (!series) return { redirect: { error: 'not-found', id: steamId } };
  const db = await getDb();
  let player: PlayerDetail;
  try {
    player = (await getPlayerDetail(db, series, steamId, locals.actor)).data;
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) return { redirect: { error: 'private', id: steamId } };
    if (error instanceof HttpError && error.status === 404) return { redirect: { error: 'not-found', id: steamId } };
    throw error;
  }
  const [games, recent, claims] = await Promise.all([
    playerGames(db, series, player),
    listRecentPlayerMatches(db, series.id, player.steam_id, PLAYER_RECENT_MATCHES),
    locals.actor.kind === 'user' ? listOwnedProfiles(db, locals.actor, player.steam_id) : [],
  ]);
  const meta = previewMeta(playerCard(series.tag, player));
  // A private profile seen by its owner or an admin: no image (it would show what the profile hides).
  if (player.visibility === 'private') delete meta.image;
  return { page: { player, games, recent: recent.map(toRecent), myClaim: claims[0] ?? null }, meta };
}
