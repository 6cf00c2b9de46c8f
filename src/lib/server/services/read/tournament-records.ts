import type { DB } from '#lib/server/db/index.ts';
import type {
  Bracket,
  Tournament,
  TournamentSide,
  TournamentStatus,
  TournamentResults,
  TournamentSummary,
  TournamentTeamRecord,
} from '#lib/schemas/tournament.ts';
import {
  listAllTournamentResults,
  listTournamentResults,
  type TournamentResultRow,
} from '#lib/server/repositories/read/tournaments.ts';
import {
  addResult,
  knockoutBracket,
  rankStandings,
  type StandingLine,
  type TournamentResult,
} from '#lib/domain/tournaments/standings.ts';

type Prefix = 'winner' | 'loser';

/** One side of a result: a live registered team is keyed by its id and shown by its current tag. */
function side(row: TournamentResultRow, prefix: Prefix): TournamentSide & { key: string } {
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

type ResultWithSides = TournamentResult & { winnerSide: TournamentSide; loserSide: TournamentSide };

function toResult(row: TournamentResultRow): ResultWithSides {
  const { key: winner, ...winnerSide } = side(row, 'winner');
  const { key: loser, ...loserSide } = side(row, 'loser');
  return { matchId: row.id, date: row.date, result: row.result, winner, loser, winnerSide, loserSide };
}

type Line = StandingLine & TournamentSide;

/** The ranked table of these results (see rankStandings: points, sector difference, wins, then tag). */
function standingsOf(results: readonly ResultWithSides[]): TournamentTeamRecord[] {
  const lines = new Map<string, Line>();
  for (const result of results) {
    addResult(lines, result, (key, prefix) => ({
      key,
      ...(prefix === 'winner' ? result.winnerSide : result.loserSide),
      matches: 0,
      wins: 0,
      losses: 0,
      sectorsFor: 0,
      sectorsAgainst: 0,
    }));
  }
  return rankStandings(lines.values(), (a, b) => a.tag.localeCompare(b.tag, 'en')).map((line) => ({
    tag: line.tag,
    name: line.name,
    icon: line.icon,
    registered: line.registered,
    matches: line.matches,
    wins: line.wins,
    losses: line.losses,
    sectors_for: line.sectorsFor,
    sectors_against: line.sectorsAgainst,
    points: line.points,
    rank: line.rank,
  }));
}

function bracketOf(results: readonly ResultWithSides[]): Bracket | null {
  return (
    knockoutBracket(results)?.map((round) => ({
      name: round.name,
      matches: round.results.map((r) => ({
        match_id: r.matchId,
        date: r.date.toISOString(),
        result: r.result,
        winner: r.winnerSide,
        loser: r.loserSide,
      })),
    })) ?? null
  );
}

/**
 * The teams that played a tournament's public, undisputed matches in a series, ranked as a league table (3 points
 * a win, then sector difference), and its knockout bracket when it is an event and its results form one.
 */
export async function getTournamentResults(
  db: DB,
  tournament: Pick<Tournament, 'tag' | 'event'>,
  seriesId: number,
): Promise<TournamentResults> {
  const results = (await listTournamentResults(db, tournament.tag, seriesId)).map(toResult);
  return { records: standingsOf(results), bracket: tournament.event ? bracketOf(results) : null };
}

/** The table alone (see getTournamentResults), for the link preview. */
export async function getTournamentRecords(db: DB, tag: string, seriesId: number): Promise<TournamentTeamRecord[]> {
  return standingsOf((await listTournamentResults(db, tag, seriesId)).map(toResult));
}

/** Upcoming before its start date, finished once inactive or past its end date, running otherwise. */
export function tournamentStatus(t: Pick<Tournament, 'active' | 'starts_at' | 'ends_at'>, now: Date): TournamentStatus {
  if (t.starts_at && new Date(t.starts_at) > now) return 'upcoming';
  if (!t.active || (t.ends_at && new Date(t.ends_at) < now)) return 'finished';
  return 'running';
}

/** The winner of a finished tournament: the final's winner of a knockout event, else the table's sole leader. */
function winnerOf(
  tournament: Tournament,
  results: readonly ResultWithSides[],
  status: TournamentStatus,
): TournamentSide | null {
  if (status !== 'finished' || results.length === 0) return null;
  const bracket = tournament.event ? knockoutBracket(results) : null;
  const final = bracket?.at(-1);
  if (final && final.results.length === 1) return final.results[0]!.winnerSide;
  const [first, second] = standingsOf(results);
  if (!first || second?.rank === first.rank) return null;
  const { tag, name, icon, registered } = first;
  return { tag, name, icon, registered };
}

/**
 * The tournament list with what each tournament's matches say (dates of its first and last match, teams,
 * matches, status and winner), each read in its own series; a tournament without a series in `fallbackSeriesId`.
 */
export async function summarizeTournaments(
  db: DB,
  tournaments: readonly Tournament[],
  fallbackSeriesId: number | null,
  now: Date = new Date(),
): Promise<TournamentSummary[]> {
  const byTag = new Map<string, ResultWithSides[]>();
  for (const row of await listAllTournamentResults(db, fallbackSeriesId)) {
    const key = row.tournament_tag.toLowerCase();
    const list = byTag.get(key);
    if (list) list.push(toResult(row));
    else byTag.set(key, [toResult(row)]);
  }
  return tournaments.map((tournament) => {
    const results = byTag.get(tournament.tag.toLowerCase()) ?? [];
    const status = tournamentStatus(tournament, now);
    const teams = new Set(results.flatMap((r) => [r.winner, r.loser]));
    return {
      ...tournament,
      status,
      teams: teams.size,
      matches: results.length,
      first_match: results[0]?.date.toISOString() ?? null,
      last_match: results.at(-1)?.date.toISOString() ?? null,
      winner: winnerOf(tournament, results, status),
    };
  });
}
