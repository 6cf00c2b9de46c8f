import { describe, expect, it } from 'vitest';
import { cardDescription } from '#lib/previews/words.ts';
import { previewSvg } from '#lib/previews/svg.ts';
import type { PlayerCard } from '#lib/previews/cards.ts';
import { SAMPLE_MATCH, SAMPLE_PLAYER, SAMPLE_TEAM, SAMPLE_TOURNAMENT } from '#tests/helpers/preview-cards.ts';
import { renderPng } from '#lib/server/previews/render.ts';
import { previewPath } from '#lib/server/previews/meta.ts';

describe('link preview cards', () => {
  it('word the key numbers of a team', () => {
    expect(cardDescription(SAMPLE_TEAM)).toBe('Ranked 3rd · score 28.41 · 14-3');
    expect(cardDescription({ ...SAMPLE_TEAM, ranked: false, wins: 1, losses: 0 })).toBe(
      'Rank pending · score 28.41 · 1-0',
    );
    expect(
      cardDescription({ ...SAMPLE_TOURNAMENT, teams: 2, matches: 1, leaders: [{ tag: 'A', wins: 1, losses: 0 }] }),
    ).toBe('Event · 2 teams · 1 match · leader A 1-0');
  });

  it('word a draw as a draw and name no top player of a match without kills', () => {
    expect(cardDescription({ ...SAMPLE_MATCH, result: '2-2' })).toMatch(/^\[7DR\] drew with ABC 2-2 · /);
    expect(cardDescription(SAMPLE_MATCH)).toMatch(
      /^\[7DR\] beat ABC 4-1 · .* · top player Sgt\. Längername \(42 kills\)$/,
    );
    const none = SAMPLE_MATCH.top.map((p) => ({ ...p, kills: 0 }));
    expect(cardDescription({ ...SAMPLE_MATCH, top: none })).not.toContain('top player');
  });

  it('get a new address when a number the image shows changes', () => {
    expect(previewPath(SAMPLE_TEAM)).toMatch(/^\/og\/S3\/teams\/%5B7DR%5D\/[\w-]{16}\.png$/);
    expect(previewPath({ ...SAMPLE_TEAM, score: 28.42 })).not.toBe(previewPath(SAMPLE_TEAM));
    expect(previewPath({ ...SAMPLE_TEAM })).toBe(previewPath(SAMPLE_TEAM));
  });

  it('render names with markup and characters XML cannot hold as a 1200x630 PNG', async () => {
    const hostile = `<b>&"'\u0000\uFFFF\uD800 名前 Ünïcødé ${'x'.repeat(200)}`;
    const player: PlayerCard = {
      ...SAMPLE_PLAYER,
      series: hostile,
      name: hostile,
      team: hostile,
      skill: [9, -9, Number.NaN, 0],
    };
    for (const card of [player, { ...SAMPLE_TEAM, tag: hostile, name: hostile }]) {
      const svg = previewSvg(card);
      expect(svg).not.toContain('<b>');
      const png = await renderPng(svg);
      const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
    }
  });
});
