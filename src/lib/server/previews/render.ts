import { createRequire } from 'node:module';
import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { FONT_FAMILY } from '#lib/previews/draw.ts';

const require = createRequire(import.meta.url);

/** The fonts the images are drawn with: Inter from its registry package (TrueType, which resvg reads). */
export const PREVIEW_FONTS = [
  require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
];

const OPTIONS: ResvgRenderOptions = {
  fitTo: { mode: 'original' },
  font: { fontFiles: PREVIEW_FONTS, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
};

/**
 * Renders an SVG document to PNG at its own size with the shipped fonts only (no system fonts, no network: an
 * `<image>` with an outside address is left out). The drawing runs on libuv's thread pool, so a render does not
 * hold up the requests in between.
 */
export async function renderPng(svg: string): Promise<Buffer> {
  return (await renderAsync(svg, OPTIONS)).asPng();
}
