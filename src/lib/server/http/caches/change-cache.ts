import type { DB } from '#lib/server/db/index.ts';
import { onDataChange } from '#lib/server/db/changes.ts';

/*
 * Answers that hold until the data changes: the rendered-page cache (page-cache.ts) and the public read cache
 * (read-cache.ts) are both this. Each entry carries the generation of the data it was computed from; every change of
 * the database (db/changes.ts, this instance's or another's) starts a new generation. One computation per key runs at
 * a time (a flight); requests for the key meanwhile share it instead of starting their own.
 *
 * Under a steady stream of writes (a crowd reporting and approving after a match) the generation moves several times
 * a second. A cache that only answered the current generation would answer nothing; one that computed a key again
 * after every change computed each key back to back (bench:load with 16 readers: 550 reads a second, and 19.9 s of
 * the server's CPU in 20 s spent largely on computing the same eleven pages and reads again). So callers without
 * credentials (who cannot have made a change themselves) are given an entry of an older generation without a new
 * computation for REFRESH_MS after its computation started, and while a key's flight runs for STALE_MS
 * (stale-while-revalidate): visitors see the data at most about a second old, each key is computed about twice a
 * second at most under any stream of writes, and the database sees one computation per key at a time. A caller with
 * credentials, or one who finds the entry older than that and no flight, starts a flight and waits for it, so a
 * client that writes and then reads (one after the other) sees its change.
 */

/** How long after its computation started an entry of an older generation may still be answered, during a flight. */
export const STALE_MS = 1_000;
/**
 * How long after its computation started an entry of an older generation is answered to callers without credentials
 * with no new computation: the first such caller past it starts one (and waits), the others get the entry meanwhile.
 */
export const REFRESH_MS = 500;

interface Entry<V> {
  value: V;
  generation: number;
  /** When its computation started (ms): the data it shows is at least that recent. */
  startedAt: number;
  expiresAt: number;
}

/** A computation's outcome: a value to share (undefined: nothing to share, each waiter computes its own) or an error. */
export type Settled<V> = { ok: true; value: V | undefined } | { ok: false; error: unknown };

interface Flight<V> {
  generation: number;
  promise: Promise<Settled<V>>;
}

interface State<V> {
  generation: number;
  entries: Map<string, Entry<V>>;
  flights: Map<string, Flight<V>>;
}

export interface ChangeCacheOptions {
  /** Bounds memory: the least recently stored entries go first once the cache holds this many. */
  maxEntries: number;
  /** How long an entry is kept at most (ms), for changes no instance announced (the CLI); 0 keeps nothing. */
  ttlMs: () => number;
}

// Keyed by cache name, then by database handle, so that test servers of different engines in one process never
// share answers.
const registry = new Map<string, WeakMap<DB, State<unknown>>>();

/** A cache of answers per database that drops with every change of its data (see the top of this file). */
export class ChangeCache<V> {
  readonly #states: WeakMap<DB, State<V>>;
  readonly #options: ChangeCacheOptions;

  constructor(name: string, options: ChangeCacheOptions) {
    let states = registry.get(name);
    if (!states) registry.set(name, (states = new WeakMap()));
    this.#states = states as WeakMap<DB, State<V>>;
    this.#options = options;
  }

  #stateOf(db: DB): State<V> {
    let state = this.#states.get(db);
    if (!state) {
      const created: State<V> = { generation: 0, entries: new Map(), flights: new Map() };
      this.#states.set(db, (state = created));
      // Flights go on: what they compute is kept as an older generation, answerable while the next one runs.
      onDataChange(db, () => void (created.generation += 1));
    }
    return state;
  }

  /**
   * The value kept for `key` that may be answered now without waiting: one of the current generation and within
   * its lifetime; when `stale` allows it, one of an older generation whose computation started less than REFRESH_MS
   * ago; and, when `stale` allows it while a flight of the key runs, one past its lifetime with unchanged data or of
   * an older generation whose computation started less than STALE_MS ago.
   */
  peek(db: DB, key: string, stale: boolean): V | undefined {
    const state = this.#states.get(db);
    const entry = state?.entries.get(key);
    if (!state || !entry) return undefined;
    const now = Date.now();
    const current = entry.generation === state.generation;
    if (current && entry.expiresAt > now) return entry.value;
    if (stale && !current && now - entry.startedAt < REFRESH_MS) return entry.value;
    if (stale && state.flights.has(key) && (current || now - entry.startedAt < STALE_MS)) return entry.value;
    if (!current && now - entry.startedAt >= STALE_MS) state.entries.delete(key);
    return undefined;
  }

  /** The flight of `key` that started from the current data, if any: it settles with what it computed. */
  joinable(db: DB, key: string): Promise<Settled<V>> | undefined {
    const state = this.#stateOf(db);
    const flight = state.flights.get(key);
    return flight && flight.generation === state.generation ? flight.promise : undefined;
  }

  /**
   * Starts a flight of `key` from the current data; the returned function ends it exactly once (also on failure):
   * a value is kept (unless one computed from later data is already kept) and handed to those who joined.
   */
  begin(db: DB, key: string): (settled: Settled<V>) => void {
    const state = this.#stateOf(db);
    const generation = state.generation;
    const startedAt = Date.now();
    let settle!: (settled: Settled<V>) => void;
    const flight: Flight<V> = { generation, promise: new Promise((resolve) => (settle = resolve)) };
    state.flights.set(key, flight);
    return (settled) => {
      if (state.flights.get(key) === flight) state.flights.delete(key);
      const ttl = this.#options.ttlMs();
      if (settled.ok && settled.value !== undefined && ttl > 0) {
        const kept = state.entries.get(key);
        const later =
          kept && (kept.generation > generation || (kept.generation === generation && kept.startedAt > startedAt));
        if (!later) {
          state.entries.delete(key);
          if (state.entries.size >= this.#options.maxEntries)
            state.entries.delete(state.entries.keys().next().value as string);
          state.entries.set(key, { value: settled.value, generation, startedAt, expiresAt: Date.now() + ttl });
        }
      }
      settle(settled);
    };
  }

  /**
   * The value of `key`: kept (peek), else from the flight under way from the current data, else computed by
   * `compute` in a flight of this caller's own. Errors reach the callers of that flight and are never kept.
   */
  async get(db: DB, key: string, stale: boolean, compute: () => Promise<V>): Promise<V> {
    const kept = this.peek(db, key, stale);
    if (kept !== undefined) return kept;
    const flight = this.joinable(db, key);
    if (flight) {
      const settled = await flight;
      if (!settled.ok) throw settled.error;
      if (settled.value !== undefined) return settled.value;
    }
    const end = this.begin(db, key);
    try {
      const value = await compute();
      end({ ok: true, value });
      return value;
    } catch (error) {
      end({ ok: false, error });
      throw error;
    }
  }
}
