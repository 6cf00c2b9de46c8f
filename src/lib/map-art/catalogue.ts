/**
 * The maps the art is made for, read from the project's copy of the map catalogue (maps.json) and the sector
 * catalogue (caps.json): one banner per distinct layer image (map x environment, skirmish layers included) and one
 * tactical map per map with known sectors.
 */
import { own } from '#lib/own.ts';
import maps from '#lib/domain/catalogue/maps.json' with { type: 'json' };
import caps from '#lib/domain/catalogue/caps.json' with { type: 'json' };

export type Environment = 'day' | 'dawn' | 'dusk' | 'night' | 'rain' | 'overcast';
const ENVIRONMENTS: ReadonlySet<string> = new Set(['day', 'dawn', 'dusk', 'night', 'rain', 'overcast']);

export interface BannerVariant {
  /** The layer image's base name ('carentan-day'): the banner's file name. */
  image: string;
  mapId: string;
  mapName: string;
  environment: Environment;
  /** Game modes whose layers show this image ('warfare', 'skirmish', ...). */
  modes: string[];
}

export interface SectorLayout {
  mapId: string;
  orientation: 'horizontal' | 'vertical';
  /** The side whose HQ is on the left (horizontal) or at the top (vertical). */
  leftSide: 'Allies' | 'Axis';
  /** Five sectors from the left/top, each with its strongpoints. */
  sectors: string[][];
}

interface CatalogueMap {
  id: string;
  pretty_name: string;
  layers: { game_mode: string; environment: string; image_name: string }[];
}

const baseName = (image: string) => image.replace(/\.[a-z0-9]+$/i, '');

let variants: BannerVariant[] | undefined;

/** Every banner to draw: one per distinct layer image of the catalogue, in catalogue order. */
export function bannerVariants(): BannerVariant[] {
  variants ??= readVariants();
  return variants;
}

function readVariants(): BannerVariant[] {
  const byImage = new Map<string, BannerVariant>();
  for (const map of maps.maps as CatalogueMap[]) {
    for (const layer of map.layers) {
      const image = baseName(layer.image_name);
      const environment = ENVIRONMENTS.has(layer.environment) ? (layer.environment as Environment) : 'day';
      const variant = byImage.get(image) ?? { image, mapId: map.id, mapName: map.pretty_name, environment, modes: [] };
      if (!variant.modes.includes(layer.game_mode)) variant.modes.push(layer.game_mode);
      byImage.set(image, variant);
    }
  }
  return [...byImage.values()];
}

/** The banner of one layer image name ('carentan-day' or 'carentan-day.webp'), or undefined. */
export function bannerVariant(image: string): BannerVariant | undefined {
  const wanted = baseName(image);
  return bannerVariants().find((v) => v.image === wanted);
}

/** The sector layout of a map id, or undefined when the catalogue has none. */
export function sectorLayout(mapId: string): SectorLayout | undefined {
  const entry = own(
    caps.maps as Record<string, { orientation: string; left_side: string; sectors: string[][] }>,
    mapId,
  );
  if (!entry) return undefined;
  return {
    mapId,
    orientation: entry.orientation === 'vertical' ? 'vertical' : 'horizontal',
    leftSide: entry.left_side === 'Axis' ? 'Axis' : 'Allies',
    sectors: entry.sectors,
  };
}

/** Map ids that have a tactical map. */
export function tacticalMapIds(): string[] {
  return Object.keys(caps.maps);
}

/** Where a banner is served: /images/maps/{image}.svg. */
export function bannerPath(image: string): string {
  return `/images/maps/${encodeURIComponent(baseName(image))}.svg`;
}

/** Where a tactical map is served: /images/tactical/{mapId}.svg. */
export function tacticalPath(mapId: string): string {
  return `/images/tactical/${encodeURIComponent(mapId)}.svg`;
}
