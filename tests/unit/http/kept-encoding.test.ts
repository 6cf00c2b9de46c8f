import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { memoizedEncoding, type MemoizedBody } from '#lib/server/http/caches/encoding-memo.ts';

// A page-like body that brotli's best quality compresses noticeably better than its quick one.
const page = Buffer.from(
  Array.from(
    { length: 400 },
    (_, i) => `<tr><td><a href="/teams/T${i % 37}">Team ${i % 37}</a></td><td>${(i * 7919) % 1000}</td></tr>`,
  ).join('\n'),
);
const brotliAt = (quality: number) =>
  zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });

/** Waits until `done()` holds, checking after each turn of the event loop (the thread pool answers in between). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('encodings of kept answers', () => {
  it('answers brotli at a quick quality at once, then at its best once the answer has lasted', async () => {
    const kept: MemoizedBody = { identity: page, encoded: {} };
    let asked = 0;
    const first = memoizedEncoding(kept, 'br', () => (asked += 1) > 0, 10);
    expect(first).toEqual(brotliAt(5));
    // Asked again before it settled: the same bytes, and no second compression at its best is started.
    expect(memoizedEncoding(kept, 'br', () => true, 10)).toBe(first);
    await until(() => kept.encoded.br !== first);
    const best = memoizedEncoding(kept, 'br', () => true, 10);
    expect(best).toEqual(brotliAt(11));
    expect(best.length).toBeLessThan(first.length);
    expect(zlib.brotliDecompressSync(best)).toEqual(page);
    // Asked once before the best compression started and once before it was kept.
    expect(asked).toBe(2);
  });

  it('leaves an answer that was replaced before it settled at the quick quality', async () => {
    const replaced: MemoizedBody = { identity: page, encoded: {} };
    let checks = 0;
    const quick = memoizedEncoding(replaced, 'br', () => ((checks += 1), false), 1);
    await until(() => checks > 0);
    expect(replaced.encoded.br).toBe(quick);
    expect(checks).toBe(1);
  });

  it('keeps gzip at its best at once', () => {
    const kept: MemoizedBody = { identity: page, encoded: {} };
    const gzip = memoizedEncoding(kept, 'gzip', () => true);
    expect(gzip).toEqual(zlib.gzipSync(page, { level: 9 }));
    expect(kept.bestStarted).toBeUndefined();
    expect(zlib.gunzipSync(gzip)).toEqual(page);
  });
});
