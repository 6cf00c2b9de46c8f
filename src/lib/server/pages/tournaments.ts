import type { Match } from '#lib/schemas/match.ts';
import type { Series } from '#lib/schemas/series.ts';
import type { Tournament, TournamentResults, TournamentStatus, TournamentSummary } from '#lib/schemas/tournament.ts';
import { getDb } from '#lib/server/app.ts';
import { isAdmin } from '#lib/server/auth/actor.ts';
import { requireAdmin } from '#lib/server/auth/guards.ts';
import { getTournament, listTournamentsView } from '#lib/server/services/read/tournaments.ts';
import {
  getTournamentResults,
  summarizeTournaments,
  tournamentStatus,
} from '#lib/server/services/read/tournament-records.ts';
import { listSeriesMatches } from '#lib/server/services/read/matches.ts';
import { requireSeries, toSeries } from '#lib/server/services/series.ts';
import { pagingToQuery, type Paging } from '#lib/kit/pager.ts';
import type { PageMeta } from '#lib/schemas/page-meta.ts';
import { tournamentCard } from '#lib/previews/cards.ts';
import { previewMeta } from '#lib/server/previews/meta.ts';
import { settle, type Settled } from './settle.ts';

/** Spec section 9: a tournament's matches, 10 per request, newest first. */
export const TOURNAMENT_MATCHES_PAGE_SIZE = 10;

export interface TournamentListPage {
  /**
   * With their dates, teams, status and winner. Failed: the page shows 'Could not load tournaments. Error: ...'
   * (spec section 8) instead of the list.
   */
  tournaments: Settled<TournamentSummary[]>;
  /** The caller may create and edit tournaments (the API would allow it). */
  canManage: boolean;
}

/**
 * /statistics/tournaments: every tournament, newest first (they span series; each names its own), with what its
 * matches say: dates, teams, status and winner.
 */
export async function loadTournamentList(locals: App.Locals): Promise<TournamentListPage> {
  const db = await getDb();
  const tournaments = await settle(async () =>
    summarizeTournaments(db, await listTournamentsView(db, false), locals.series?.id ?? null),
  );
  return { tournaments, canManage: isAdmin(locals.actor) };
}

export interface TournamentDetailPage {
  tournament: Tournament;
  /** Upcoming, running or finished now, as the tournament list says. */
  status: TournamentStatus;
  /** The series its matches are read from: its own, else the one in use (null: no series exists). */
  series: Series | null;
  /** One page of its public matches, newest first, and how many there are. */
  matches: Settled<{ matches: Match[]; total: number }>;
  /** The teams that played in it, ranked as a table, and its knockout bracket when it is an event that has one. */
  results: Settled<TournamentResults>;
  canManage: boolean;
  /** Link previews: teams, matches and leader in words, and the image (none while the records fail). */
  meta: PageMeta;
}

/**
 * /statistics/tournaments/{tag}: the tournament (404 when unknown), one page of its matches and the teams'
 * records. A tournament belongs to a series and its matches were reported there, so they are read from that
 * series whichever one the visitor has chosen. The matches and the records load on their own: one failing shows
 * its message while the rest of the page renders.
 */
export async function loadTournamentDetail(
  locals: App.Locals,
  tag: string,
  paging: Paging,
): Promise<TournamentDetailPage> {
  const db = await getDb();
  const tournament = await getTournament(db, tag);
  const seriesRow = tournament.series ? await requireSeries(db, tournament.series) : locals.series;
  const canManage = isAdmin(locals.actor);
  const status = tournamentStatus(tournament, new Date());
  if (!seriesRow) {
    const meta: PageMeta = { description: tournament.description || tournament.name, type: 'website' };
    return {
      tournament,
      status,
      series: null,
      matches: { ok: { matches: [], total: 0 } },
      results: { ok: { records: [], bracket: null } },
      canManage,
      meta,
    };
  }
  const [matches, results] = await Promise.all([
    settle(async () => {
      const { offset } = pagingToQuery(paging);
      const list = await listSeriesMatches(db, seriesRow, {
        desc: true,
        offset,
        limit: TOURNAMENT_MATCHES_PAGE_SIZE,
        tournament: [tournament.tag],
      });
      return { matches: list.matches, total: list.meta.total_count };
    }),
    settle(() => getTournamentResults(db, tournament, seriesRow.id)),
  ]);
  const meta: PageMeta =
    results.error === undefined
      ? previewMeta(tournamentCard(seriesRow.tag, tournament, results.ok.records))
      : { description: tournament.description || tournament.name, type: 'website' };
  return { tournament, status, series: toSeries(seriesRow), matches, results, canManage, meta };
}

/**
 * /statistics/tournaments/add and .../{tag}/edit: admins only (401 -> sign in and come back, 403 -> the 403 page;
 * the API checks again). The edit form starts from the tournament as stored (404 when unknown).
 */
export async function loadTournamentForm(locals: App.Locals, tag?: string): Promise<Tournament | null> {
  requireAdmin(locals.actor);
  return tag === undefined ? null : getTournament(await getDb(), tag);
}
