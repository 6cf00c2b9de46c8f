import { conservativeScore } from '#lib/domain/rating/ranking.ts';
import { resolveMap } from '#lib/domain/catalogue/maps.ts';
import { mapDisplayName } from '#lib/format/maps.ts';
import { bannerPath, sectorLayout, tacticalPath } from '#lib/map-art/catalogue.ts';

/** An ISO timestamp of a database date (both engines may hand back Date or text). */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** iso() that keeps null. */
export function isoOrNull(value: Date | string | null | undefined): string | null {
  return value == null ? null : iso(value);
}

/** The conservative rating score the rankings sort by (conservativeScore). */
export function score(mu: number, sigma: number): number {
  return conservativeScore({ mu, sigma });
}

/** What a caller-facing read returns: the data, and whether it was computed with the caller's own rights. */
export interface ReadResult<T> {
  data: T;
  /** True when another caller could see something different (private cache only). */
  personal: boolean;
}

/** A catalogue map's display name and images; unknown ids are shown as stored, without images. */
export function mapView(mapId: string): MapView {
  let view = MAP_VIEWS.get(mapId);
  if (!view) {
    view = computeMapView(mapId);
    // Bounded: map ids come from the catalogue or from stored matches.
    if (MAP_VIEWS.size < 1000) MAP_VIEWS.set(mapId, view);
  }
  return view;
}

interface MapView {
  name: string;
  banner: string | null;
  tactical: string | null;
}
const MAP_VIEWS = new Map<string, MapView>();

function computeMapView(mapId: string): MapView {
  const resolved = resolveMap(mapId);
  if (!resolved || resolved.id !== mapId) return { name: mapDisplayName(mapId), banner: null, tactical: null };
  return {
    name: resolved.name,
    // Art drawn by this project (src/lib/map-art), served by src/pages/images/.
    banner: resolved.image ? bannerPath(resolved.image) : null,
    tactical: sectorLayout(resolved.id) ? tacticalPath(resolved.id) : null,
  };
}
