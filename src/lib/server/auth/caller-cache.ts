import type { DB } from '#lib/server/db/index.ts';
import { onDataChange, onRemoteDataChange } from '#lib/server/db/changes.ts';
import { tableWrites } from '#lib/server/db/table-writes.ts';
import type { Actor } from './actor.ts';

/*
 * Who is behind a session or a team API key, kept in memory by the hash of the secret: every signed-in request and
 * every report by key looked it up first, and under a crowd that round trip waited for a turn of the busy event loop
 * (bench:load: 20 ms p50, 74 ms p99, before a report's own work). A kept caller must never outlive a change of what
 * the look-up read (a key revoked, a session ended, a role or a managed team taken away, a team renamed or deleted),
 * so every kept caller is dropped
 * - at once when this process writes one of those tables (db/table-writes.ts, group 'callers'),
 * - when this process then announces a change (db/changes.ts: after the commit, so that a look-up made between a
 *   write inside a transaction and its commit, which read the rows as they were, is not kept),
 * - when another instance or the CLI announces a change (PostgreSQL),
 * and each one after MAX_AGE_MS whatever happens (a change made by hand in SQL, which nothing announces) or when its
 * session expires, whichever comes first. An unknown secret is not kept: a new key or session works at once.
 */

/** How long a caller is kept at most (ms). */
export const CALLER_MAX_AGE_MS = 30_000;
// Callers are small; past this many (a flood of distinct secrets) the oldest go.
const MAX_CALLERS = 10_000;

interface Kept {
  actor: Actor;
  until: number;
  generation: number;
  writes: number;
}

interface State {
  generation: number;
  /** The count of writes to the callers' tables at the last announced change. */
  writesAnnounced: number;
  kept: Map<string, Kept>;
}

// On globalThis: the site server and the built site each load a copy of this module, and a change seen by either
// must drop what both keep.
const shared = globalThis as typeof globalThis & { __hssCallers?: WeakMap<DB, State> };
const states = (shared.__hssCallers ??= new WeakMap<DB, State>());

function stateOf(db: DB): State {
  let state = states.get(db);
  if (!state) {
    const created: State = { generation: 0, writesAnnounced: tableWrites('callers'), kept: new Map() };
    const drop = () => {
      created.generation += 1;
      created.kept.clear();
    };
    onRemoteDataChange(db, drop);
    onDataChange(db, () => {
      const writes = tableWrites('callers');
      if (writes === created.writesAnnounced) return;
      created.writesAnnounced = writes;
      drop();
    });
    states.set(db, (state = created));
  }
  return state;
}

/**
 * The caller behind the secret hashing to `secretHash`: the kept one, else the one `lookUp` finds (undefined: none),
 * which is kept until CALLER_MAX_AGE_MS from `now` or until `expiresAt`, whichever comes first, unless something
 * that drops kept callers happened while it was looked up. Kept callers are shared between requests: frozen.
 */
export async function keptCaller(
  db: DB,
  secretHash: string,
  now: number,
  lookUp: () => Promise<{ actor: Actor; expiresAt?: Date } | undefined>,
): Promise<Actor | undefined> {
  const state = stateOf(db);
  const writes = tableWrites('callers');
  const kept = state.kept.get(secretHash);
  if (kept && kept.generation === state.generation && kept.writes === writes && now < kept.until) return kept.actor;
  if (kept) state.kept.delete(secretHash);
  const { generation } = state;
  const found = await lookUp();
  if (!found) return undefined;
  const actor = deepFreeze(found.actor);
  if (state.generation !== generation || tableWrites('callers') !== writes) return actor;
  const until = Math.min(now + CALLER_MAX_AGE_MS, found.expiresAt?.getTime() ?? Infinity);
  if (state.kept.size >= MAX_CALLERS) state.kept.delete(state.kept.keys().next().value!);
  state.kept.set(secretHash, { actor, until, generation, writes });
  return actor;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
