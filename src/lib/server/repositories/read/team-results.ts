import type { DB } from '#lib/server/db/index.ts';
import type { TeamResult } from '#lib/domain/teams/record.ts';
import { applyFilter, selectMatchesWithTeams, type MatchFilter } from './matches.ts';

/** The filter of a team's public matches of the series: by its id, or by its tag as reported (the team page's list). */
export function teamMatchFilter(seriesId: number, team: { id: number; tag: string }): MatchFilter {
  return { seriesId, visibility: 'public', involving: [{ teamIds: [team.id], tags: [team.tag.toLowerCase()] }] };
}

/**
 * The team's public matches of the series as results (map, victor side, won, opponent id), oldest first, and the
 * number of matches in the team's match list (teamMatchFilter: also those reported under its tag without naming
 * the team, which have no result for it): the win rates, the head-to-head and the list's total in one query.
 */
export async function listTeamResults(
  db: DB,
  seriesId: number,
  team: { id: number; tag: string },
): Promise<{ results: TeamResult[]; listed: number }> {
  const rows = await db
    .selectFrom('matches as m')
    .select(['m.map', 'm.victor_side', 'm.winner_team_id', 'm.loser_team_id'])
    .where((eb) => applyFilter(eb, teamMatchFilter(seriesId, team)))
    .orderBy('m.date')
    .orderBy('m.id')
    .execute();
  const results: TeamResult[] = [];
  for (const row of rows) {
    if (row.winner_team_id !== team.id && row.loser_team_id !== team.id) continue;
    const won = row.winner_team_id === team.id;
    results.push({
      map: row.map,
      victorSide: row.victor_side,
      won,
      opponentId: won ? row.loser_team_id : row.winner_team_id,
    });
  }
  return { results, listed: rows.length };
}

/**
 * One page of the team's public matches of the series, newest first, with only what the team page's list shows
 * (date, result, map, type, status and both sides' tag and registration): the API's match rows also carry the kill
 * statistics, cap flips and ratings, most of the bytes the database sent and pg parsed for this list.
 */
export function listTeamMatchPage(
  db: DB,
  seriesId: number,
  team: { id: number; tag: string },
  page: { desc: boolean; limit: number; offset: number },
) {
  const direction = page.desc ? 'desc' : 'asc';
  return selectMatchesWithTeams(db)
    .select(['m.id', 'm.type', 'm.map', 'm.date', 'm.result', 'm.calculation_status'])
    .where((eb) => applyFilter(eb, teamMatchFilter(seriesId, team)))
    .orderBy('m.date', direction)
    .orderBy('m.id', direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type TeamMatchPageRow = Awaited<ReturnType<typeof listTeamMatchPage>>[number];
