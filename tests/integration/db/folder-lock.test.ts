import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderLockedError, lockDataFolder } from '#lib/server/db/folder-lock.ts';
import { bootId, processStart } from '#lib/server/db/lock-holder.ts';

const children: ChildProcess[] = [];
const folders: string[] = [];

function newFolder(): { folder: string; lockFile: string } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hss-lock-holder-'));
  folders.push(folder);
  return { folder, lockFile: path.join(folder, 'hss.lock') };
}

/** A live process that holds nothing: what a pid in a copied lock file names on another machine or boot. */
async function bystander(): Promise<number> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

/** A process that really holds `folder` (tests/integration/db/hold-folder.ts), once it says so. */
async function holder(folder: string): Promise<ChildProcess> {
  const script = path.resolve(import.meta.dirname, 'hold-folder.ts');
  const child = spawn(process.execPath, [script, folder], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve());
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
}

const hourAgo = () => new Date(Date.now() - 3_600_000);

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the data folder lock proves its holder', () => {
  it('starts when a copied lock names a live process that is not the one that wrote it', async () => {
    const { folder, lockFile } = newFolder();
    const pid = await bystander();
    // Restored from a backup of another run: same machine, but that pid now belongs to a process started later.
    const record = { pid, host: os.hostname(), boot: bootId(), started: Date.now() - 86_400_000 };
    fs.writeFileSync(lockFile, JSON.stringify(record));
    const release = lockDataFolder(folder);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it("starts when an older version's bare pid names a process started after the lock was written", async () => {
    const { folder, lockFile } = newFolder();
    const pid = await bystander();
    fs.writeFileSync(lockFile, String(pid));
    fs.utimesSync(lockFile, hourAgo(), hourAgo());
    expect(processStart(pid)).toBeGreaterThan(fs.statSync(lockFile).mtimeMs);
    lockDataFolder(folder)();
  });

  it('refuses while the process the lock names really holds the folder, and starts once it is killed', async () => {
    const { folder, lockFile } = newFolder();
    const child = await holder(folder);
    // Its heartbeat may be old: the process itself is proven by its pid and start time.
    fs.utimesSync(lockFile, hourAgo(), hourAgo());
    expect(() => lockDataFolder(folder)).toThrow(DataFolderLockedError);
    expect(() => lockDataFolder(folder)).toThrow(`in use by another process (pid ${child.pid})`);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    lockDataFolder(folder)();
  });

  it('goes by the heartbeat for a lock written on another machine', () => {
    const { folder, lockFile } = newFolder();
    fs.writeFileSync(lockFile, JSON.stringify({ pid: process.ppid, host: 'elsewhere', boot: 'x', started: 1 }));
    expect(() => lockDataFolder(folder)).toThrow(DataFolderLockedError);
    fs.utimesSync(lockFile, hourAgo(), hourAgo());
    lockDataFolder(folder)();
  });

  it('keeps its heartbeat while it holds the folder', async () => {
    const { folder, lockFile } = newFolder();
    const release = lockDataFolder(folder, 50);
    fs.utimesSync(lockFile, hourAgo(), hourAgo());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(Date.now() - fs.statSync(lockFile).mtimeMs).toBeLessThan(5_000);
    release();
  });
});
