/**
 * `npm run serve [-- <dist folder>]`: serves an existing build (scripts/lib/serve-site.ts), with Node's compile cache
 * on.
 */
import { useCompileCache } from './lib/compile-cache.ts';

useCompileCache();
await import('./lib/serve-site.ts');
