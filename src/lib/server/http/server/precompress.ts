import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/*
 * The hashed build assets (dist/client/_astro) never change under their names, so they are compressed once, at
 * build time and at the highest settings, into `<file>.br` and `<file>.gz` beside each file; the site server
 * answers them from memory (static-assets.ts).
 */

/** Extensions of assets worth compressing (fonts and images are compressed already). */
export const PRECOMPRESSED = /\.(css|js|mjs|svg|json|txt|xml|map)$/i;
/** Below this a compressed body saves less than its framing costs. */
const MIN_BYTES = 1024;

/** Writes `.br` and `.gz` beside every compressible file of `dir` (not recursive); returns how many it compressed. */
export function precompressFolder(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let count = 0;
  for (const name of fs.readdirSync(dir)) {
    if (!PRECOMPRESSED.test(name)) continue;
    const file = path.join(dir, name);
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }));
    count += 1;
  }
  return count;
}
