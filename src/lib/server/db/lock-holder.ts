import fs from 'node:fs';
import os from 'node:os';

/** What a lock file says about its holder (older versions wrote the pid alone). */
export interface LockRecord {
  pid: number;
  /** Host name and kernel boot id: a pid means something only on the machine, and boot, it was written on. */
  host?: string;
  boot?: string;
  /** When the holder process started (epoch ms): a live process with its pid but another start time is not it. */
  started?: number;
}

/** How often the holder touches its lock file, and how old a touch may be before the holder counts as gone. */
export const HEARTBEAT_MS = 10_000;
export const STALE_AFTER_MS = 60_000;
/** Room between a process's start as the kernel counts it and as Node reports it (start-up of a loaded machine). */
const START_TOLERANCE_MS = 5_000;

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The kernel's boot id (Linux), or undefined elsewhere. */
export function bootId(): string | undefined {
  return readText('/proc/sys/kernel/random/boot_id')?.trim() || undefined;
}

/** The lock record of this process. */
export function ownRecord(): LockRecord {
  const boot = bootId();
  return {
    pid: process.pid,
    host: os.hostname(),
    ...(boot ? { boot } : {}),
    started: Math.round(performance.timeOrigin),
  };
}

/** Reads a lock file's text: JSON of a LockRecord, or a bare pid. Undefined when neither. */
export function parseRecord(text: string): LockRecord | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const value = JSON.parse(trimmed) as Partial<LockRecord>;
    return Number.isInteger(value.pid) ? (value as LockRecord) : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When process `pid` started (epoch ms), from /proc (Linux); undefined where that cannot be read. */
export function processStart(pid: number): number | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  const btime = /^btime (\d+)$/m.exec(readText('/proc/stat') ?? '')?.[1];
  if (!stat || !btime) return undefined;
  // Field 22 (starttime, in clock ticks since boot) counts from after the command name, which may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[19]);
  // USER_HZ is 100 on every Linux build Node supports.
  return Number.isFinite(ticks) ? Number(btime) * 1000 + ticks * 10 : undefined;
}

/**
 * Whether the process a lock file names still holds the folder, proven rather than assumed from a live pid: on this
 * machine and boot, the process with that pid must be alive and have started when the holder did (a copied,
 * restored or container folder names a pid that another process now has); where that cannot be read, and for a lock
 * written on another machine, the holder's heartbeat (the file's modification time) must be fresh.
 */
export function holdsFolder(record: LockRecord, lockModifiedMs: number, now = Date.now()): boolean {
  if (record.pid === process.pid) return false;
  const heartbeat = now - lockModifiedMs <= STALE_AFTER_MS;
  const boot = bootId();
  const sameMachine =
    (record.host === undefined || record.host === os.hostname()) &&
    (record.boot === undefined || boot === undefined || record.boot === boot);
  if (!sameMachine) return heartbeat;
  if (!isAlive(record.pid)) return false;
  const started = processStart(record.pid);
  if (started === undefined) return heartbeat;
  // A bare pid (older versions) names its writer's start no better than the file: the writer started before it.
  if (record.started === undefined) return started <= lockModifiedMs + START_TOLERANCE_MS;
  return Math.abs(started - record.started) <= START_TOLERANCE_MS;
}
