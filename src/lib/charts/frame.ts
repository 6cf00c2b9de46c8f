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

/** The widths a chart is drawn at (ui.md "Phones first"): chart components draw one SVG per variant. */
export type ChartVariant = 'narrow' | 'wide';

/**
 * Each variant's viewBox width. Chart text is 12 viewBox units, and ChartFigure shows a variant only in a box at
 * least as wide as it (the wide one from 480 px, a container query), so text is never drawn below 12 px: a chart
 * redraws its ticks and labels for a phone instead of shrinking a desktop drawing.
 */
export const CHART_WIDTHS: Readonly<Record<ChartVariant, number>> = { narrow: 280, wide: 480 };
export const CHART_VARIANTS = Object.keys(CHART_WIDTHS) as ChartVariant[];

/** `frame` drawn `variant`'s width (the narrow one a little lower, with room for the axis labels kept). */
export function variantFrame(frame: Frame, variant: ChartVariant): Frame {
  if (variant === 'wide') return frame;
  const scale = CHART_WIDTHS.narrow / frame.width;
  return { ...frame, width: CHART_WIDTHS.narrow, height: Math.round(Math.max(frame.height * scale, 200)) };
}
