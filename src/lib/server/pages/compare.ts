/**
 * Loader of /statistics/compare: the players named by the repeated `steamId` parameter side by side, and the
 * add-player search.
 */
import type { PlayerSearchResult } from '#lib/schemas/player.ts';
import { playerSearchQuerySchema } from '#lib/schemas/player.ts';
import type { PlayerDetail } from '#lib/schemas/player.ts';
import type { PlayerGameView } from '#lib/schemas/player-page.ts';
import { getDb } from '#lib/server/app.ts';
import { HttpError } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { getPlayerDetail, searchSeriesPlayers } from '#lib/server/services/read/players.ts';
import { playerGames } from './players.ts';

/** At most this many players are compared; further ids are dropped with a note. */
export const COMPARE_MAX_PLAYERS = 6;

export interface ComparedPlayer {
  player: PlayerDetail;
  games: PlayerGameView[];
}

/** An id that named no player the caller may see, and why (the catalogue's words). */
export interface DroppedPlayer {
  id: string;
  reason: string;
}

export interface ComparePage {
  players: ComparedPlayer[];
  dropped: DroppedPlayer[];
  /** The ids of the loaded players, in order: what the add-player form and links keep. */
  ids: string[];
  /** The add-player search (trimmed), its hits not yet compared, and whether it ran. */
  query: string;
  results: PlayerSearchResult[];
  searched: boolean;
  /** A refused search query's reason. */
  queryError?: string;
}

/** The distinct, trimmed, non-empty `steamId` values of the URL, in order. */
export function requestedIds(url: URL): string[] {
  const ids = url.searchParams
    .getAll('steamId')
    .map((id) => id.trim())
    .filter(Boolean);
  return [...new Set(ids)];
}

/**
 * Loads each requested player as the caller may see them; private profiles and unknown ids are dropped (spec
 * section 2) and named in `dropped` with the reason, as are ids beyond the first {@link COMPARE_MAX_PLAYERS}.
 */
export async function loadComparePage(locals: App.Locals, url: URL): Promise<ComparePage> {
  const series = locals.series;
  const ids = requestedIds(url);
  const parsed = playerSearchQuerySchema.safeParse({ query: url.searchParams.get('query') ?? undefined });
  const query = parsed.success ? parsed.data.query : '';
  const queryError = parsed.success
    ? undefined
    : messages.invalidParameter('query', parsed.error.issues[0]?.message ?? 'is not valid');
  if (!series) {
    const dropped = ids.map((id) => ({ id: id.slice(0, 100), reason: messages.playerNotFound(id.slice(0, 100)) }));
    return {
      players: [],
      dropped,
      ids: [],
      query,
      results: [],
      searched: false,
      ...(queryError ? { queryError } : {}),
    };
  }
  const db = await getDb();
  const loaded = await Promise.all(
    ids.slice(0, COMPARE_MAX_PLAYERS).map(async (id): Promise<ComparedPlayer | DroppedPlayer> => {
      try {
        const player = (await getPlayerDetail(db, series, id, locals.actor)).data;
        return { player, games: await playerGames(db, series, player) };
      } catch (error) {
        if (error instanceof HttpError && (error.status === 403 || error.status === 404))
          return { id: id.slice(0, 100), reason: error.status === 403 ? messages.profilePrivate : error.message };
        throw error;
      }
    }),
  );
  const players = loaded.filter((p): p is ComparedPlayer => 'player' in p);
  const dropped = [
    ...loaded.filter((p): p is DroppedPlayer => 'reason' in p),
    ...ids.slice(COMPARE_MAX_PLAYERS).map((id) => ({
      id: id.slice(0, 100),
      reason: messages.compareTooMany(COMPARE_MAX_PLAYERS),
    })),
  ];
  const kept = players.map((p) => p.player.steam_id);
  const results = query ? (await searchSeriesPlayers(db, series, query)).filter((r) => !kept.includes(r.steamId)) : [];
  return {
    players,
    dropped,
    ids: kept,
    query,
    results,
    searched: query !== '',
    ...(queryError ? { queryError } : {}),
  };
}
