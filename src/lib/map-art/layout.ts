/**
 * A match's map layout: which strongpoint of each of the map's five sectors was in play. The site stores it
 * (PUT .../matches/{id}/layout) as one entry per sector from the left or top, a strongpoint name or null when not
 * known, and reads older or foreign shapes too: any list of names, or of objects with a `name`, in any order.
 */

const normal = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

function entryName(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
    const name = (entry as Record<string, unknown>)['name'] ?? (entry as Record<string, unknown>)['strongpoint'];
    return typeof name === 'string' ? name : undefined;
  }
  return undefined;
}

/** The strongpoint in play per sector (its catalogue spelling), null where the layout does not name one. */
export function chosenStrongpoints(
  sectors: readonly (readonly string[])[],
  layout: readonly unknown[],
): (string | null)[] {
  const named = new Set(
    layout
      .map(entryName)
      .filter((n): n is string => n !== undefined)
      .map(normal),
  );
  return sectors.map((points) => points.find((point) => named.has(normal(point))) ?? null);
}

/** True when the layout names at least one strongpoint of these sectors. */
export function hasLayout(sectors: readonly (readonly string[])[], layout: readonly unknown[]): boolean {
  return chosenStrongpoints(sectors, layout).some((p) => p !== null);
}

/** The body of PUT .../layout for the strongpoints chosen per sector: [] when none is chosen. */
export function layoutBody(chosen: readonly (string | null)[]): (string | null)[] {
  return chosen.some((p) => p !== null) ? [...chosen] : [];
}
