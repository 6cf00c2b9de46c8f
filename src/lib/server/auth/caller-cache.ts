import type { DB } from '#lib/server/db/index.ts';
import { deepFreeze, memoizedRead, type MemoKind } from '#lib/server/db/read-memo.ts';
import type { Actor } from './actor.ts';

/*
 * Who is behind a session or a team API key, kept in memory by the hash of the secret (db/read-memo.ts): every
 * signed-in request and every report by key looked it up first, and under a crowd that round trip waited for a turn
 * of the busy event loop before a report's own work began (bench:load measures it). A kept caller must never
 * outlive a change of what the look-up read (a key revoked, a session ended, a role or a managed team taken away, a
 * team renamed or deleted): every kept caller is dropped when this process writes those tables (group 'callers') or
 * a change is announced, and each one after CALLER_MAX_AGE_MS or when its session expires, whichever comes first. An
 * unknown secret is not kept: a new key or session works at once.
 */

/** How long a caller is kept at most (ms). */
export const CALLER_MAX_AGE_MS = 30_000;

// Callers are small; past 10,000 (a flood of distinct secrets) the oldest go.
const CALLERS: MemoKind = { name: 'callers', group: 'callers', maxAgeMs: CALLER_MAX_AGE_MS, maxEntries: 10_000 };

/**
 * The caller behind the secret hashing to `secretHash`: the kept one, else the one `lookUp` finds (undefined: none),
 * which is kept until CALLER_MAX_AGE_MS from `now` or until `expiresAt`, whichever comes first, unless something
 * that drops kept callers happened while it was looked up. Kept callers are shared between requests: frozen.
 */
export function keptCaller(
  db: DB,
  secretHash: string,
  now: number,
  lookUp: () => Promise<{ actor: Actor; expiresAt?: Date } | undefined>,
): Promise<Actor | undefined> {
  return memoizedRead(db, CALLERS, secretHash, now, async () => {
    const found = await lookUp();
    if (!found) return undefined;
    const until = found.expiresAt?.getTime();
    return { value: deepFreeze(found.actor), ...(until === undefined ? {} : { until }) };
  });
}
