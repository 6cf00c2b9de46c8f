import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { BROWSER_LAUNCH, E2E_SERVER_SCRIPT, e2ePort, e2eServerEnv } from './tests/helpers/e2e-server.ts';

const port = e2ePort();
// A fresh embedded database per run: the server seeds it on start (npm test hands over one it seeded already).
const dataDir = process.env['E2E_DATA_DIR'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hss-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  // Two lanes on one server: the read-only sweep over every page beside the journeys, which change data one file
  // after another. The sweep only checks what any page must do (status, headers, axe, fit), which a journey's
  // changes cannot break, and the pair halves the wall time on a 2-core machine.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A loaded 2-core machine runs a browser per lane beside the server: give steps room.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  projects: [
    { name: 'sweep', testMatch: ['pages.spec.ts', 'shell-budget.spec.ts', 'layout-shift.spec.ts'], workers: 1 },
    { name: 'journeys', testIgnore: ['pages.spec.ts', 'shell-budget.spec.ts', 'layout-shift.spec.ts'], workers: 1 },
  ],
  reporter: process.env['CI']
    ? [['list'], ['json', { outputFile: '.tmp/playwright.json' }]]
    : [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: BROWSER_LAUNCH,
  },
  webServer: {
    command: `node ${E2E_SERVER_SCRIPT}`,
    url: `http://127.0.0.1:${port}/v3/series`,
    // A loaded 2-core machine (builds and tests running beside) can take minutes to seed the demo data.
    timeout: 360_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: e2eServerEnv(port, dataDir),
  },
});
