import fs from 'node:fs';
import path from 'node:path';
import { HEARTBEAT_MS, holdsFolder, ownRecord, parseRecord } from './lock-holder.ts';

/** Raised when another live process holds the data folder. */
export class DataFolderLockedError extends Error {
  constructor(folder: string, pid: number) {
    super(
      `The data folder ${folder} is in use by another process (pid ${pid}). ` +
        'Only one process may open an embedded database: stop the running server (or the other hss command) ' +
        'first, or point DATA_DIR at another folder.',
    );
    this.name = 'DataFolderLockedError';
  }
}

/**
 * Takes an exclusive lock on `folder` through a lock file naming this process (pid, machine, start time), touched
 * every HEARTBEAT_MS while held, or throws DataFolderLockedError when the process it names is proven to hold the
 * folder (lock-holder.ts: the same process, not merely a live pid). A lock left by a process that is gone, or copied
 * with the folder, is taken over. Returns the function that releases the lock.
 */
export function lockDataFolder(folder: string, heartbeatMs = HEARTBEAT_MS): () => void {
  fs.mkdirSync(folder, { recursive: true });
  const lockFile = path.join(folder, 'hss.lock');
  const own = JSON.stringify(ownRecord());
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, own, { flag: 'wx' });
      const heartbeat = setInterval(() => {
        const now = new Date();
        try {
          fs.utimesSync(lockFile, now, now);
        } catch {
          // The folder went away: the next start finds no lock.
        }
      }, heartbeatMs);
      heartbeat.unref();
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        clearInterval(heartbeat);
        process.off('exit', release);
        try {
          if (fs.readFileSync(lockFile, 'utf8') === own) fs.unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const record = parseRecord(fs.readFileSync(lockFile, 'utf8'));
      if (record && holdsFolder(record, fs.statSync(lockFile).mtimeMs))
        throw new DataFolderLockedError(folder, record.pid);
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${folder}`);
}
