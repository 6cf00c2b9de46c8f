import fs from 'node:fs';
import path from 'node:path';

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on `folder` through a pid file, or throws DataFolderLockedError when a live process
 * holds it. A lock left by a dead process is taken over. Returns the function that releases the lock.
 */
export function lockDataFolder(folder: string): () => void {
  fs.mkdirSync(folder, { recursive: true });
  const lockFile = path.join(folder, 'hss.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataFolderLockedError(folder, holder);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${folder}`);
}
