/**
 * `npm start`: builds the site if needed beside creating, migrating and seeding the database, then serves it
 * (scripts/lib/start-site.ts), with Node's compile cache on.
 */
import { useCompileCache } from './lib/compile-cache.ts';

useCompileCache();
await import('./lib/start-site.ts');
