import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ChildServer {
  base: string;
  child: ChildProcess;
  /** Resolves when the process has exited (after a kill or a stop). */
  exited: Promise<void>;
}

/**
 * `npm run serve` (the built site, HSS_DIST or dist/) in its own process on a free port with `env` (DATABASE_URL or
 * DATA_DIR), the request log off and no demo; resolves once /readyz answers 200 (the database is open and migrated).
 */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/serve.ts', process.env['HSS_DIST'] ?? 'dist'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), REQUEST_LOG: 'off', DEMO_SEED: 'off', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    const status = await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { base, child, exited };
    await wait(200);
  }
  child.kill('SIGKILL');
  throw new Error('The server did not become ready');
}
