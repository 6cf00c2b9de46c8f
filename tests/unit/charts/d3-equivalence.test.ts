import { describe, expect, it } from 'vitest';
import { scaleBand } from 'd3-scale';
import { area, line } from 'd3-shape';
import { bands } from '#lib/charts/bars.ts';
import { areaPath, linePath } from '#lib/charts/rating.ts';

/**
 * The charts draw without d3's band scale and shape generators (they cost more than the rest of a chart): the
 * arithmetic that replaces them must give the very same numbers and path strings, so pages stay byte for byte.
 */
describe('chart arithmetic as d3 computes it', () => {
  // A fixed spread of awkward values: fractions, negatives, values on the rounding edge.
  const values = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) => ((i * 37 + seed * 11) % 101) * 1.005 - 17.125 + i / 3);

  it('places bands where scaleBand does', () => {
    for (let n = 0; n <= 25; n++) {
      for (const [r0, r1, inner, outer] of [
        [12, 300.5, 0.25, 0.1],
        [0, 23.07, 0.08, 0.08],
        [216, 12, 0.1, 0.3],
      ] as const) {
        const d3 = scaleBand<string>()
          .domain(Array.from({ length: n }, (_, i) => String(i)))
          .range([r0, r1])
          .paddingInner(inner)
          .paddingOuter(outer);
        const ours = bands(n, r0, r1, inner, outer);
        expect(ours.bandwidth).toBe(d3.bandwidth());
        expect(ours.starts).toEqual(Array.from({ length: n }, (_, i) => d3(String(i))));
      }
    }
  });

  it('writes the line and area paths d3-shape writes', () => {
    for (const n of [0, 1, 2, 3, 17, 60]) {
      const xs = values(n, 1).map((v) => v * 3.3 + 52.004);
      const tops = values(n, 2);
      const bottoms = values(n, 3).map((v) => v + 40.335);
      const index = Array.from({ length: n }, (_, i) => i);
      const d3Line = line<number>()
        .x((i) => xs[i]!)
        .y((i) => tops[i]!)
        .digits(2);
      const d3Area = area<number>()
        .x((i) => xs[i]!)
        .y1((i) => tops[i]!)
        .y0((i) => bottoms[i]!)
        .digits(2);
      expect(linePath(xs, tops)).toBe(d3Line(index) ?? '');
      expect(areaPath(xs, tops, bottoms)).toBe(d3Area(index) ?? '');
    }
  });
});
