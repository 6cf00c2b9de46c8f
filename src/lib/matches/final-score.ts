import type { CapFlip, CapFlipRowErrors, Side } from './cap-flips.ts';

/*
 * Whether a match's cap flips agree with its recorded result: the score after the last capture is the score the
 * match ended at. Shared by the server (PUT .../cap_flips, PATCH .../matches/{id}) and the cap flips editor, which
 * loads it only when the flips are sent.
 */

/** A match's result as recorded: 'N-M' winner first, and the side the winner played (null: not known). */
export interface RecordedResult {
  result: string;
  victorSide: Side | null;
}

/** The scores (Allies-Axis) a match with this result ends at: one when the winner's side is known, else both. */
export function finalScores(recorded: RecordedResult): string[] {
  const [winner, loser] = recorded.result.split('-');
  const alliesWon = `${winner}-${loser}`;
  const axisWon = `${loser}-${winner}`;
  if (recorded.victorSide === 'Allies') return [alliesWon];
  if (recorded.victorSide === 'Axis') return [axisWon];
  return alliesWon === axisWon ? [alliesWon] : [alliesWon, axisWon];
}

/** The refusal of cap flips whose last score is not the recorded result (the catalogue's CapFlipsContradictResult). */
export const capFlipsContradictResult = (final: string, expected: string) =>
  `The cap flips end at ${final} (Allies-Axis), but the recorded result ends the match at ${expected}: ` +
  `the last capture must leave that score (or correct the result first)`;

/**
 * How cap flips contradict the recorded result: the score they end at (the last one in time) and the scores the
 * result allows, or undefined when they agree. No flips contradict nothing (the flips are not known).
 */
export function finalScoreContradiction(
  flips: readonly CapFlip[],
  recorded: RecordedResult,
): { final: string; expected: string[] } | undefined {
  if (flips.length === 0) return undefined;
  // The last in time; of flips at the same second, the one given last.
  const last = flips.reduce((latest, flip) => (flip.at >= latest.at ? flip : latest));
  const final = last.new_score.replace(/\s/g, '');
  const expected = finalScores(recorded);
  return expected.includes(final) ? undefined : { final, expected };
}

/**
 * The cap flips form's errors (one per row of `rows` rows) when `flips`, checked by validateCapFlips, contradict the
 * recorded result: the sentence next to the score of row `last` (the last in time), or undefined when they agree.
 */
export function contradictionErrors(
  rows: number,
  last: number,
  flips: readonly CapFlip[],
  recorded: RecordedResult,
): CapFlipRowErrors[] | undefined {
  const contradiction = finalScoreContradiction(flips, recorded);
  if (!contradiction) return undefined;
  const message = capFlipsContradictResult(contradiction.final, contradiction.expected.join(' or '));
  return Array.from({ length: rows }, (_, i) => (i === last ? { score: message } : {}));
}
