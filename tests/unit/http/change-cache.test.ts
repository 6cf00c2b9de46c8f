import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '#lib/server/db/index.ts';
import { announceDataChange } from '#lib/server/db/changes.ts';
import { ChangeCache, REFRESH_MS, STALE_MS } from '#lib/server/http/caches/change-cache.ts';

/** A computation the test finishes when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('change-scoped cache', () => {
  let db: DB;
  let cache: ChangeCache<string>;
  let computed: number;
  let caches = 0;
  const compute = (value: string) => async () => {
    computed += 1;
    return value;
  };

  beforeEach(() => {
    // The clock only moves when the test moves it.
    vi.useFakeTimers({ now: Date.parse('2026-03-01T12:00:00Z'), toFake: ['Date'] });
    db = {} as DB;
    cache = new ChangeCache<string>(`test-${(caches += 1)}`, { maxEntries: 3, ttlMs: () => 10_000 });
    computed = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('computes a key once, and again after a change or past its lifetime', async () => {
    expect(await cache.get(db, 'a', true, compute('a1'))).toBe('a1');
    expect(await cache.get(db, 'a', true, compute('a2'))).toBe('a1');
    expect(computed).toBe(1);
    vi.advanceTimersByTime(REFRESH_MS);
    announceDataChange(db);
    // No computation runs and a1 is REFRESH_MS old: nothing stale is answered, the caller computes afresh.
    expect(cache.peek(db, 'a', true)).toBeUndefined();
    expect(await cache.get(db, 'a', true, compute('a3'))).toBe('a3');
    vi.advanceTimersByTime(10_001);
    expect(await cache.get(db, 'a', true, compute('a4'))).toBe('a4');
    expect(computed).toBe(3);
  });

  it('shares one computation among concurrent callers, errors included, and keeps no error', async () => {
    const gate = deferred<string>();
    const first = cache.get(db, 'k', false, () => gate.promise);
    const second = cache.get(db, 'k', false, compute('other'));
    gate.resolve('shared');
    expect(await Promise.all([first, second])).toEqual(['shared', 'shared']);
    expect(computed).toBe(0);

    announceDataChange(db);
    const failing = deferred<string>();
    const a = cache.get(db, 'k', false, () => failing.promise);
    const b = cache.get(db, 'k', false, compute('never'));
    failing.reject(new Error('database down'));
    await expect(a).rejects.toThrow('database down');
    await expect(b).rejects.toThrow('database down');
    expect(await cache.get(db, 'k', false, compute('after'))).toBe('after');
  });

  it('after a change, answers callers without credentials a value up to REFRESH_MS old without computing', async () => {
    expect(await cache.get(db, 'home', true, compute('v1'))).toBe('v1');
    announceDataChange(db);
    vi.advanceTimersByTime(REFRESH_MS - 1);
    expect(await cache.get(db, 'home', true, compute('never'))).toBe('v1');
    expect(computed).toBe(1);
    // A caller with credentials may have made the change: it computes and waits.
    expect(cache.peek(db, 'home', false)).toBeUndefined();
    expect(await cache.get(db, 'home', false, compute('v2'))).toBe('v2');
    // Each further change leaves v2 answered to the others for REFRESH_MS after its computation started.
    announceDataChange(db);
    expect(await cache.get(db, 'home', true, compute('never'))).toBe('v2');
    announceDataChange(db);
    vi.advanceTimersByTime(REFRESH_MS);
    expect(cache.peek(db, 'home', true)).toBeUndefined();
    expect(await cache.get(db, 'home', true, compute('v3'))).toBe('v3');
    expect(computed).toBe(3);
  });

  it('while a write burst goes on, answers the last value up to a second old as the next one computes', async () => {
    expect(await cache.get(db, 'home', true, compute('v1'))).toBe('v1');
    vi.advanceTimersByTime(REFRESH_MS);
    announceDataChange(db);
    const next = deferred<string>();
    // v1 is REFRESH_MS old: the first caller after the change starts the computation and waits for it.
    const starter = cache.get(db, 'home', true, () => next.promise);
    // Others meanwhile get the value from before the change, when they carry no credentials.
    expect(await cache.get(db, 'home', true, compute('x'))).toBe('v1');
    expect(cache.peek(db, 'home', false)).toBeUndefined();
    announceDataChange(db); // another write while computing
    vi.advanceTimersByTime(STALE_MS - REFRESH_MS - 1);
    expect(cache.peek(db, 'home', true)).toBe('v1');
    vi.advanceTimersByTime(1);
    // A second old: no longer answered; the computation under way started before the last change, so a new one runs.
    expect(cache.peek(db, 'home', true)).toBeUndefined();
    const late = deferred<string>();
    const latecomer = cache.get(db, 'home', true, () => late.promise);
    vi.advanceTimersByTime(REFRESH_MS);
    next.resolve('v2');
    expect(await starter).toBe('v2');
    // v2 is kept, but its computation started a second ago, before the last change: not answered any more.
    expect(cache.peek(db, 'home', true)).toBeUndefined();
    late.resolve('v3');
    expect(await latecomer).toBe('v3');
    expect(cache.peek(db, 'home', false)).toBe('v3');
    expect(computed).toBe(1); // v1 only: 'x' was never computed
  });

  it('keeps the later computation when an earlier one finishes after it', async () => {
    const early = deferred<string>();
    const first = cache.get(db, 'k', true, () => early.promise);
    announceDataChange(db);
    const second = cache.get(db, 'k', true, compute('late'));
    expect(await second).toBe('late');
    early.resolve('early');
    expect(await first).toBe('early');
    expect(cache.peek(db, 'k', false)).toBe('late');
  });

  it('holds at most maxEntries, dropping the least recently stored', async () => {
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(db, key, false, compute(key));
    expect(cache.peek(db, 'a', false)).toBeUndefined();
    expect(['b', 'c', 'd'].map((key) => cache.peek(db, key, false))).toEqual(['b', 'c', 'd']);
  });

  it('keeps nothing when its lifetime is 0, and each database apart', async () => {
    const off = new ChangeCache<string>(`off-${caches}`, { maxEntries: 3, ttlMs: () => 0 });
    await off.get(db, 'a', true, compute('a'));
    expect(off.peek(db, 'a', true)).toBeUndefined();
    await cache.get(db, 'a', true, compute('mine'));
    expect(cache.peek({} as DB, 'a', true)).toBeUndefined();
  });
});
