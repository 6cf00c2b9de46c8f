/** Shared value types of the rating domain. */

/** A Gaussian belief about a team's skill: mean mu, standard deviation sigma (rating units). */
export interface Rating {
  readonly mu: number;
  readonly sigma: number;
}

/** Identifies a team. String and number keys are distinct (Map semantics): '7' !== 7. */
export type TeamKey = string | number;

/** Reported HLL sector results (winner sectors - loser sectors); anything else is 'other'. */
export type SectorResult = '5-0' | '4-1' | '3-2';

/** A match date: an ISO-8601 string or a Date. Only its order matters to the mathematics. */
export type MatchDate = string | Date;

/** Identifies a player (a steam or EOS id). */
export type PlayerKey = string | number;

/** One player's part in a match: who, and their time on the server in seconds (> 0). */
export interface LineupEntry {
  readonly player: PlayerKey;
  readonly seconds: number;
}

/** Who played on each side of a match, read from its log. An empty side means the log does not say. */
export interface MatchLineups {
  readonly winner: readonly LineupEntry[];
  readonly loser: readonly LineupEntry[];
}

/** One played match, winner first. `drawn` marks a draw, in which case winner/loser is just an order. */
export interface RatedMatch {
  readonly id: string | number;
  readonly winner: TeamKey;
  readonly loser: TeamKey;
  readonly result: string;
  readonly date: MatchDate;
  readonly drawn?: boolean;
  /**
   * False for a match that moves the ratings but is not shown (a private match): it is left out of the public
   * figures (num_matches, wins, losses) and the rating history. Default true.
   */
  readonly counted?: boolean;
  /** Who played, when the match has a log; only the roster-aware model reads it. */
  readonly lineups?: MatchLineups;
}
