/**
 * The server the browser tests run against (Playwright's webServer): `node scripts/start.ts` with this environment
 * on a PGlite data folder, which seeds the demo community when the folder is empty. `npm test` (scripts/test.ts)
 * starts the same command early on an empty folder, lets it seed, stops it, and hands the folder to Playwright
 * (E2E_DATA_DIR), so that the seeding runs beside the lint and type-check steps instead of before the browser tests.
 */
export const E2E_SERVER_SCRIPT = 'scripts/start.ts';

/** What the server prints once it listens (after seeding). */
export const E2E_SERVER_READY = 'Serving ';

export function e2eServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ASTRO_TELEMETRY_DISABLED: '1',
    DEMO_SEED: 'auto',
    REQUEST_LOG: 'off',
    // Webhook messages go to the fake Discord a journey starts on this port (tests/fake-discord/webhooks.ts).
    DISCORD_WEBHOOK_URL: e2eWebhookBase(port),
  };
}

/** Where the browser tests' server posts Discord webhook messages: the fake Discord on the port after the site's. */
export const e2eWebhookBase = (port: number): string => `http://127.0.0.1:${port + 1}/api/webhooks`;

/** The port the browser tests use: E2E_PORT, else 4517. */
export const e2ePort = (): number => Number(process.env['E2E_PORT'] ?? 4517);

/** How the end-to-end tests start Debian's chromium (CHROMIUM_PATH names another). */
export const BROWSER_LAUNCH = {
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
