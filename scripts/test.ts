/**
 * `npm test`: format check (Prettier), lint (ESLint), type-check, build, unit and integration tests (vitest),
 * browser tests (Playwright),
 * then one closing line "Tests: N passed, N failed". Exits non-zero when any step fails.
 *
 * The first steps share no files, and each keeps about one core busy: they run side by side in lanes (Prettier then
 * ESLint; the build, then astro check), each step's output printed whole when it ends. The browser tests' demo
 * seeding starts after the build and goes on beside the other steps and vitest (whose workers spend much of their
 * time waiting on databases and servers); Playwright waits for it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_SERVER_READY, E2E_SERVER_SCRIPT, e2ePort, e2eServerEnv } from '#tests/helpers/e2e-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', name);
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const started = performance.now();
/** Seconds since `from` (default: since npm test started), for the step headers. */
const seconds = (from = started) => `${((performance.now() - from) / 1000).toFixed(0)} s`;

/** Runs a step with its output shown as it comes (the event loop stays free for the seeding beside it). */
async function run(label: string, args: string[], extraEnv: Record<string, string> = {}): Promise<boolean> {
  console.log(`\n=== ${label} (from ${seconds()}) ===`);
  const from = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  console.log(`=== ${label}: ${seconds(from)} ===`);
  return code === 0;
}

/** Runs a step beside others: its output is kept and printed in one piece when it ends. */
function runQuietly(label: string, args: string[]): Promise<boolean> {
  const from = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) =>
    child.once('close', (code) => {
      process.stdout.write(`\n=== ${label}: ${seconds(from)}, ended at ${seconds()} ===\n${Buffer.concat(output)}`);
      resolve(code === 0);
    }),
  );
}

/**
 * Seeds the browser tests' database ahead of them: the same server command and environment as Playwright's
 * webServer (tests/helpers/e2e-server.ts) on an empty data folder; once it serves, the demo is seeded and it is
 * stopped (SIGTERM closes the database). Resolves with whether that went as planned.
 */
function seedE2e(dataDir: string): Promise<boolean> {
  const label = 'Browser tests: demo data (scripts/start.ts)';
  const from = performance.now();
  const child = spawn(process.execPath, [E2E_SERVER_SCRIPT], {
    cwd: root,
    env: { ...env, ...e2eServerEnv(e2ePort(), dataDir) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let served = false;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (!served && output.includes(E2E_SERVER_READY)) {
      served = true;
      child.kill('SIGTERM');
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      process.stdout.write(`\n=== ${label}: ${seconds(from)}, ended at ${seconds()} ===\n${output}`);
      resolve(served && code === 0);
    }),
  );
}

interface Counts {
  passed: number;
  failed: number;
}

// CI shows only the end of the output, so the names of what failed are repeated beside the closing line.
const failedNames: string[] = [];

function vitestCounts(file: string): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
  };
  for (const file of report.testResults)
    for (const test of file.assertionResults)
      if (test.status === 'failed') failedNames.push(`${path.relative(root, file.name)} > ${test.fullName}`);
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

function playwrightCounts(file: string): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}

const only = process.argv[2];
const steps: { name: string; ok: boolean }[] = [];
const record = (name: string) => (ok: boolean) => void steps.push({ name, ok });
const lint = !only || only === 'lint';
const check = !only || only === 'check';
const build = !only || only === 'e2e' || only === 'build';
const e2e = !only || only === 'e2e';
// Playwright gets a data folder only when the seeding ahead of it worked; else its own server seeds a fresh one.
const e2eDataDir = e2e ? fs.mkdtempSync(path.join(os.tmpdir(), 'hss-e2e-')) : undefined;
let e2eSeeded = false;
let seeding: Promise<boolean> | undefined;
await Promise.all([
  (async () => {
    if (!lint) return;
    await runQuietly('Format check (prettier --check)', [
      bin('prettier/bin/prettier.cjs'),
      '--check',
      '--log-level=warn',
      '.',
    ]).then(record('prettier'));
    await runQuietly('Lint (eslint)', [bin('eslint/bin/eslint.js'), '--max-warnings=0', '.']).then(record('eslint'));
  })(),
  (async () => {
    if (build) {
      const built = await runQuietly('Build', [bin('astro/bin/astro.mjs'), 'build']);
      record('build')(built);
      // Unbuilt, the server would build the site itself.
      if (e2eDataDir && built) seeding = seedE2e(e2eDataDir).then((ok) => (e2eSeeded = ok));
    }
    // After the build: both write Astro's generated types (.astro/).
    if (check)
      await runQuietly('Type check (astro check)', [
        bin('astro/bin/astro.mjs'),
        'check',
        '--minimumSeverity',
        'warning',
      ]).then(record('astro check'));
  })(),
]);
const counts: Counts = { passed: 0, failed: 0 };
if (!only || only === 'vitest') {
  // Two tiers (vitest.config.ts): the fast one under coverage, whose thresholds may only rise; then integration.
  const tiers = [
    {
      label: 'Unit and component tests with coverage (vitest)',
      args: ['--project=unit', '--project=components', '--coverage'],
    },
    { label: 'Integration tests (vitest)', args: ['--project=integration'] },
  ];
  for (const [i, tier] of tiers.entries()) {
    const out = path.join(root, `.tmp/vitest-${i}.json`);
    fs.rmSync(out, { force: true });
    const ok = await run(tier.label, [
      bin('vitest/vitest.mjs'),
      'run',
      ...tier.args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
    ]);
    const c = vitestCounts(out);
    counts.passed += c.passed;
    counts.failed += c.failed;
    steps.push({ name: i === 0 ? 'vitest fast tier' : 'vitest integration', ok });
  }
}
if (!only || only === 'e2e') {
  // The seeding goes on beside vitest when the steps before it ended first.
  if (seeding) record('e2e seed')(await seeding);
  const out = path.join(root, '.tmp/playwright.json');
  fs.rmSync(out, { force: true });
  const ok = await run(
    'Browser tests (Playwright)',
    [bin('@playwright/test/cli.js'), 'test'],
    e2eSeeded && e2eDataDir ? { E2E_DATA_DIR: e2eDataDir } : {},
  );
  if (e2eDataDir) fs.rmSync(e2eDataDir, { recursive: true, force: true });
  const c = playwrightCounts(out);
  counts.passed += c.passed;
  counts.failed += c.failed;
  steps.push({ name: 'playwright', ok });
}
const failedSteps = steps.filter((s) => !s.ok).map((s) => s.name);
if (failedNames.length) console.log(`\nFailed:\n${failedNames.map((name) => `  ${name}`).join('\n')}`);
console.log(`\nSteps (${seconds()}): ${steps.map((s) => `${s.name} ${s.ok ? 'ok' : 'FAILED'}`).join(', ')}`);
console.log(`Tests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
