import { describe, expect, it } from 'vitest';
import { ratingGeometry, dateTickLabel } from '#lib/charts/rating.ts';
import { DEFAULT_FRAME, plotBox } from '#lib/charts/frame.ts';

const points = [
  { date: '2026-01-01T00:00:00Z', mu: 25, sigma: 8, score: 1 },
  { date: '2026-01-11T00:00:00Z', mu: 27, sigma: 6, score: 9 },
  { date: '2026-01-21T00:00:00Z', mu: 30, sigma: 4, score: 18 },
];

/** The numbers of an SVG path, as [x, y] pairs. */
function pairs(path: string): number[][] {
  const numbers = path.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  const out: number[][] = [];
  for (let i = 0; i < numbers.length; i += 2) out.push([numbers[i] ?? NaN, numbers[i + 1] ?? NaN]);
  return out;
}

describe('ratingGeometry', () => {
  const g = ratingGeometry(points);
  const box = plotBox(DEFAULT_FRAME);

  it('spans the dates over the plot width, oldest at the left', () => {
    expect(g.points.map((p) => p.x)).toEqual([box.x0, (box.x0 + box.x1) / 2, box.x1]);
  });

  it('puts higher ratings higher, inside the box, with a nice y domain covering band and score', () => {
    // Domain [1, 34] niced to [0, 35]: y = y1 - (v / 35) * height.
    const height = box.y1 - box.y0;
    const yOf = (v: number) => Math.round((box.y1 - (v / 35) * height) * 100) / 100;
    expect(g.points.map((p) => p.mu)).toEqual([yOf(25), yOf(27), yOf(30)]);
    expect(g.points.map((p) => p.score)).toEqual([yOf(1), yOf(9), yOf(18)]);
    expect(g.yTicks.map((t) => t.label)).toEqual(['0', '5', '10', '15', '20', '25', '30', '35']);
    expect(g.yTicks[0]?.at).toBe(box.y1);
    expect(g.yTicks.at(-1)?.at).toBe(box.y0);
  });

  it('draws mu and score as lines through the points and the band from mu - sigma to mu + sigma', () => {
    expect(pairs(g.mu).map(([, y]) => y)).toEqual(g.points.map((p) => p.mu));
    expect(pairs(g.score).map(([, y]) => y)).toEqual(g.points.map((p) => p.score));
    const band = pairs(g.band);
    // d3's area: the upper edge left to right, then the lower edge right to left.
    expect(band).toHaveLength(6);
    const height = box.y1 - box.y0;
    const yOf = (v: number) => Math.round((box.y1 - (v / 35) * height) * 100) / 100;
    expect(band.slice(0, 3).map(([, y]) => y)).toEqual([yOf(33), yOf(33), yOf(34)]);
    expect(band.slice(3).map(([, y]) => y)).toEqual([yOf(26), yOf(21), yOf(17)]);
  });

  it('labels date ticks by day within a year and by month over longer spans', () => {
    expect(g.xTicks.length).toBeGreaterThan(1);
    expect(g.xTicks[0]?.label).toMatch(/^Jan \d+$/);
    expect(dateTickLabel(new Date('2026-03-12T00:00:00Z'), 400 * 86_400_000)).toBe('Mar 2026');
  });

  it('widens a single point by a day each side and draws no band width', () => {
    const one = ratingGeometry([points[0]!]);
    expect(one.points[0]?.x).toBe((box.x0 + box.x1) / 2);
    expect(one.mu).toMatch(/^M[\d.]+,[\d.]+Z?$/);
  });

  it('returns empty paths for no points', () => {
    const none = ratingGeometry([]);
    expect(none.points).toEqual([]);
    expect(none.mu).toBe('');
  });
});
