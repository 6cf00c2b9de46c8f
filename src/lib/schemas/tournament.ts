import { z } from 'zod';
import { timestampSchema } from './meta.ts';

/** A tournament; fields the spec does not name pass through (loose). */
export const tournamentSchema = z
  .object({
    tag: z.string(),
    name: z.string(),
    icon: z.string().nullable(),
    invite: z.string().nullable(),
    description: z.string(),
    event: z.boolean(),
    active: z.boolean(),
    series: z.string().nullable(),
    starts_at: timestampSchema.nullable(),
    ends_at: timestampSchema.nullable(),
  })
  .loose();
export type Tournament = z.infer<typeof tournamentSchema>;

export const tournamentListSchema = z.array(tournamentSchema);

/** A team's line in one tournament's table: its public, undisputed matches in it, won and lost, ranked. */
export const tournamentTeamRecordSchema = z.object({
  tag: z.string(),
  name: z.string().nullable(),
  icon: z.string().nullable(),
  registered: z.boolean(),
  matches: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  /** Sectors held at the end of its matches, and the opponents'. */
  sectors_for: z.number().int(),
  sectors_against: z.number().int(),
  /** 3 per win; the table's order with the sector difference (equal ones share a rank). */
  points: z.number().int(),
  rank: z.number().int(),
});
export type TournamentTeamRecord = z.infer<typeof tournamentTeamRecordSchema>;

/** A team as a bracket or the list names it: registered teams link to their page. */
export type TournamentSide = Pick<TournamentTeamRecord, 'tag' | 'name' | 'icon' | 'registered'>;

/** One match of a knockout bracket. */
export interface BracketMatch {
  match_id: number;
  date: string;
  result: string;
  winner: TournamentSide;
  loser: TournamentSide;
}

/** A knockout bracket, round by round ('Semi-finals', 'Final'). */
export type Bracket = { name: string; matches: BracketMatch[] }[];

/** A tournament's table and, for an event whose results form one, its knockout bracket. */
export interface TournamentResults {
  records: TournamentTeamRecord[];
  bracket: Bracket | null;
}

/** Where a tournament stands: not begun (by its start date), being played, or over (inactive or past its end). */
export type TournamentStatus = 'upcoming' | 'running' | 'finished';

/** A tournament in the list with what its matches say: dates, teams, and its winner once it is over. */
export type TournamentSummary = Tournament & {
  status: TournamentStatus;
  teams: number;
  matches: number;
  first_match: string | null;
  last_match: string | null;
  /** The final's winner of a knockout event, else the table's sole leader; null while running or tied. */
  winner: TournamentSide | null;
};
