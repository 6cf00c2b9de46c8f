import { describe, expect, it } from 'vitest';
import { parse, ELEMENT_NODE } from 'ultrahtml';
import { querySelectorAll } from 'ultrahtml/selector';
import maps from '#lib/domain/catalogue/maps.json' with { type: 'json' };
import { bannerPath, bannerVariant, bannerVariants } from '#lib/map-art/catalogue.ts';
import { bannerSvg } from '#lib/map-art/banner.ts';
import { themedMapIds } from '#lib/map-art/themes.ts';

const layerImages = new Set(maps.maps.flatMap((m) => m.layers.map((l) => l.image_name.replace(/\.webp$/, ''))));
const skirmishImages = new Set(
  maps.maps.flatMap((m) =>
    m.layers.filter((l) => l.game_mode === 'skirmish').map((l) => l.image_name.replace(/\.webp$/, '')),
  ),
);

describe('banner variants', () => {
  it('cover every layer image of the catalogue, skirmish layers included, once each', () => {
    const images = bannerVariants().map((v) => v.image);
    expect(new Set(images).size).toBe(images.length);
    expect(new Set(images)).toEqual(layerImages);
    expect(skirmishImages.size).toBeGreaterThan(20);
    for (const image of skirmishImages) expect(bannerVariant(image)?.modes).toContain('skirmish');
  });
  it('give every map a theme of its own', () => {
    expect(new Set(themedMapIds())).toEqual(new Set(maps.maps.map((m) => m.id)));
  });
  it('know the environment and map of each image', () => {
    expect(bannerVariant('stmariedumont-rain.webp')).toMatchObject({
      mapId: 'stmariedumont',
      mapName: 'St. Marie Du Mont',
      environment: 'rain',
      modes: ['skirmish'],
    });
    expect(bannerVariant('nowhere-day')).toBeUndefined();
    expect(bannerPath('carentan-day.webp')).toBe('/images/maps/carentan-day.svg');
  });
});

describe('bannerSvg', () => {
  const variants = bannerVariants();
  it('is a self-contained SVG document for every variant: no external references', () => {
    for (const variant of variants) {
      const svg = bannerSvg(variant);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 300"')).toBe(true);
      expect(svg).not.toMatch(/<image|href=|url\((?!#)|@import/);
      const root = parse(svg);
      const title = querySelectorAll(root, 'title')[0] as { children: { value: string }[] } | undefined;
      expect(title?.children[0]?.value).toContain(variant.mapName.replace(/&/g, '&#38;'));
      expect(querySelectorAll(root, 'svg')[0]?.type).toBe(ELEMENT_NODE);
    }
  });
  it('is deterministic and differs between maps and lights', () => {
    const [a, b] = [bannerVariant('carentan-day')!, bannerVariant('carentan-night')!];
    expect(bannerSvg(a)).toBe(bannerSvg(a));
    expect(bannerSvg(a)).not.toBe(bannerSvg(b));
    expect(bannerSvg(bannerVariant('foy-day')!)).not.toBe(bannerSvg(bannerVariant('kursk-day')!));
  });
  it('draws what the map is known for: the sea at Utah, rain streaks in the rain, stars at night', () => {
    expect(bannerSvg(bannerVariant('utahbeach-day')!)).toContain('q12,-5 24,0t24,0');
    expect(bannerSvg(bannerVariant('stmariedumont-rain')!)).toMatch(/l-6,18/);
    expect(bannerSvg(bannerVariant('carentan-day')!)).not.toMatch(/l-6,18/);
    expect(bannerSvg(bannerVariant('stmereeglise-night')!).match(/<circle/g)?.length).toBeGreaterThan(50);
  });
});
