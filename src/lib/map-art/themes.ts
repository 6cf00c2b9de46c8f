/**
 * What each map's banner shows: its ground (the terrain family) and its landmarks, drawn from what the maps are
 * known for (beaches, bocage, desert, snow, ruined cities, the Rhine bridge), and each environment's light.
 */
import { mix } from './svg.ts';
import type { Environment } from './catalogue.ts';

export type Ground = 'grass' | 'sand' | 'snow' | 'mud';
export type Landmark =
  | 'sea'
  | 'bluffs'
  | 'hedgehogs'
  | 'church'
  | 'town'
  | 'ruins'
  | 'river'
  | 'bridge'
  | 'forest'
  | 'hill'
  | 'fields'
  | 'dunes'
  | 'tanks';

export interface Theme {
  ground: Ground;
  landmarks: Landmark[];
}

const THEMES: Record<string, Theme> = {
  stmereeglise: { ground: 'grass', landmarks: ['fields', 'church', 'town'] },
  stmariedumont: { ground: 'grass', landmarks: ['fields', 'church', 'forest'] },
  utahbeach: { ground: 'sand', landmarks: ['sea', 'hedgehogs', 'bluffs'] },
  omahabeach: { ground: 'sand', landmarks: ['sea', 'bluffs', 'hedgehogs'] },
  purpleheartlane: { ground: 'mud', landmarks: ['fields', 'river', 'forest'] },
  carentan: { ground: 'grass', landmarks: ['river', 'town', 'church'] },
  hurtgenforest: { ground: 'mud', landmarks: ['forest'] },
  hill400: { ground: 'grass', landmarks: ['hill', 'forest'] },
  foy: { ground: 'snow', landmarks: ['forest', 'town'] },
  kursk: { ground: 'grass', landmarks: ['fields', 'tanks'] },
  stalingrad: { ground: 'mud', landmarks: ['ruins', 'river'] },
  remagen: { ground: 'grass', landmarks: ['river', 'bridge', 'hill'] },
  kharkov: { ground: 'snow', landmarks: ['ruins', 'town'] },
  driel: { ground: 'grass', landmarks: ['river', 'bridge', 'fields'] },
  elalamein: { ground: 'sand', landmarks: ['dunes', 'tanks'] },
  mortain: { ground: 'grass', landmarks: ['hill', 'town', 'forest'] },
  elsenbornridge: { ground: 'snow', landmarks: ['forest', 'hill'] },
  tobruk: { ground: 'sand', landmarks: ['sea', 'ruins', 'dunes'] },
  smolensk: { ground: 'grass', landmarks: ['river', 'ruins', 'church'] },
  junobeach: { ground: 'sand', landmarks: ['sea', 'town', 'hedgehogs'] },
};

/** The theme of a map id (an unknown map gets plain fields). */
export function themeOf(mapId: string): Theme {
  return THEMES[mapId] ?? { ground: 'grass', landmarks: ['fields'] };
}

/** Map ids with a theme of their own. */
export function themedMapIds(): string[] {
  return Object.keys(THEMES);
}

export interface Light {
  skyTop: string;
  skyBottom: string;
  /** Sun or moon; null under cloud. */
  body: { colour: string; x: number; y: number; r: number; moon: boolean } | null;
  far: string;
  mid: string;
  near: string;
  water: string;
  silhouette: string;
  /** Haze over the far ground (0: none). */
  haze: number;
  stars: boolean;
  rain: boolean;
}

const LIGHTS: Record<Environment, Light> = {
  day: {
    skyTop: '#3d7fb8',
    skyBottom: '#b9dcf2',
    body: { colour: '#fff3bf', x: 0.78, y: 0.2, r: 22, moon: false },
    far: '#7f9c86',
    mid: '#5b7a49',
    near: '#33472a',
    water: '#3b6e8f',
    silhouette: '#2b3328',
    haze: 0.15,
    stars: false,
    rain: false,
  },
  dawn: {
    skyTop: '#33406e',
    skyBottom: '#f4a66a',
    body: { colour: '#ffd8a8', x: 0.22, y: 0.62, r: 30, moon: false },
    far: '#6a5d7b',
    mid: '#4f4c5c',
    near: '#2b2935',
    water: '#4a5f86',
    silhouette: '#1f1c28',
    haze: 0.3,
    stars: false,
    rain: false,
  },
  dusk: {
    skyTop: '#241c48',
    skyBottom: '#e0733a',
    body: { colour: '#ffa94d', x: 0.8, y: 0.6, r: 32, moon: false },
    far: '#5b3d5e',
    mid: '#3d2a44',
    near: '#22182a',
    water: '#3d3a66',
    silhouette: '#160f1c',
    haze: 0.2,
    stars: false,
    rain: false,
  },
  night: {
    skyTop: '#070b1c',
    skyBottom: '#1c2a4a',
    body: { colour: '#e9ecef', x: 0.74, y: 0.22, r: 16, moon: true },
    far: '#1e2a3f',
    mid: '#152033',
    near: '#0b121c',
    water: '#10213a',
    silhouette: '#05080f',
    haze: 0.05,
    stars: true,
    rain: false,
  },
  rain: {
    skyTop: '#4f5962',
    skyBottom: '#8d979f',
    body: null,
    far: '#5f6b66',
    mid: '#43503f',
    near: '#29322b',
    water: '#4a5a66',
    silhouette: '#20261f',
    haze: 0.35,
    stars: false,
    rain: true,
  },
  overcast: {
    skyTop: '#6f7a84',
    skyBottom: '#b5bcc2',
    body: null,
    far: '#77837b',
    mid: '#556252',
    near: '#36403a',
    water: '#566a78',
    silhouette: '#262d28',
    haze: 0.3,
    stars: false,
    rain: false,
  },
};

const GROUND_TINT: Record<Ground, { colour: string; amount: number }> = {
  grass: { colour: '#4e6b3f', amount: 0 },
  sand: { colour: '#d2b47a', amount: 0.7 },
  snow: { colour: '#e8eef2', amount: 0.8 },
  mud: { colour: '#5e4b36', amount: 0.45 },
};

/** The light of an environment with the ground's colour worked in (darker at night, as the light is). */
export function lightFor(environment: Environment, ground: Ground): Light {
  const light = LIGHTS[environment];
  const tint = GROUND_TINT[ground];
  const dim = environment === 'night' ? 0.35 : environment === 'day' ? 1 : 0.7;
  const t = tint.amount * dim;
  return {
    ...light,
    far: mix(light.far, tint.colour, t * 0.6),
    mid: mix(light.mid, tint.colour, t),
    near: mix(light.near, tint.colour, t * 0.8),
  };
}
