/*
 * The rating models a series may be rated by, one entry each. The runners (domain/rating/replay.ts for the stored ratings,
 * engine.ts and roster-model.ts for fitting and evaluation) read an entry's rules from here rather than testing its
 * name; the fit frees the entry's parameters; a series stores the entry's id (series.rating_model). Whether the
 * players of a log count (the roster-aware layer, roster-model.ts) is a separate choice on top of either model. A new
 * model is one entry here and its update rule in the runners.
 */

/** A parameter the fit may move (model-fit.ts); the player ones belong to the roster-aware layer. */
export type FitParam = 'beta' | 't1' | 't2' | 'tau' | 'gamma' | 'playerSigma' | 'playerTau';

export interface RatingModelEntry {
  readonly id: string;
  /** What the ratings page calls it. */
  readonly label: string;
  /** A result's margin (5-0, 4-1, 3-2) counts, through the sector thresholds t1 and t2; else a win is a win. */
  readonly margins: boolean;
  /** The parameters a fit frees by default. */
  readonly fitted: readonly FitParam[];
}

export const RATING_MODEL_TABLE = [
  {
    id: 'trueskill',
    label: 'TrueSkill (a win is a win)',
    margins: false,
    fitted: ['beta', 'tau', 'gamma'],
  },
  {
    id: 'sector',
    label: 'Sector score (the margin counts)',
    margins: true,
    fitted: ['beta', 't1', 't2', 'tau', 'gamma'],
  },
] as const satisfies readonly RatingModelEntry[];

export type RatingModel = (typeof RATING_MODEL_TABLE)[number]['id'];

/** The table's entry of `model`. */
export function ratingModel(model: RatingModel): RatingModelEntry {
  return RATING_MODEL_TABLE.find((entry) => entry.id === model)!;
}

/** `value` when it names a model of the table, else `fallback` (a stored column read back). */
export function asRatingModel(value: unknown, fallback: RatingModel = 'trueskill'): RatingModel {
  return RATING_MODEL_TABLE.find((entry) => entry.id === value)?.id ?? fallback;
}
