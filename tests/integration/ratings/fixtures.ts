import type { DB } from '#lib/server/db/index.ts';
import type { CalculationStatus, MatchType } from '#lib/server/db/tables/matches.ts';
import type { NewPlayerMatchStats } from '#lib/server/db/tables/player-match-stats.ts';
import { ensureTeamRating, insertTeam } from '#lib/server/repositories/teams-write.ts';
import { createSeries } from '#lib/server/services/series.ts';

/** Creates a series with `teams` registered teams (tags T0, T1, ...); returns their ids. */
export async function seedSeries(db: DB, tag: string, teams: number): Promise<{ seriesId: number; teamIds: number[] }> {
  await createSeries(db, { tag, name: `Series ${tag}`, current: true });
  const series = await db.selectFrom('series').select('id').where('tag', '=', tag).executeTakeFirstOrThrow();
  const teamIds: number[] = [];
  for (let i = 0; i < teams; i++) {
    const team = await insertTeam(db, { tag: `${tag}T${i}`, name: `Team ${i}` });
    await ensureTeamRating(db, series.id, team.id);
    teamIds.push(team.id);
  }
  return { seriesId: series.id, teamIds };
}

export interface MatchSpec {
  winner: number | null;
  loser: number | null;
  date: string;
  result?: string;
  type?: MatchType;
  status?: CalculationStatus;
  map?: string;
  victor?: 'Allies' | 'Axis';
  visibility?: 'public' | 'private';
}

/** Inserts a match directly (as a report would leave it); returns its id. */
export async function insertMatch(db: DB, seriesId: number, m: MatchSpec): Promise<number> {
  const row = await db
    .insertInto('matches')
    .values({
      series_id: seriesId,
      type: m.type ?? 'competitive',
      map: m.map ?? 'carentan',
      date: new Date(m.date),
      result: m.result ?? '4-1',
      victor_side: m.victor ?? 'Allies',
      winner_tag: m.winner === null ? 'UNREG' : `id${m.winner}`,
      loser_tag: m.loser === null ? 'UNREG' : `id${m.loser}`,
      winner_team_id: m.winner,
      loser_team_id: m.loser,
      calculation_status: m.status ?? 'queued',
      visibility: m.visibility ?? 'public',
      title: null,
      tournament_id: null,
      submitted_by_tag: null,
      submitted_by_username: null,
      submitted_by_team_id: null,
      submitted_by_user_id: null,
      gamemode: null,
      kill_statistics: null,
      url: null,
      log_upload_id: null,
      log_format: null,
      log_match_index: null,
      import_key: null,
      winner_mu_before: null,
      winner_sigma_before: null,
      loser_mu_before: null,
      loser_sigma_before: null,
      winner_mu_after: null,
      winner_sigma_after: null,
      loser_mu_after: null,
      loser_sigma_after: null,
      win_probability: null,
      rated_at: null,
      approved_by_user_id: null,
      approved_at: null,
      disputed_by_user_id: null,
      disputed_at: null,
      report_overrides: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Everything the rating engine writes for a series, for exact comparisons. */
export async function ratingSnapshot(db: DB, seriesId: number) {
  const teams = await db
    .selectFrom('team_ratings')
    .select(['team_id', 'mu', 'sigma', 'num_matches', 'wins', 'losses', 'last_updated'])
    .where('series_id', '=', seriesId)
    .orderBy('team_id')
    .execute();
  const matches = await db
    .selectFrom('matches')
    .select([
      'id',
      'calculation_status',
      'winner_mu_before',
      'winner_sigma_before',
      'loser_mu_before',
      'loser_sigma_before',
      'winner_mu_after',
      'winner_sigma_after',
      'loser_mu_after',
      'loser_sigma_after',
      'win_probability',
    ])
    .where('series_id', '=', seriesId)
    .orderBy('id')
    .execute();
  const history = await db
    .selectFrom('rating_history')
    .select(['team_id', 'match_id', 'date', 'mu', 'sigma', 'num_matches'])
    .where('series_id', '=', seriesId)
    .orderBy('team_id')
    .orderBy('match_id')
    .execute();
  return { teams, matches, history };
}

/** A player's line in a match with its details (weapon kills, roles), as ingestion stores them. */
export async function insertPlayerLine(
  db: DB,
  line: Omit<NewPlayerMatchStats, 'name' | 'streamer' | 'side_percentile' | 'all_percentile'>,
  details: { weapons: Record<string, number>; roles: unknown[] },
): Promise<void> {
  await db
    .insertInto('player_match_stats')
    .values({ ...line, name: line.steam_id, streamer: null, side_percentile: null, all_percentile: null })
    .execute();
  await db
    .insertInto('player_match_details')
    .values({
      match_id: line.match_id,
      steam_id: line.steam_id,
      weapons: JSON.stringify(details.weapons),
      roles: JSON.stringify(details.roles),
    })
    .execute();
}
