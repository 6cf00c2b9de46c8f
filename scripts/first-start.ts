/**
 * `npm run first-start [-- --ci] [-- --keep] [-- <repository>]`: what a newcomer goes through, timed phase by phase:
 * `git clone` of the repository (default: this one, its committed HEAD) into a new temporary folder, `npm install`
 * there (`npm ci` with --ci), then `npm start` (it builds the site beside creating, migrating and seeding the embedded
 * database) until the home page answers 200. Prints each phase as it ends, npm start's own lines as they come, whether
 * the install left package-lock.json as committed, and a summary with the machine's load average (it may be shared:
 * run it a few times). The server is stopped and the clone removed at the end (kept with --keep).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './lib/bench-kit.ts';

const args = process.argv.slice(2);
const ci = args.includes('--ci');
const keep = args.includes('--keep');
const source = args.find((a) => !a.startsWith('--')) ?? path.resolve(import.meta.dirname, '..');
const TARGET_SECONDS = 75;

const started = performance.now();
const clock = () => `[${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s]`;
const say = (line: string) => console.log(`${clock()} ${line}`);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** This environment as a newcomer's: none of the site's own settings (the defaults: PGlite in ./data), not CI. */
function newcomerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATA_DIR', 'DATABASE_URL', 'PUBLIC_URL', 'DEMO_SEED', 'CI', 'E2E_PORT']) delete env[name];
  return { ...env, ...extra };
}

/** Runs a command to its end with its output shown as it comes; resolves with its seconds, or throws. */
function timed(label: string, command: string, commandArgs: string[], cwd: string): number {
  say(`${label}: ${command} ${commandArgs.join(' ')}`);
  const from = performance.now();
  const result = spawnSync(command, commandArgs, { cwd, stdio: 'inherit', env: newcomerEnv() });
  if (result.status !== 0) throw new Error(`${label} failed (exit code ${result.status})`);
  const seconds = (performance.now() - from) / 1000;
  say(`${label}: done in ${seconds.toFixed(1)} s`);
  return seconds;
}

/** Asks for the home page (following its redirect to the current series) until it answers 200. */
async function firstPage(url: string, child: { exitCode: number | null }): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start stopped (exit code ${child.exitCode})`);
    try {
      const response = await fetch(url, { redirect: 'follow' });
      await response.arrayBuffer();
      if (response.status === 200) return response.status;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hss-first-start-'));
const clone = path.join(folder, 'hss');
let server: ReturnType<typeof spawn> | undefined;
const phases: [string, number][] = [];
try {
  say(`Load average at the start: ${load()} (1, 5, 15 min; ${os.availableParallelism()} cores)`);
  phases.push(['git clone', timed('git clone', 'git', ['clone', '--quiet', source, clone], folder)]);
  phases.push([
    ci ? 'npm ci' : 'npm install',
    timed(ci ? 'npm ci' : 'npm install', 'npm', [ci ? 'ci' : 'install'], clone),
  ]);
  const lockChanged = spawnSync('git', ['status', '--porcelain', 'package-lock.json'], {
    cwd: clone,
    encoding: 'utf8',
  });
  say(
    `package-lock.json after ${ci ? 'npm ci' : 'npm install'}: ${lockChanged.stdout.trim() === '' ? 'unchanged' : 'CHANGED'}`,
  );

  const port = await freePort();
  say(`npm start (PORT=${port}, a new ./data)`);
  const from = performance.now();
  server = spawn('npm', ['start'], {
    cwd: clone,
    env: newcomerEnv({ PORT: String(port), HOST: '127.0.0.1', REQUEST_LOG: 'off' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const show = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim() !== '') say(`  | ${line}`);
  };
  server.stdout!.on('data', show);
  server.stderr!.on('data', show);
  await firstPage(`http://127.0.0.1:${port}/`, server);
  const startSeconds = (performance.now() - from) / 1000;
  say(`home page answered 200: npm start took ${startSeconds.toFixed(1)} s`);
  phases.push(['npm start to the first page', startSeconds]);

  const total = phases.reduce((sum, [, s]) => sum + s, 0);
  console.log('\nFresh clone to first page');
  for (const [label, seconds] of phases) console.log(`  ${label.padEnd(30)} ${seconds.toFixed(1).padStart(6)} s`);
  console.log(
    `  ${'total'.padEnd(30)} ${total.toFixed(1).padStart(6)} s (target <= ${TARGET_SECONDS} s: ${total <= TARGET_SECONDS ? 'met' : 'NOT met'})`,
  );
  console.log(`  load average at the end: ${load()}`);
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('close', resolve));
  }
  if (keep) console.log(`Kept ${clone}`);
  else fs.rmSync(folder, { recursive: true, force: true });
}
