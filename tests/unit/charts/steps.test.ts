import { describe, expect, it } from 'vitest';
import { parseScore, scoreSteps, stepsGeometry } from '#lib/charts/steps.ts';
import { DEFAULT_FRAME, plotBox } from '#lib/charts/frame.ts';

const flips = [
  { at: 600, side: 'Axis' as const, new_score: '2-3' },
  { at: 90, side: 'Allies' as const, new_score: '3-2' },
  { at: 1200, side: 'Allies' as const, new_score: 'garbage' },
  { at: 1500, side: 'Allies' as const, new_score: '3-2' },
];

describe('scoreSteps', () => {
  it('starts at 2-2, follows the flips in time order, skips unreadable scores and holds to the end', () => {
    expect(scoreSteps(flips, 40)).toEqual([
      { minute: 0, allies: 2, axis: 2, side: null },
      { minute: 1.5, allies: 3, axis: 2, side: 'Allies' },
      { minute: 10, allies: 2, axis: 3, side: 'Axis' },
      { minute: 25, allies: 3, axis: 2, side: 'Allies' },
      { minute: 40, allies: 3, axis: 2, side: null },
    ]);
  });
  it('takes another start score and extends past a short stated duration', () => {
    const steps = scoreSteps([{ at: 3000, side: 'Axis', new_score: '0-5' }], 30, '5-0');
    expect(steps[0]).toEqual({ minute: 0, allies: 5, axis: 0, side: null });
    expect(steps.at(-1)).toEqual({ minute: 50, allies: 0, axis: 5, side: 'Axis' });
  });
  it('parses scores', () => {
    expect(parseScore('3-2')).toEqual([3, 2]);
    expect(parseScore(' 5 : 0 ')).toEqual([5, 0]);
    expect(parseScore('6-1')).toBeNull();
  });
});

describe('stepsGeometry', () => {
  const g = stepsGeometry(scoreSteps(flips, 40));
  const box = plotBox(DEFAULT_FRAME);
  const yOf = (v: number) => Math.round((box.y1 - (v / 5) * (box.y1 - box.y0)) * 100) / 100;
  const xOf = (m: number) => Math.round((box.x0 + (m / 40) * (box.x1 - box.x0)) * 100) / 100;

  /** The corner points of a path. */
  const corners = (path: string) =>
    [...path.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

  it('draws step lines: a level run, then a jump at each flip', () => {
    expect(corners(g.allies).slice(0, 5)).toEqual([
      [xOf(0), yOf(2)],
      [xOf(1.5), yOf(2)],
      [xOf(1.5), yOf(3)],
      [xOf(10), yOf(3)],
      [xOf(10), yOf(2)],
    ]);
    expect(corners(g.axis).slice(0, 5)).toEqual([
      [xOf(0), yOf(2)],
      [xOf(1.5), yOf(2)],
      [xOf(1.5), yOf(2)],
      [xOf(10), yOf(2)],
      [xOf(10), yOf(3)],
    ]);
    expect(corners(g.allies).at(-1)).toEqual([xOf(40), yOf(3)]);
  });

  it("marks each capture on the capturing side's line", () => {
    expect(g.flips).toEqual([
      { x: xOf(1.5), y: yOf(3), side: 'Allies', minute: 1.5, score: '3-2' },
      { x: xOf(10), y: yOf(3), side: 'Axis', minute: 10, score: '2-3' },
      { x: xOf(25), y: yOf(3), side: 'Allies', minute: 25, score: '3-2' },
    ]);
    expect(g.yTicks.map((t) => t.label)).toEqual(['0', '1', '2', '3', '4', '5']);
  });
});
