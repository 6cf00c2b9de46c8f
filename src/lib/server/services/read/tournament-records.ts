import type { DB } from '#lib/server/db/index.ts';
import type { TournamentTeamRecord } from '#lib/schemas/tournament.ts';
import { listTournamentResults, type TournamentResultRow } from '#lib/server/repositories/read/tournaments.ts';

type Prefix = 'winner' | 'loser';

/** One side of a result: a live registered team is keyed by its id and shown by its current tag. */
function side(
  row: TournamentResultRow,
  prefix: Prefix,
): Omit<TournamentTeamRecord, 'matches' | 'wins' | 'losses'> & {
  key: string;
} {
  const id = row[`${prefix}_team_id`];
  const liveTag = row[`${prefix}_team_tag`];
  const registered = id != null && liveTag != null && row[`${prefix}_deleted_at`] == null;
  const tag = registered ? liveTag : row[`${prefix}_tag`];
  return {
    key: registered ? `id:${id}` : `tag:${tag.toLowerCase()}`,
    tag,
    name: registered ? row[`${prefix}_name`] : null,
    icon: registered ? row[`${prefix}_icon`] : null,
    registered,
  };
}

/**
 * The teams that played a tournament's public, undisputed matches in a series, with their matches, wins and
 * losses there; most wins first, then fewest losses, then tag.
 */
export async function getTournamentRecords(db: DB, tag: string, seriesId: number): Promise<TournamentTeamRecord[]> {
  const records = new Map<string, TournamentTeamRecord>();
  for (const row of await listTournamentResults(db, tag, seriesId)) {
    for (const prefix of ['winner', 'loser'] as const) {
      const { key, ...team } = side(row, prefix);
      const record = records.get(key) ?? { ...team, matches: 0, wins: 0, losses: 0 };
      record.matches += 1;
      if (prefix === 'winner') record.wins += 1;
      else record.losses += 1;
      records.set(key, record);
    }
  }
  return [...records.values()].sort(
    (a, b) => b.wins - a.wins || a.losses - b.losses || a.tag.localeCompare(b.tag, 'en'),
  );
}
