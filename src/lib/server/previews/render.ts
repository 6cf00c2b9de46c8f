import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { FONT_FAMILY } from '#lib/previews/draw.ts';
import { fontFilesFor, svgText } from './fonts.ts';

/** resvg's options for an image showing `text`: Inter and the fallback fonts its characters need. */
export function renderOptions(text: string): ResvgRenderOptions {
  return {
    fitTo: { mode: 'original' },
    font: { fontFiles: fontFilesFor(text), loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
  };
}

/**
 * Renders an SVG document to PNG at its own size with the shipped fonts only (no system fonts, no network: an
 * `<image>` with an outside address is left out): Inter, and for names in other scripts (CJK, Arabic, Hebrew, emoji,
 * symbols) the fallback subsets their characters need (fonts.ts). Each line is isolated in the direction of its first
 * letter (draw.ts), within which resvg lays out right-to-left runs. The drawing runs on libuv's thread pool, so a
 * render does not hold up the requests in between.
 */
export async function renderPng(svg: string): Promise<Buffer> {
  return (await renderAsync(svg, renderOptions(svgText(svg)))).asPng();
}
