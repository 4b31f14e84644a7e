import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DatabaseInUseError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite serves one process; a second one would corrupt the folder, so it is refused in one line. */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'pgdata.lock');
  try {
    writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(lockPath, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new DatabaseInUseError(
        `The embedded database in ${dataDir} is in use by process ${holder}; stop the server first.`,
      );
    }
    writeFileSync(lockPath, String(process.pid));
  }
  return () => rmSync(lockPath, { force: true });
}
