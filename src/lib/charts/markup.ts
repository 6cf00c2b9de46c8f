/**
 * Chart parts as SVG markup strings, exactly as the chart components printed them element by element (an Astro
 * element per tick and per bar was most of a chart's render time): the axes of every chart and the bars of the bar
 * chart. Text is escaped as Astro escapes it (#lib/kit/badges.ts).
 */
import { escapeText } from '#lib/format/markup.ts';
import type { Bar } from './bars.ts';
import type { Box, Tick } from './frame.ts';

export interface AxesOptions {
  box: Box;
  xTicks?: readonly Tick[] | undefined;
  yTicks?: readonly Tick[] | undefined;
  xLabel: string;
  yLabel?: string | undefined;
  /** Vertical grid lines at the x ticks (bars read against them). */
  xGrid?: boolean | undefined;
}

/** Grid lines, tick labels and the axis titles of a chart with a bottom x axis and a left y axis. */
export function axesHtml({ box, xTicks = [], yTicks = [], xLabel, yLabel, xGrid = false }: AxesOptions): string {
  let html = '<g class="axes">';
  for (const t of yTicks) {
    html +=
      `<g><line class="grid" x1="${box.x0}" x2="${box.x1}" y1="${t.at}" y2="${t.at}"></line>` +
      `<text class="axis-text" x="${box.x0 - 6}" y="${t.at}" text-anchor="end" dominant-baseline="middle">` +
      `${escapeText(t.label)}</text></g>`;
  }
  for (const t of xTicks) {
    const grid = xGrid ? `<line class="grid" x1="${t.at}" x2="${t.at}" y1="${box.y0}" y2="${box.y1}"></line>` : '';
    html +=
      `<g>${grid}<text class="axis-text" x="${t.at}" y="${box.y1 + 16}" text-anchor="middle">` +
      `${escapeText(t.label)}</text></g>`;
  }
  html +=
    `<line class="grid" x1="${box.x0}" x2="${box.x1}" y1="${box.y1}" y2="${box.y1}"></line>` +
    `<text class="axis-label" x="${(box.x0 + box.x1) / 2}" y="${box.y1 + 36}" text-anchor="middle">` +
    `${escapeText(xLabel)}</text>`;
  if (yLabel) {
    html +=
      `<text class="axis-label" transform="translate(14 ${(box.y0 + box.y1) / 2}) rotate(-90)" ` +
      `text-anchor="middle">${escapeText(yLabel)}</text>`;
  }
  return `${html}</g>`;
}

/**
 * The bar chart's group labels, whole, each on a line above its bars, a reference line (50%) when there is one,
 * and the bars, each with its value as a title and as text past its end (`show` prints a value).
 */
export function barsHtml(
  box: Box,
  groups: readonly { label: string; y: number }[],
  bars: readonly Bar[],
  show: (value: number | null) => string,
  reference?: { x: number; label: string },
): string {
  let html = '';
  for (const g of groups) {
    html += `<text class="axis-label" x="${box.x0}" y="${g.y}">${escapeText(g.label)}</text>`;
  }
  if (reference) {
    html += `<line class="grid reference" x1="${reference.x}" x2="${reference.x}" y1="${box.y0}" y2="${box.y1}"></line>`;
  }
  for (const bar of bars) {
    const value = escapeText(show(bar.value));
    html +=
      `<g><rect class="tone-${bar.tone} fill" x="${bar.x}" y="${bar.y}" width="${bar.width}" height="${bar.height}" rx="2">` +
      `<title>${escapeText(`${bar.group}, ${bar.series}: `)}${value}</title></rect>` +
      `<text class="value-text" x="${bar.labelX}" y="${bar.labelY}" dominant-baseline="middle">${value}</text></g>`;
  }
  return html;
}
