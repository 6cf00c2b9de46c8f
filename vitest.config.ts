import { defineConfig } from 'vitest/config';
import { getViteConfig } from 'astro/config';

/** Component tests render .astro files with Astro's container API, so they run with Astro's Vite plugins. */
const COMPONENT_TESTS = 'tests/unit/**/*.render.test.ts';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration files each open their own databases; two at a time suits a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: [COMPONENT_TESTS],
          globalSetup: ['tests/helpers/pglite-template.setup.ts'],
        },
      },
      getViteConfig({ test: { name: 'components', include: [COMPONENT_TESTS] } }),
    ],
  },
});
