import { describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { previewSvg } from '#lib/previews/svg.ts';
import { BASE_FONTS, fontFilesFor } from '#lib/server/previews/fonts.ts';
import { renderOptions, renderPng } from '#lib/server/previews/render.ts';
import { SAMPLE_PLAYER } from '#tests/helpers/preview-cards.ts';
import { drawnCharacters as drawn, missingGlyphs } from '#tests/helpers/glyphs.ts';

/** Real player names of the community, one per script the preview images must draw. */
const NAMES = {
  japanese: '湊あくあ',
  chinese: '美术特长生',
  cyrillic: 'Дмитрий Ёжиков',
  arabic: 'محمد الجندي',
  hebrew: 'שלום חבר',
  emoji: 'Sniper 🎯🔥💀',
  symbols: '✪ (WTH) Beard ★ ☠',
};

/** `text` alone, in Inter, as resvg draws it with the fonts chosen for `fontsFor`. */
function pixels(text: string, fontsFor: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><text x="10" y="40" font-family="Inter" font-size="32">${text}</text></svg>`;
  return Buffer.from(new Resvg(svg, renderOptions(fontsFor)).render().pixels).toString('base64');
}

describe('preview image fonts', () => {
  it('load no fallback for a Latin, Greek or Cyrillic text, and only the subsets a name needs', () => {
    expect(fontFilesFor('Sgt. Längername Дмитрий Ωmega')).toEqual(BASE_FONTS);
    const chinese = fontFilesFor(NAMES.chinese);
    expect(chinese.length).toBeGreaterThan(BASE_FONTS.length);
    expect(chinese.length).toBeLessThanOrEqual(BASE_FONTS.length + drawn(NAMES.chinese).length);
  });

  it.each(Object.entries(NAMES))('have a glyph for every character of a %s name (fontkit)', (_, name) => {
    expect(missingGlyphs(name)).toEqual([]);
  });

  it.each(Object.entries(NAMES))('draw every character of a %s name, none as the missing glyph (resvg)', (_, name) => {
    // A private-use character no font has: what resvg draws for a missing glyph.
    const noGlyph = pixels('\u{10fffd}', name);
    const blank = pixels('', name);
    for (const char of drawn(name)) {
      const image = pixels(char, name);
      expect([char, image === noGlyph, image === blank]).toEqual([char, false, false]);
    }
    // Without the fallbacks a character Inter lacks is the missing glyph: the check can fail.
    const foreign = drawn(name).find((char) => char.codePointAt(0)! >= 0x0530);
    if (foreign) expect(pixels(foreign, 'latin only')).toBe(pixels('\u{10fffd}', 'latin only'));
  });

  it('render a player card named in each script as a 1200x630 PNG', async () => {
    for (const name of Object.values(NAMES)) {
      const png = await renderPng(previewSvg({ ...SAMPLE_PLAYER, name, team: name }));
      const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
      expect([name, view.getUint32(16), view.getUint32(20)]).toEqual([name, 1200, 630]);
    }
  });
});
