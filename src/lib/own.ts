/*
 * Lookups by keys that come from outside (player, weapon, map and stream names, path segments): on a plain object
 * `record['constructor']` finds Object's constructor and `'toString' in record` is true, so such a key must only
 * ever find what the record itself holds.
 */

/** The value `record` itself holds under `key`, or undefined (never one inherited from Object.prototype). */
export function own<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Whether `record` itself holds `key` (never true for an inherited property name such as `constructor`). */
export const hasOwn = (record: object, key: string): boolean => Object.hasOwn(record, key);

/**
 * An empty record without a prototype: `record[key] = value` stores any key as data, `__proto__` included, and no
 * lookup finds an inherited property.
 */
export function dictionary<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>;
}
