import type { DB } from '#lib/server/db/index.ts';
import { onDataChange, onRemoteDataChange } from '#lib/server/db/changes.ts';
import { tableWrites, type TableGroup } from '#lib/server/db/table-writes.ts';

/*
 * Look-ups kept in memory between requests, for the writes a crowd waits on (a report by key, an approval): under
 * load each round trip to the database waits for a turn of the busy event loop. A kept look-up must never outlive a
 * change of what it read, so every one of a kind is dropped
 * - at once when this process writes one of its group's tables (db/table-writes.ts),
 * - when this process then announces a change (db/changes.ts: after the commit, so that a look-up made between a
 *   write inside a transaction and its commit, which read the rows as they were, is not kept),
 * - when another instance or the CLI announces a change (PostgreSQL),
 * and each one after the kind's maximum age whatever happens (a change made by hand in SQL, which nothing announces)
 * or at the end its look-up gave, whichever comes first.
 */

/** A kind of kept look-up: its name, the tables its look-ups read, how long and how many it keeps at most. */
export interface MemoKind {
  name: string;
  group: TableGroup;
  maxAgeMs: number;
  maxEntries: number;
}

/** What a look-up found: the value to keep (frozen by the caller: it is shared) and, if sooner, when it ends. */
export interface Found<V> {
  value: V;
  until?: number;
}

interface Kept<V> {
  value: V;
  until: number;
  generation: number;
  writes: number;
}

interface State {
  generation: number;
  /** The count of writes to the group's tables at the last announced change. */
  writesAnnounced: number;
  kept: Map<string, Kept<unknown>>;
}

const registry = new Map<string, WeakMap<DB, State>>();

function stateOf(db: DB, kind: MemoKind): State {
  let states = registry.get(kind.name);
  if (!states) registry.set(kind.name, (states = new WeakMap()));
  let state = states.get(db);
  if (!state) {
    const created: State = { generation: 0, writesAnnounced: tableWrites(kind.group), kept: new Map() };
    const drop = () => {
      created.generation += 1;
      created.kept.clear();
    };
    onRemoteDataChange(db, drop);
    onDataChange(db, () => {
      const writes = tableWrites(kind.group);
      if (writes === created.writesAnnounced) return;
      created.writesAnnounced = writes;
      drop();
    });
    states.set(db, (state = created));
  }
  return state;
}

/** The moment a look-up starts: what it finds is kept only if nothing dropped this kind's look-ups since. */
export interface MemoMoment {
  generation: number;
  writes: number;
}

/** The moment now, to pass to memoizeFound once the look-up made from here has returned. */
export function memoMoment(db: DB, kind: MemoKind): MemoMoment {
  return { generation: stateOf(db, kind).generation, writes: tableWrites(kind.group) };
}

/** The value kept for `key` of this kind at `now`, or undefined when none is. */
export function peekMemo<V>(db: DB, kind: MemoKind, key: string, now: number): V | undefined {
  const state = stateOf(db, kind);
  const kept = state.kept.get(key) as Kept<V> | undefined;
  if (!kept) return undefined;
  if (kept.generation === state.generation && kept.writes === tableWrites(kind.group) && now < kept.until)
    return kept.value;
  state.kept.delete(key);
  return undefined;
}

/**
 * Keeps what a look-up started at `moment` found for `key`, until `maxAgeMs` from `now` or until the `until` it gave,
 * whichever comes first, unless something that drops this kind's look-ups happened since `moment`.
 */
export function memoizeFound<V>(
  db: DB,
  kind: MemoKind,
  moment: MemoMoment,
  key: string,
  now: number,
  found: Found<V>,
): void {
  const state = stateOf(db, kind);
  if (state.generation !== moment.generation || tableWrites(kind.group) !== moment.writes) return;
  const until = Math.min(now + kind.maxAgeMs, found.until ?? Infinity);
  if (state.kept.size >= kind.maxEntries) state.kept.delete(state.kept.keys().next().value!);
  state.kept.set(key, { value: found.value, until, ...moment });
}

/**
 * The value kept for `key` of this kind, else the one `lookUp` finds (undefined: none, and nothing is kept), kept as
 * memoizeFound says.
 */
export async function memoizedRead<V>(
  db: DB,
  kind: MemoKind,
  key: string,
  now: number,
  lookUp: () => Promise<Found<V> | undefined>,
): Promise<V | undefined> {
  const kept = peekMemo<V>(db, kind, key, now);
  if (kept !== undefined) return kept;
  const moment = memoMoment(db, kind);
  const found = await lookUp();
  if (!found) return undefined;
  memoizeFound(db, kind, moment, key, now, found);
  return found.value;
}

/** `value`, frozen all the way down: a kept value is shared between requests. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
