import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import { anonymous } from '#lib/server/auth/actor.ts';
import { HttpError, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { requireSeries, toSeries } from '#lib/server/services/series.ts';
import { requireTeam } from '#lib/server/services/teams-write.ts';
import { getTeamDetail, listTeams } from '#lib/server/services/read/series-teams.ts';
import { getMatchDetail } from '#lib/server/services/read/matches.ts';
import { getPlayerDetail } from '#lib/server/services/read/players.ts';
import { getTournament } from '#lib/server/services/read/tournaments.ts';
import { getTournamentRecords } from '#lib/server/services/read/tournament-records.ts';
import { getSeriesStatistics } from '#lib/server/services/read/statistics.ts';
import { idOf } from '#lib/schemas/id.ts';
import {
  HOME_TOP,
  homeCard,
  matchCard,
  playerCard,
  teamCard,
  tournamentCard,
  type PreviewCard,
  type PreviewKind,
} from '#lib/previews/cards.ts';

/** A private match or profile has no preview: it answers as unknown, so its existence is not told either. */
async function publicOnly<T>(read: () => Promise<T>, missing: () => HttpError): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) throw missing();
    throw error;
  }
}

/** The home page's card of a series: its figures and its top five. */
export async function loadHomeCard(db: DB, series: SeriesRow): Promise<PreviewCard> {
  const [teams, statistics] = await Promise.all([
    listTeams(db, series, { inactiveOnly: false, limit: HOME_TOP, offset: 0 }),
    getSeriesStatistics(db, series),
  ]);
  return homeCard(toSeries(series), teams.teams, statistics);
}

/**
 * The card of one preview as anyone may see it (private matches and profiles: 404), read through the public read
 * services: `kind` of the entity `key` (a team tag, a match id, a Steam id, a tournament tag; none for home) in the
 * series `seriesTag`. Unknown series or entity: the services' 404.
 */
export async function loadPreviewCard(db: DB, seriesTag: string, kind: PreviewKind, key: string): Promise<PreviewCard> {
  const series = await requireSeries(db, seriesTag);
  switch (kind) {
    case 'team': {
      const team = await requireTeam(db, key);
      return teamCard(series.tag, await getTeamDetail(db, series, team.tag));
    }
    case 'match': {
      const id = idOf(key);
      if (id === undefined) throw notFound(messages.matchNotFound(key));
      const missing = () => notFound(messages.matchNotFound(id));
      const { data } = await publicOnly(() => getMatchDetail(db, series, id, anonymous), missing);
      return matchCard(series.tag, data);
    }
    case 'player': {
      const missing = () => notFound(messages.playerNotFound(key));
      const { data } = await publicOnly(() => getPlayerDetail(db, series, key, anonymous), missing);
      return playerCard(series.tag, data);
    }
    case 'tournament': {
      const tournament = await getTournament(db, key);
      return tournamentCard(series.tag, tournament, await getTournamentRecords(db, tournament.tag, series.id));
    }
    case 'home':
      return loadHomeCard(db, series);
  }
}
