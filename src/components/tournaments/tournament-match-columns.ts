import type { Column } from '#lib/kit/table.ts';
import type { Match } from '#lib/schemas/match.ts';
import { matchListColumns } from '#components/matches/match-list-columns.ts';

/**
 * A tournament's matches: the match list's columns without type and tournament, which the page itself names.
 * `series` is the series the matches were read from (the tournament's own), which their links name whatever
 * series the visitor is in.
 */
export function tournamentMatchColumns(url: URL, series?: string): Column<Match>[] {
  return matchListColumns(url, series).filter((column) => column.id !== 'type' && column.id !== 'tournament');
}
