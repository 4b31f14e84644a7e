import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context';
import { uploadTempDir } from './media-store';

/** Old enough that no upload still running can own it (another process may share DATA_DIR). */
const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * Removes what a crash in the middle of an upload left behind: files in DATA_DIR/tmp and `.partial` files in the
 * media folder older than an hour. Run at start-up; returns how many files it removed.
 */
export async function removeUploadLeftovers(ctx: AppContext): Promise<number> {
  const cutoff = ctx.now().getTime() - STALE_AFTER_MS;
  const mediaRoot = path.resolve(ctx.config.DATA_DIR, 'media');
  const candidates = [
    ...(await filesIn(uploadTempDir(ctx))),
    ...(await filesIn(mediaRoot, true)).filter((file) => file.endsWith('.partial')),
  ];
  let removed = 0;
  for (const file of candidates) {
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && info.mtimeMs < cutoff) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

async function filesIn(dir: string, recursive = false): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
