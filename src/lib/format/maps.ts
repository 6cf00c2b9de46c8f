import catalogue from '#lib/domain/catalogue/maps.json' with { type: 'json' };

const names = new Map<string, string>(catalogue.maps.map((map) => [map.id, map.pretty_name]));

/** The display name of a catalogue map id ('carentan' -> 'Carentan'); unknown ids are shown as stored. */
export function mapDisplayName(mapId: string): string {
  return names.get(mapId) ?? mapId;
}
