import zlib from 'node:zlib';
import type { Encoding } from '#lib/server/http/server/compression.ts';

/*
 * Encodings of the answers the site server keeps (cached pages and public reads, front-cache.ts). Brotli at its best
 * costs tens of milliseconds of the thread that calls it for a page; quality 5 costs well under one for a body a few
 * per cent larger. A crowd after a match asks for pages that every report or approval re-renders (several times a
 * second each): at the best quality on the event loop, bench:load's readers (asking for brotli as browsers do) waited
 * for those compressions. So a kept answer is compressed quickly when first asked for, and
 * only one that lasts is compressed again at the best quality, on the thread pool.
 */

/** An answer's body and the encodings of it made so far. */
export interface MemoizedBody {
  identity: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Set once brotli at its best has been started for this body (at most once). */
  bestStarted?: boolean;
}

const QUICK_BROTLI = 5;
const BEST_BROTLI = 11;
/** How long a kept answer must last before it is compressed at its best. */
export const SETTLE_MS = 2000;

const brotliAt = (quality: number) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });

/**
 * The body of `kept` in `encoding`, made on first use and kept with it: gzip at level 9 (under a millisecond), brotli
 * at a quick quality. `settleMs` after brotli's first use, if `stillKept()` says the answer is still the one
 * answered, brotli at its best is made on the thread pool and replaces the quick one when `stillKept()` still holds.
 */
export function memoizedEncoding(
  kept: MemoizedBody,
  encoding: Encoding,
  stillKept: () => boolean,
  settleMs: number = SETTLE_MS,
): Buffer {
  let body = kept.encoded[encoding];
  if (body) return body;
  if (encoding === 'gzip') body = zlib.gzipSync(kept.identity, { level: 9 });
  else {
    body = zlib.brotliCompressSync(kept.identity, brotliAt(QUICK_BROTLI));
    if (!kept.bestStarted) {
      kept.bestStarted = true;
      setTimeout(() => compressAtBest(kept, stillKept), settleMs).unref();
    }
  }
  kept.encoded[encoding] = body;
  return body;
}

function compressAtBest(kept: MemoizedBody, stillKept: () => boolean): void {
  // A page replaced meanwhile (data changed) is not worth the thread pool's 20–55 ms.
  if (!stillKept()) return;
  zlib.brotliCompress(kept.identity, brotliAt(BEST_BROTLI), (error, best) => {
    if (!error && stillKept()) kept.encoded.br = best;
  });
}
