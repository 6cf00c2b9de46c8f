import fs from 'node:fs';
import { create, type Font } from 'fontkitten';
import { fontFilesFor } from '#lib/server/previews/fonts.ts';

/** Characters a font need not draw: spaces, joiners, variation selectors and bidirectional controls. */
const SILENT = new Set([
  ...' \u00a0\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufe0e\ufe0f',
]);

/** The characters of `text` a font has to draw. */
export const drawnCharacters = (text: string): string[] => [...text].filter((c) => !SILENT.has(c));

const fonts = new Map<string, Font>();
function fontAt(file: string): Font {
  let font = fonts.get(file);
  if (!font) fonts.set(file, (font = create(fs.readFileSync(file)) as Font));
  return font;
}

/**
 * The characters of `text` that none of the fonts a preview image of it is drawn with (fontFilesFor: Inter and the
 * fallback subsets) has a glyph for, read from the fonts' character maps with fontkit: empty when nothing is drawn
 * as the missing glyph.
 */
export function missingGlyphs(text: string): string[] {
  const files = fontFilesFor(text);
  return drawnCharacters(text).filter(
    (char) => !files.some((file) => fontAt(file).hasGlyphForCodePoint(char.codePointAt(0)!)),
  );
}
