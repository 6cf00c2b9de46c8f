import caps from '#lib/domain/catalogue/caps.json' with { type: 'json' };
import type { MapCaps } from '#lib/schemas/map.ts';
import { resolveMap } from '#lib/domain/catalogue/maps.ts';
import { notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';

interface CapsEntry {
  orientation: string;
  left_side: string;
  sectors: string[][];
}
const CAPS = caps.maps as Record<string, CapsEntry>;

/** GET /v3/maps/{map}/caps: accepts the map id, display name or short name; 404 for an unknown map or no caps. */
export function getMapCaps(map: string): MapCaps {
  const resolved = resolveMap(map);
  const entry = resolved ? CAPS[resolved.id] : undefined;
  if (!resolved || !entry) throw notFound(messages.mapNotFound(map));
  return {
    map: resolved.id,
    orientation: entry.orientation === 'vertical' ? 'vertical' : 'horizontal',
    caps: entry.sectors,
    left_side: entry.left_side === 'Axis' ? 'Axis' : 'Allies',
  };
}
