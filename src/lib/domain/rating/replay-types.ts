/** Input and output shapes of {@link replayRatings} (replay.ts). */
import type { SectorThresholds } from './sector-score.ts';
import type { MatchDate, TeamKey } from './types.ts';

import type { RatingModel } from '#lib/schemas/rating-models.ts';

export type { RatingModel } from '#lib/schemas/rating-models.ts';

/** Replay parameters; omitted values take the TrueSkill defaults (see env.ts). */
export interface ReplayParams {
  readonly mu?: number;
  readonly sigma?: number;
  readonly beta?: number;
  readonly tau?: number;
  /** Daily growth of the variance while a team does not play (see inflateSigma). Default 0. */
  readonly gamma?: number;
  readonly drawProbability?: number;
  readonly moserwareC?: boolean;
  /** Default 'trueskill'. */
  readonly model?: RatingModel;
  /** Sector-score band edges; default {@link defaultSectorThresholds}. */
  readonly thresholds?: SectorThresholds;
  /** Matches a team needs before it is ranked rather than pending. Default 5. */
  readonly rankedAfter?: number;
}

/** A team's state after the replay. */
export interface TeamRating {
  readonly mu: number;
  readonly sigma: number;
  readonly num_matches: number;
  readonly wins: number;
  readonly losses: number;
  /** Date of the team's latest match, or null if it has none. */
  readonly last_updated: MatchDate | null;
}

/** A rating at a point in time. */
export interface RatingPoint {
  readonly mu: number;
  readonly sigma: number;
}

/** What one match did to its two teams. */
export interface MatchRatingChange {
  readonly id: string | number;
  readonly winner: TeamKey;
  readonly loser: TeamKey;
  readonly winner_before: RatingPoint;
  readonly loser_before: RatingPoint;
  readonly winner_after: RatingPoint;
  readonly loser_after: RatingPoint;
  /** Pre-match probability that the (actual) winner wins, see predictWin. */
  readonly win_probability: number;
}

/** One point of a team's rating history, after the match `match_id`. */
export interface HistoryPoint {
  readonly match_id: string | number;
  readonly date: MatchDate;
  readonly mu: number;
  readonly sigma: number;
}

/** Everything a replay produces. */
export interface ReplayResult {
  readonly teams: Map<TeamKey, TeamRating>;
  /** One entry per input match, in input order. */
  readonly matches: MatchRatingChange[];
  /** Per team, the points added by this replay, in match order. */
  readonly history: Map<TeamKey, HistoryPoint[]>;
  /** {@link rankTeams} of `teams` with `rankedAfter`. */
  readonly ranking: RankedTeam[];
}

/** A leaderboard row. `ranked` is false for teams still pending (too few matches). */
export interface RankedTeam {
  readonly team: TeamKey;
  readonly rank: number;
  readonly score: number;
  readonly ranked: boolean;
  readonly rating: TeamRating;
}
