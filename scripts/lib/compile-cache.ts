import module from 'node:module';
import path from 'node:path';

/**
 * Where Node keeps the modules it compiled, and the JavaScript it stripped from src/'s TypeScript, between starts
 * (the site server loads #lib/server/* from src/). A start with the cache warm answers its first page sooner
 * (bench:start). Disposable: deleting it costs one slower start. HSS_COMPILE_CACHE names another folder.
 */
export const COMPILE_CACHE_DIR =
  process.env['HSS_COMPILE_CACHE'] ?? path.resolve(import.meta.dirname, '../../node_modules/.cache/hss-compile');

/**
 * Turns the compile cache on for every module loaded after this call (so the entry imports its work dynamically:
 * static imports are compiled before any of the entry's code runs). A cache that cannot be written is skipped.
 */
export function useCompileCache(): void {
  module.enableCompileCache?.(COMPILE_CACHE_DIR);
}
