/**
 * Turning a replay into database writes. A full replay only writes what differs from what is stored (match rating
 * columns, history points, team ratings), so recomputing an unchanged series writes nothing and a backdated match
 * rewrites only the matches after it.
 */
import type { ReplayResult, TeamRating } from '#lib/domain/rating/index.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import {
  MATCH_RATING_COLUMNS,
  deleteRatingHistory,
  insertRatingHistory,
  loadRatingHistory,
  loadTeamRatings,
  updateRatingHistory,
  upsertTeamRatings,
  writeMatchRatings,
  type HistoryWrite,
  type MatchRatingWrite,
  type RatingMatchRow,
  type StoredTeamRating,
} from '#lib/server/repositories/ratings.ts';

/** The rating columns of a match that changes no rating. */
export const unrated = (id: number): MatchRatingWrite => ({
  id,
  winner_mu_before: null,
  winner_sigma_before: null,
  loser_mu_before: null,
  loser_sigma_before: null,
  winner_mu_after: null,
  winner_sigma_after: null,
  loser_mu_after: null,
  loser_sigma_after: null,
  win_probability: null,
});

/** The rating columns of every replayed match, by id. */
export function matchWrites(replay: ReplayResult): Map<number, MatchRatingWrite> {
  return new Map(
    replay.matches.map((c) => [
      c.id as number,
      {
        id: c.id as number,
        winner_mu_before: c.winner_before.mu,
        winner_sigma_before: c.winner_before.sigma,
        loser_mu_before: c.loser_before.mu,
        loser_sigma_before: c.loser_before.sigma,
        winner_mu_after: c.winner_after.mu,
        winner_sigma_after: c.winner_after.sigma,
        loser_mu_after: c.loser_after.mu,
        loser_sigma_after: c.loser_after.sigma,
        win_probability: c.win_probability,
      },
    ]),
  );
}

/** The history points a replay adds, numbered on from each team's matches before the replay. */
export function historyWrites(replay: ReplayResult, dates: ReadonlyMap<number, Date>): HistoryWrite[] {
  const out: HistoryWrite[] = [];
  for (const [team, points] of replay.history) {
    const before = (replay.teams.get(team)?.num_matches ?? 0) - points.length;
    points.forEach((p, i) => {
      out.push({
        team_id: team as number,
        match_id: p.match_id as number,
        date: dates.get(p.match_id as number)!,
        mu: p.mu,
        sigma: p.sigma,
        num_matches: before + i + 1,
      });
    });
  }
  return out;
}

export function storedRating(teamId: number, t: TeamRating): StoredTeamRating {
  const last = t.last_updated;
  return {
    team_id: teamId,
    mu: t.mu,
    sigma: t.sigma,
    num_matches: t.num_matches,
    wins: t.wins,
    losses: t.losses,
    last_updated: last === null ? null : new Date(last),
  };
}

const sameTeam = (a: StoredTeamRating, b: StoredTeamRating): boolean =>
  a.mu === b.mu &&
  a.sigma === b.sigma &&
  a.num_matches === b.num_matches &&
  a.wins === b.wins &&
  a.losses === b.losses &&
  (a.last_updated?.getTime() ?? null) === (b.last_updated?.getTime() ?? null);

/**
 * Writes a full replay of `matches` (all the series' queued and posted non-friendly matches): queued matches are
 * posted; every other row is written only where it differs from the stored value.
 */
export async function writeFullReplay(
  trx: DB,
  series: SeriesRow,
  matches: readonly RatingMatchRow[],
  replay: ReplayResult,
): Promise<void> {
  const computed = matchWrites(replay);
  const changed: MatchRatingWrite[] = [];
  const posted: MatchRatingWrite[] = [];
  for (const m of matches) {
    const w = computed.get(m.id) ?? unrated(m.id);
    if (m.status === 'queued') posted.push(w);
    else if (MATCH_RATING_COLUMNS.some((c) => m[c] !== w[c])) changed.push(w);
  }
  await writeMatchRatings(trx, changed, false);
  await writeMatchRatings(trx, posted, true);

  const wanted = historyWrites(replay, new Map(matches.map((m) => [m.id, m.date])));
  const key = (h: { team_id: number; match_id: number }): string => `${h.team_id}:${h.match_id}`;
  const stored = new Map((await loadRatingHistory(trx, series.id)).map((h) => [key(h), h]));
  // A point whose team and match are stored is rewritten in place when its numbers changed; stored points the replay
  // no longer gives are deleted, new ones inserted.
  const inserts: HistoryWrite[] = [];
  const updates: (HistoryWrite & { id: number })[] = [];
  for (const h of wanted) {
    const k = key(h);
    const s = stored.get(k);
    if (!s) {
      inserts.push(h);
      continue;
    }
    stored.delete(k);
    if (
      s.mu !== h.mu ||
      s.sigma !== h.sigma ||
      s.num_matches !== h.num_matches ||
      s.date.getTime() !== h.date.getTime()
    )
      updates.push({ ...h, id: s.id });
  }
  await deleteRatingHistory(
    trx,
    [...stored.values()].map((h) => h.id),
  );
  await updateRatingHistory(trx, updates);
  await insertRatingHistory(trx, series.id, inserts);

  const prior: TeamRating = {
    mu: series.rating_mu,
    sigma: series.rating_sigma,
    num_matches: 0,
    wins: 0,
    losses: 0,
    last_updated: null,
  };
  const storedTeams = new Map((await loadTeamRatings(trx, series.id)).map((t) => [t.team_id, t]));
  const teamWrites: StoredTeamRating[] = [];
  for (const teamId of new Set([...storedTeams.keys(), ...(replay.teams.keys() as Iterable<number>)])) {
    const target = storedRating(teamId, replay.teams.get(teamId) ?? prior);
    const current = storedTeams.get(teamId);
    if (!current || !sameTeam(current, target)) teamWrites.push(target);
  }
  await upsertTeamRatings(trx, series.id, teamWrites);
}

/** Writes an incremental replay (every replayed match is queued and later than the stored ones). */
export async function writeIncrementalReplay(
  trx: DB,
  seriesId: number,
  queued: readonly RatingMatchRow[],
  replay: ReplayResult,
): Promise<void> {
  const computed = matchWrites(replay);
  await writeMatchRatings(
    trx,
    queued.map((m) => computed.get(m.id) ?? unrated(m.id)),
    true,
  );
  await insertRatingHistory(trx, seriesId, historyWrites(replay, new Map(queued.map((m) => [m.id, m.date]))));
  await upsertTeamRatings(
    trx,
    seriesId,
    [...replay.history.keys()].map((t) => storedRating(t as number, replay.teams.get(t)!)),
  );
}
