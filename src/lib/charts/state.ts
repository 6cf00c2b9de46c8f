import type { Settled } from '#lib/schemas/settled.ts';

/** What a chart shows (ChartFigure): its data failed to load, there is nothing to draw, or the drawing. */
export type ChartState = 'ok' | 'failed' | 'empty';

/** The state of a chart over `data`, which is empty when `marks` (the points, bars or flips it would draw) is 0. */
export function chartState(data: Settled<unknown>, marks: number): ChartState {
  return data.error !== undefined ? 'failed' : marks === 0 ? 'empty' : 'ok';
}
