import { describe, expect, it } from 'vitest';
import { validateCapFlips, type CapFlipRow } from '#lib/matches/cap-flips.ts';
import {
  capFlipsContradictResult,
  contradictionErrors,
  finalScoreContradiction,
  finalScores,
} from '#lib/matches/final-score.ts';

const row = (time: string, side: string, score: string): CapFlipRow => ({ time, side, score });

describe('the recorded result', () => {
  it("ends the match at the winner's score on the winner's side, or either way when the side is not known", () => {
    expect(finalScores({ result: '4-1', victorSide: 'Allies' })).toEqual(['4-1']);
    expect(finalScores({ result: '4-1', victorSide: 'Axis' })).toEqual(['1-4']);
    expect(finalScores({ result: '3-2', victorSide: null })).toEqual(['3-2', '2-3']);
  });

  it('is contradicted by flips whose last score (in time) is not it; no flips contradict nothing', () => {
    const axisWon = { result: '3-2', victorSide: 'Axis' as const };
    expect(finalScoreContradiction([], axisWon)).toBeUndefined();
    expect(
      finalScoreContradiction(
        [
          { at: 900, side: 'Axis', new_score: '2-3' },
          { at: 300, side: 'Allies', new_score: '3-2' },
        ],
        axisWon,
      ),
    ).toBeUndefined();
    expect(finalScoreContradiction([{ at: 300, side: 'Allies', new_score: '3-2' }], axisWon)).toEqual({
      final: '3-2',
      expected: ['2-3'],
    });
  });

  it('puts the contradiction next to the score of the last row in time', () => {
    const rows = [row('15:00', 'Axis', '2-3'), row('5:00', 'Allies', '3-2')];
    const checked = validateCapFlips(rows, 45);
    if (!checked.ok) throw new Error('the rows are right');
    expect(
      contradictionErrors(rows.length, checked.last, checked.flips, { result: '4-1', victorSide: 'Allies' }),
    ).toEqual([{ score: capFlipsContradictResult('2-3', '4-1') }, {}]);
    expect(
      contradictionErrors(rows.length, checked.last, checked.flips, { result: '3-2', victorSide: 'Axis' }),
    ).toBeUndefined();
  });
});
