import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migratedDataFolder } from '#tests/helpers/pglite-template.ts';
import { connectDatabase } from '#lib/server/db/connect.ts';
import { freePort } from '#tests/helpers/child-server.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = migratedDataFolder('hss-stop-');
const compileCache = fs.mkdtempSync(path.join(os.tmpdir(), 'hss-compile-'));
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(compileCache, { recursive: true, force: true });
});

it('npm run serve logs requests as JSON and on SIGTERM stops accepting, closes the database and exits 0', async () => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir };
  env['REQUEST_LOG'] = 'on';
  env['HSS_COMPILE_CACHE'] = compileCache;
  delete env['DATABASE_URL'];
  const child = spawn(process.execPath, ['scripts/serve.ts', process.env['HSS_DIST'] ?? 'dist'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; i < 1800 && !output.includes('Serving'); i++) await new Promise((r) => setTimeout(r, 100));
  expect(output).toContain('Serving');
  const base = `http://127.0.0.1:${port}`;
  // serve opens (and migrates) the database on first use: not ready until then.
  // PGlite's start blocks the server's event loop; a connection reused across that pause may be reset: retry.
  const status = (address: string) =>
    fetch(address).then(
      (r) => r.status,
      () => 0,
    );
  let ready = 0;
  for (let i = 0; i < 240 && ready !== 200; i++) {
    ready = await status(`${base}/readyz`);
    if (ready !== 200) await new Promise((r) => setTimeout(r, 500));
  }
  expect(ready).toBe(200);
  for (let i = 0; i < 50 && !/"path":"\/readyz","status":200/.test(output); i++)
    await new Promise((r) => setTimeout(r, 100));
  const logged = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { path: string; status: number });
  expect(logged).toContainEqual(expect.objectContaining({ path: '/readyz', status: 200 }));

  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(output).toMatch(/SIGTERM: stopping[\s\S]*Stopped\./);
  await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  // The embedded database was closed and its folder released: another process may open it now.
  const reopened = await connectDatabase({ dataDir, migrate: false });
  await reopened.close();
  // What it compiled (the server's modules, stripped of their types) was kept for the next start.
  expect(fs.readdirSync(compileCache, { recursive: true }).length).toBeGreaterThan(100);
}, 300_000);
