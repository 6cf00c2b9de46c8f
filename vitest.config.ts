import { defineConfig } from 'vitest/config';
import { getViteConfig } from 'astro/config';

/** Component tests render .astro files with Astro's container API, so they run with Astro's Vite plugins. */
const COMPONENT_TESTS = 'tests/unit/**/*.render.test.ts';

/**
 * Three tiers (README, "Quick start"): `unit` and `components` need no build and no database server (`npm run
 * test:fast`, the inner loop); `integration` starts the built site on PGlite and PostgreSQL (`npm test` runs all).
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration files each open their own databases; two at a time suits a 2-core machine.
    maxWorkers: 2,
    // Measured over the fast tier (`npm test` runs it with --coverage): the thresholds are its level when they were
    // set, rounded down, so coverage may only rise. Raise them when it does.
    coverage: {
      provider: 'v8',
      include: ['src/**'],
      reporter: ['text-summary'],
      thresholds: { statements: 40, branches: 39, functions: 31, lines: 40 },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: [COMPONENT_TESTS],
          // Unit files keep no state between them: one worker runs many, saving a module graph per file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // The built site loads the server's modules natively (astro.config.mjs, serverModulesOnce): the tests
          // load the same copies, so that a test and the site it started share one database and one change feed.
          server: { deps: { external: [/\/src\/lib\/server\//] } },
          globalSetup: ['tests/helpers/pglite-template.setup.ts'],
        },
      },
      getViteConfig({ test: { name: 'components', include: [COMPONENT_TESTS] } }),
    ],
  },
});
