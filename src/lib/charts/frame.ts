/**
 * The drawing area of a chart. Charts are drawn in viewBox units and scale to their container's width; the frame
 * leaves margins for the axis labels.
 */
export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface Frame {
  width: number;
  height: number;
  margin: Margin;
}

/** A plotting box: the frame minus its margins, in viewBox units. */
export interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export const DEFAULT_FRAME: Frame = { width: 480, height: 260, margin: { top: 12, right: 16, bottom: 44, left: 52 } };

/** The plotting box of `frame` (y0 is the top edge, y1 the bottom, as in SVG). */
export function plotBox(frame: Frame): Box {
  const { width, height, margin } = frame;
  return { x0: margin.left, x1: width - margin.right, y0: margin.top, y1: height - margin.bottom };
}

/** A tick of an axis: where it is drawn and what it reads. */
export interface Tick {
  at: number;
  label: string;
}

/** Rounds to 2 decimals so that SVG attributes and paths stay short and stable in tests. */
export function round(n: number): number {
  return Math.round(n * 100) / 100;
}
