/**
 * `npm test`: format check (Prettier), lint (ESLint), type-check, build, unit and integration tests (vitest),
 * browser tests (Playwright),
 * then one closing line "Tests: N passed, N failed". Exits non-zero when any step fails.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', name);
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };

function run(label: string, args: string[]): boolean {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  return result.status === 0;
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
if (!only || only === 'lint') {
  steps.push({
    name: 'prettier',
    ok: run('Format check (prettier --check)', [bin('prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.']),
  });
  steps.push({ name: 'eslint', ok: run('Lint (eslint)', [bin('eslint/bin/eslint.js'), '.']) });
}
if (!only || only === 'check')
  steps.push({ name: 'astro check', ok: run('Type check (astro check)', [bin('astro/bin/astro.mjs'), 'check']) });
if (!only || only === 'e2e' || only === 'build')
  steps.push({ name: 'build', ok: run('Build', [bin('astro/bin/astro.mjs'), 'build']) });
const counts: Counts = { passed: 0, failed: 0 };
if (!only || only === 'vitest') {
  const out = path.join(root, '.tmp/vitest.json');
  fs.rmSync(out, { force: true });
  const ok = run('Unit and integration tests (vitest)', [
    bin('vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  const c = vitestCounts(out);
  counts.passed += c.passed;
  counts.failed += c.failed;
  steps.push({ name: 'vitest', ok });
}
if (!only || only === 'e2e') {
  const out = path.join(root, '.tmp/playwright.json');
  fs.rmSync(out, { force: true });
  const ok = run('Browser tests (Playwright)', [bin('@playwright/test/cli.js'), 'test']);
  const c = playwrightCounts(out);
  counts.passed += c.passed;
  counts.failed += c.failed;
  steps.push({ name: 'playwright', ok });
}
const failedSteps = steps.filter((s) => !s.ok).map((s) => s.name);
if (failedNames.length) console.log(`\nFailed:\n${failedNames.map((name) => `  ${name}`).join('\n')}`);
console.log(`\nSteps: ${steps.map((s) => `${s.name} ${s.ok ? 'ok' : 'FAILED'}`).join(', ')}`);
console.log(`Tests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
