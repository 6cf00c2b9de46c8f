import type { MatchDetail } from '#lib/schemas/match.ts';
import { idOf } from '#lib/schemas/id.ts';
import type { MapCaps } from '#lib/schemas/map.ts';
import type { Settled } from '#lib/schemas/settled.ts';
import { getDb } from '#lib/server/app.ts';
import type { DB } from '#lib/server/db/index.ts';
import { HttpError } from '#lib/server/core/errors.ts';
import { getMatchDetail } from '#lib/server/services/read/matches.ts';
import { getMapCaps } from '#lib/server/services/read/maps.ts';
import type { PageMeta } from '#lib/schemas/page-meta.ts';
import { matchCard } from '#lib/previews/cards.ts';
import { previewMeta } from '#lib/server/previews/meta.ts';
import { preMatchPrediction } from '#lib/server/services/ratings/methodology.ts';
import { listTournamentsView } from '#lib/server/services/read/tournaments.ts';
import { mayEditMatch, type MatchEditData } from '#lib/matches/match-edits.ts';
import { settle } from './settle.ts';
import { matchAddress } from './addresses.ts';

export type MatchPage =
  | { kind: 'missing' }
  /** The match is in another series: its own address (spec section 2), to answer with a 301. */
  | { kind: 'moved'; to: string }
  | { kind: 'private'; signedIn: boolean }
  | {
      kind: 'match';
      match: MatchDetail;
      /** The map's sectors and strongpoints; a map without caps (404) leaves only the tactical map out. */
      caps: Settled<MapCaps | null>;
      /** Link previews; a private match has a description only (its image would tell what it hides). */
      meta: PageMeta;
      /**
       * For a pending or queued match, the site's prediction before it: the probability that its reported winner
       * wins, from both teams' current ratings (null otherwise, or with an unregistered side).
       */
      prediction: Settled<number | null>;
      /** For an admin or a manager of either team: the edit island's choices; null for everyone else. */
      edit: MatchEditData | null;
    };

/**
 * The match page for the `matchId` of the URL, in the series in use. A match of another series is 'moved' to its
 * own address; an id that is no match at all is the page's 'no match' state; a private match the caller may not see is its private state.
 * Other failures are thrown (the 500 page).
 */
export async function loadMatchPage(locals: App.Locals, url: URL, matchId: string | undefined): Promise<MatchPage> {
  const id = idOf(matchId);
  const series = locals.series;
  if (id === undefined || !series) return { kind: 'missing' };
  const db = await getDb();
  try {
    const { data: match } = await getMatchDetail(db, series, id, locals.actor);
    const caps = await settle(async () => {
      try {
        return getMapCaps(match.map_id);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    });
    const meta = previewMeta(matchCard(series.tag, match));
    if (match.visibility === 'private') delete meta.image;
    const open = match.calculation_status === 'pending' || match.calculation_status === 'queued';
    const prediction = open ? await settle(() => preMatchPrediction(db, series, id)) : { ok: null };
    const edit = mayEditMatch(locals.shell.user, match.teams) ? await loadEditData(db, series.tag, match) : null;
    return { kind: 'match', match, caps, meta, prediction, edit };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) {
      const to = await matchAddress(db, url, matchId);
      return to ? { kind: 'moved', to } : { kind: 'missing' };
    }
    if (error instanceof HttpError && error.status === 403)
      return { kind: 'private', signedIn: locals.actor.kind !== 'anonymous' };
    throw error;
  }
}

async function loadEditData(db: DB, series: string, match: MatchDetail): Promise<MatchEditData> {
  const tournaments = await listTournamentsView(db, false);
  const own = match.tournament?.toLowerCase();
  return {
    tournaments: tournaments
      .filter((t) => t.series === null || t.series === series || t.tag.toLowerCase() === own)
      .map((t) => ({ tag: t.tag, name: t.name })),
  };
}
