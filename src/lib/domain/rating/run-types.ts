/** The shapes of a compiled run of the rating models (engine.ts: the team model; roster-model.ts: who played). */
import type { TrueSkillEnv } from './env.ts';
import type { RatingModel } from '#lib/schemas/rating-models.ts';
import type { SectorThresholds } from './sector-score.ts';
import type { PlayerKey, TeamKey } from './types.ts';

/** Matches compiled for repeated runs; index i is the i-th match in the given (chronological) order. */
export interface CompiledMatches {
  readonly length: number;
  /** Team keys by index. */
  readonly teams: readonly TeamKey[];
  readonly winner: Int32Array;
  readonly loser: Int32Array;
  /** A KIND (kind.ts) per match. */
  readonly kind: Uint8Array;
  /** Match time in epoch milliseconds. */
  readonly time: Float64Array;
  /** Who played, when any match has a lineup (the roster-aware model reads them). */
  readonly lineups?: CompiledLineups | null;
}

/** The parameters of a rating model run. */
export interface ModelParams {
  readonly env: TrueSkillEnv;
  /** Its update rule: an entry of the model table (schemas/rating-models.ts). */
  readonly model: RatingModel;
  readonly thresholds: SectorThresholds;
  /** The players' part of the roster-aware model; absent: the team model (a team is one rating). */
  readonly players?: PlayerParams;
}

/** Totals of a run over the scored matches (index >= `from`). */
export interface RunTotals {
  /** Scored matches that were not draws. */
  n: number;
  /** Sum of log P(the winner wins) over scored non-drawn matches. */
  winLogLik: number;
  /** Sum of log P(observed band) (5-0/4-1/3-2 under the sector model, else the win or the draw) over scored matches. */
  bandLogLik: number;
}

/** Options of runModel (engine.ts). */
export interface RunOptions {
  /** First scored match index. Default 0. */
  readonly from?: number;
  /** Last match index (exclusive) to run. Default all. */
  readonly to?: number;
  /** Called for every scored non-drawn match with the pre-match probability that its winner wins. */
  readonly onPrediction?: (index: number, pWinner: number) => void;
}

/** The players' part of the roster-aware model. */
export interface PlayerParams {
  /** Prior standard deviation of a player's deviation from their home team. */
  readonly sigma: number;
  /** Growth of that standard deviation per match played (added in variance). */
  readonly tau: number;
}

/** The lineups of compiled matches: side s (2 i the winner of match i, 2 i + 1 its loser) is entries start[s]..start[s + 1]. */
export interface CompiledLineups {
  readonly players: readonly PlayerKey[];
  readonly start: Int32Array;
  readonly player: Int32Array;
  /** The player's share of the side's time on the server. */
  readonly weight: Float64Array;
}
