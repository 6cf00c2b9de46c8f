/**
 * Hands out one shared string per distinct player id within one parse. Ids cut out of each line are fresh strings,
 * so every later Map lookup keyed by them (statistics, match extraction) compared characters; with one string per
 * id those lookups hit on the pointer. (A hand-written table reading ids in place measured slower than this Map.)
 */
export interface IdTable {
  shared: Map<string, string>;
}

export function newIdTable(): IdTable {
  return { shared: new Map() };
}

/** The table's string equal to `id`, which becomes that string on first sight. */
export function sharedId(table: IdTable, id: string): string {
  const known = table.shared.get(id);
  if (known !== undefined) return known;
  table.shared.set(id, id);
  return id;
}

/** sharedId(table, text.slice(from, to)). */
export function idAt(table: IdTable, text: string, from: number, to: number): string {
  return sharedId(table, text.slice(from, to));
}
