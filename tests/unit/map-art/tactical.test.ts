import { describe, expect, it } from 'vitest';
import { parse } from 'ultrahtml';
import { querySelectorAll } from 'ultrahtml/selector';
import caps from '#lib/domain/catalogue/caps.json' with { type: 'json' };
import { sectorLayout, tacticalMapIds, tacticalPath } from '#lib/map-art/catalogue.ts';
import { flipMarkers, sectorOwners, tacticalSvg, TOKEN_PALETTE, wrapName } from '#lib/map-art/tactical.ts';
import { mapView } from '#lib/server/services/read/values.ts';
import { mapIds } from '#lib/domain/catalogue/maps.ts';
import { bannerVariant } from '#lib/map-art/catalogue.ts';
import { chosenStrongpoints, hasLayout, layoutBody } from '#lib/map-art/layout.ts';

const carentan = sectorLayout('carentan')!; // Allies on the left
const foy = sectorLayout('foy')!; // vertical, Axis at the top

interface Node {
  value?: string;
  children?: Node[];
}
const textOf = (node: Node): string => node.value ?? (node.children ?? []).map(textOf).join(' ');
const texts = (svg: string) => (querySelectorAll(parse(svg), 'text') as Node[]).map(textOf);

describe('sector ownership', () => {
  it('gives each side its count of sectors from its own HQ, neutral between', () => {
    expect(sectorOwners(carentan, '2-2')).toEqual(['Allies', 'Allies', null, 'Axis', 'Axis']);
    expect(sectorOwners(carentan, '4-1')).toEqual(['Allies', 'Allies', 'Allies', 'Allies', 'Axis']);
    expect(sectorOwners(foy, '3-2')).toEqual(['Axis', 'Axis', 'Allies', 'Allies', 'Allies']);
    expect(sectorOwners(foy, '0-5')).toEqual(['Axis', 'Axis', 'Axis', 'Axis', 'Axis']);
    expect(sectorOwners(carentan, '4-4')).toEqual([null, null, null, null, null]);
  });
  it('marks each capture on the sector next out from the capturing HQ, in time order', () => {
    const flips = [
      { at: 1500, side: 'Axis' as const, new_score: '2-3' },
      { at: 120, side: 'Allies' as const, new_score: '3-2' },
      { at: 900, side: 'Axis' as const, new_score: '2-2' },
      { at: 2000, side: 'Axis' as const, new_score: 'nonsense' },
    ];
    expect(flipMarkers(carentan, flips)).toEqual([
      { order: 1, sector: 2, side: 'Allies', minute: 2 },
      // Axis takes back the middle: from the right, its third sector is index 2.
      { order: 2, sector: 2, side: 'Axis', minute: 25 },
    ]);
    expect(flipMarkers(foy, [{ at: 60, side: 'Axis', new_score: '2-3' }])).toEqual([
      { order: 1, sector: 2, side: 'Axis', minute: 1 },
    ]);
  });
});

describe('tacticalSvg', () => {
  it('names every strongpoint, each sector owner and both HQs', () => {
    const svg = tacticalSvg(carentan, { mapName: 'Carentan', score: '3-2' });
    const all = texts(svg);
    for (const name of caps.maps.carentan.sectors.flat()) expect(all).toContain(name);
    expect(all.filter((t) => /^\d\. /.test(t))).toEqual(['1. Allies', '2. Allies', '3. Allies', '4. Axis', '5. Axis']);
    expect(svg).toMatch(/<tspan x="[\d.]+" dy="0">La Maison<\/tspan><tspan x="[\d.]+" dy="17">Des Ormes<\/tspan>/);
    expect(all).toContain('Allies HQ');
    expect(all).toContain('Axis HQ');
    expect(svg).toContain('<title id="tactical-carentan-title">Tactical map of Carentan</title>');
    expect(svg).toMatch(/<desc id="tactical-carentan-desc">Allies HQ on the left, Axis HQ on the right\. Score 3-2/);
  });
  it('draws numbered capture markers and uses the given palette', () => {
    const svg = tacticalSvg(foy, {
      mapName: 'Foy',
      id: 'm1',
      palette: TOKEN_PALETTE,
      flips: [{ at: 60, side: 'Axis', new_score: '2-3' }],
    });
    expect(svg).toContain('<title>Capture 1: Axis, minute 1</title>');
    expect(svg).toContain('var(--color-axis)');
    expect(svg).not.toMatch(/#[0-9a-f]{6}/);
    expect(svg).toContain('viewBox="0 0 480 800"');
  });
  it('breaks long names into two lines at the middle space', () => {
    expect(wrapName('Town Center')).toEqual(['Town Center']);
    expect(wrapName('La Maison Des Ormes')).toEqual(['La Maison', 'Des Ormes']);
    expect(wrapName('Sonderkraftfahrzeugwerkstatt')).toEqual(['Sonderkraftfahrzeugwerkstatt']);
  });

  it('escapes names', () => {
    const svg = tacticalSvg({ ...carentan, sectors: [['<b>&'], [], [], [], []] }, { mapName: 'X' });
    expect(svg).toContain('&#60;b&#62;&#38;');
  });
});

describe("a match's layout", () => {
  it('reads the strongpoint in play per sector from names in any order, spelling or shape', () => {
    const layout = ['town center', { name: 'Blactot' }, 'Nowhere', null, 3, { strongpoint: 'La Maison Des Ormes' }];
    expect(chosenStrongpoints(carentan.sectors, layout)).toEqual([
      'Blactot',
      null,
      'Town Center',
      null,
      'La Maison Des Ormes',
    ]);
    expect(hasLayout(carentan.sectors, layout)).toBe(true);
    expect(hasLayout(carentan.sectors, ['Nowhere'])).toBe(false);
    expect(chosenStrongpoints(carentan.sectors, [])).toEqual([null, null, null, null, null]);
  });
  it('is sent as one entry per sector, or empty when none is chosen', () => {
    expect(layoutBody(['Blactot', null, 'Town Center', null, null])).toEqual([
      'Blactot',
      null,
      'Town Center',
      null,
      null,
    ]);
    expect(layoutBody([null, null, null, null, null])).toEqual([]);
  });
  it('draws the strongpoint in play larger and bold, fades the others of its sector and names it in the description', () => {
    const svg = tacticalSvg(carentan, { mapName: 'Carentan', layout: ['Town Center'] });
    expect(svg).toMatch(/font-weight="700">Town Center<\/tspan>|font-weight="700"><tspan[^>]*>Town Center</);
    // The other two strongpoints of the middle sector fade; the other sectors, with nothing chosen, do not.
    expect(svg.match(/<g opacity="0.5">/g)).toHaveLength(2);
    expect(svg).toMatch(/Layout: sector 1 not known, sector 2 not known, sector 3 Town Center, sector 4 not known/);
    expect(tacticalSvg(carentan, { mapName: 'Carentan' })).not.toContain('<g opacity=');
  });
});

describe('the read API points at art that exists', () => {
  it('gives every catalogue map a banner and a tactical map that are drawn', () => {
    const tactical = new Set(tacticalMapIds().map(tacticalPath));
    for (const id of mapIds()) {
      const view = mapView(id);
      const image = /^\/images\/maps\/(.+)\.svg$/.exec(view.banner ?? '')?.[1];
      expect(image && bannerVariant(image), `${id} banner ${view.banner}`).toBeTruthy();
      expect(tactical.has(view.tactical ?? ''), `${id} tactical ${view.tactical}`).toBe(true);
    }
  });
  it('has no images for a map that is not in the catalogue', () => {
    expect(mapView('atlantis')).toEqual({ name: 'atlantis', banner: null, tactical: null });
  });
});
