import catalogue from './maps.json' with { type: 'json' };

/** A map as the site shows it. `tag` is the short community name (e.g. 'SMDM', 'PHL'). */
export interface ResolvedMap {
  id: string;
  name: string;
  tag: string;
  orientation?: 'horizontal' | 'vertical';
  image?: string;
}

/** A map plus what the layer / map string says about the mode and light. */
export interface ResolvedLayer {
  map: ResolvedMap;
  gamemode: string | null;
  environment: string | null;
  /** 'allies' | 'axis' for offensive layers. */
  attackers: string | null;
}

interface CatalogueLayer {
  id: string;
  game_mode: string;
  attackers: string | null;
  environment: string;
  pretty_name: string;
  image_name: string;
}

interface CatalogueMap {
  id: string;
  rcon_name: string;
  tag: string;
  pretty_name: string;
  short_name: string;
  community_alias: string | null;
  allies: string;
  axis: string;
  orientation: string;
  layers: CatalogueLayer[];
}

const maps = catalogue.maps as CatalogueMap[];
const GAME_MODES = new Set<string>(catalogue.game_modes);
const ENVIRONMENTS = new Set<string>([...catalogue.environments, 'morning', 'evening', 'overcast', 'rain']);
const ATTACKER_TOKENS = new Set([
  'us',
  'usa',
  'nva',
  'ger',
  'rus',
  'ussr',
  'cw',
  'gb',
  'brit',
  'british',
  'can',
  'sov',
]);

/** Lower-case, strip diacritics and everything but letters/digits, so 'SAINTE-MÈRE-ÉGLISE' == 'saintemereeglise'. */
export function normalizeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function toResolved(map: CatalogueMap): ResolvedMap {
  const day = map.layers.find((l) => l.environment === 'day') ?? map.layers[0];
  const resolved: ResolvedMap = { id: map.id, name: map.pretty_name, tag: map.short_name };
  if (map.orientation === 'horizontal' || map.orientation === 'vertical') resolved.orientation = map.orientation;
  if (day) resolved.image = day.image_name;
  return resolved;
}

interface IndexEntry {
  map: CatalogueMap;
  layer: CatalogueLayer | null;
}

function buildIndex(): Map<string, IndexEntry> {
  const index = new Map<string, IndexEntry>();
  const add = (key: string | null, entry: IndexEntry): void => {
    if (!key) return;
    const k = normalizeKey(key);
    // First writer wins so that map-level names are not shadowed by layer names.
    if (k && !index.has(k)) index.set(k, entry);
  };
  for (const map of maps) {
    for (const key of [map.id, map.rcon_name, map.pretty_name, map.short_name, map.tag, map.community_alias]) {
      add(key, { map, layer: null });
    }
  }
  for (const map of maps) {
    for (const layer of map.layers) {
      add(layer.id, { map, layer });
      add(layer.pretty_name, { map, layer });
    }
  }
  return index;
}

const INDEX = buildIndex();

function modeFromTokens(tokens: string[]): { gamemode: string | null; environment: string | null } {
  let gamemode: string | null = null;
  let environment: string | null = null;
  for (const raw of tokens) {
    const t = raw.toLowerCase();
    if (GAME_MODES.has(t)) gamemode = t;
    else if (t === 'off' || t.startsWith('offensive')) gamemode = 'offensive';
    else if (ENVIRONMENTS.has(t)) environment = t === 'morning' ? 'dawn' : t === 'evening' ? 'dusk' : t;
  }
  return { gamemode, environment };
}

/**
 * Resolves any map spelling (RCON 'CARENTAN WARFARE', optional env/attacker tokens, layer ids 'carentan_warfare' /
 * 'PHL_L_1944_Warfare', display or short names 'Hill 400', 'SMDM', 'PHL') to the map and, when present, mode/environment.
 * Returns null when nothing in the catalogue matches.
 */
export function resolveLayer(name: string): ResolvedLayer | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  const exact = INDEX.get(normalizeKey(trimmed));
  if (exact?.layer) {
    return {
      map: toResolved(exact.map),
      gamemode: exact.layer.game_mode,
      environment: exact.layer.environment,
      attackers: exact.layer.attackers,
    };
  }
  const tokens = trimmed.split(/[\s_]+/).filter((t) => t.length > 0);
  // Longest prefix that names a map; the rest are mode / environment / attacker tokens.
  for (let n = tokens.length; n >= 1; n--) {
    const entry = INDEX.get(normalizeKey(tokens.slice(0, n).join(' ')));
    if (!entry) continue;
    const rest = tokens.slice(n);
    const { gamemode, environment } = modeFromTokens(rest);
    const attackerToken = rest.find((t) => ATTACKER_TOKENS.has(t.toLowerCase()));
    let attackers: string | null = entry.layer?.attackers ?? null;
    if (!attackers && attackerToken) attackers = ['ger'].includes(attackerToken.toLowerCase()) ? 'axis' : 'allies';
    return {
      map: toResolved(entry.map),
      gamemode: gamemode ?? entry.layer?.game_mode ?? null,
      environment: environment ?? entry.layer?.environment ?? null,
      attackers,
    };
  }
  return null;
}

/** Resolves a map spelling to {id, name, tag, orientation?, image?}, or null if unknown. See resolveLayer. */
export function resolveMap(name: string): ResolvedMap | null {
  return resolveLayer(name)?.map ?? null;
}

/** Catalogue facts the log simulator needs: the RCON map string, a warfare layer id and faction codes. */
export interface MapFacts {
  id: string;
  rconName: string;
  warfareLayer: string;
  allies: string;
  axis: string;
}

/** Facts for a resolvable map name, or null. */
export function mapFacts(name: string): MapFacts | null {
  const resolved = resolveMap(name);
  const map = resolved ? maps.find((m) => m.id === resolved.id) : undefined;
  if (!map) return null;
  const layer = map.layers.find((l) => l.game_mode === 'warfare') ?? map.layers[0];
  return { id: map.id, rconName: map.rcon_name, warfareLayer: layer?.id ?? map.id, allies: map.allies, axis: map.axis };
}

/** All catalogue map ids, in catalogue order. */
export function mapIds(): string[] {
  return maps.map((m) => m.id);
}
