import type { Column } from '#lib/kit/table.ts';
import type { Match } from '#lib/schemas/match.ts';
import { matchListColumns } from '#components/matches/match-list-columns.ts';

/** A tournament's matches: the match list's columns without type and tournament, which the page itself names. */
export function tournamentMatchColumns(url: URL): Column<Match>[] {
  return matchListColumns(url).filter((column) => column.id !== 'type' && column.id !== 'tournament');
}
