import { describe, expect, it } from 'vitest';
import { cardDescription } from '#lib/previews/words.ts';
import { previewSvg } from '#lib/previews/svg.ts';
import type { PlayerCard, TeamCard } from '#lib/previews/cards.ts';
import { renderPng } from '#lib/server/previews/render.ts';
import { previewPath } from '#lib/server/previews/meta.ts';

const team: TeamCard = {
  kind: 'team',
  series: 'S3',
  key: '[7DR]',
  tag: '[7DR]',
  name: '7th Dragoons',
  rank: 3,
  ranked: true,
  score: 28.41,
  wins: 14,
  losses: 3,
  history: [
    { date: '2026-03-01T00:00:00.000Z', mu: 30, sigma: 2, score: 24 },
    { date: '2026-03-02T00:00:00.000Z', mu: 31, sigma: 1.5, score: 26.5 },
  ],
};

describe('link preview cards', () => {
  it('word the key numbers of a team', () => {
    expect(cardDescription(team)).toBe('Ranked 3rd · score 28.41 · 14-3');
    expect(cardDescription({ ...team, ranked: false, wins: 1, losses: 0 })).toBe('Rank pending · score 28.41 · 1-0');
    const cup = { kind: 'tournament', series: 'S3', key: 'CUP', tag: 'CUP', name: 'Cup', active: true } as const;
    expect(
      cardDescription({ ...cup, event: true, teams: 2, matches: 1, leaders: [{ tag: 'A', wins: 1, losses: 0 }] }),
    ).toBe('Event · 2 teams · 1 match · leader A 1-0');
  });

  it('get a new address when a number the image shows changes', () => {
    expect(previewPath(team)).toMatch(/^\/og\/S3\/teams\/%5B7DR%5D\/[\w-]{16}\.png$/);
    expect(previewPath({ ...team, score: 28.42 })).not.toBe(previewPath(team));
    expect(previewPath({ ...team })).toBe(previewPath(team));
  });

  it('render names with markup and characters XML cannot hold as a 1200x630 PNG', async () => {
    const hostile = `<b>&"'\u0000\uFFFF\uD800 名前 Ünïcødé ${'x'.repeat(200)}`;
    const player: PlayerCard = {
      kind: 'player',
      series: hostile,
      key: '1',
      name: hostile,
      team: hostile,
      game: 'competitive',
      matches: 3,
      skill: [9, -9, Number.NaN, 0],
      kpm: 0.5,
    };
    for (const card of [player, { ...team, tag: hostile, name: hostile }]) {
      const svg = previewSvg(card);
      expect(svg).not.toContain('<b>');
      const png = await renderPng(svg);
      const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
    }
  });
});
