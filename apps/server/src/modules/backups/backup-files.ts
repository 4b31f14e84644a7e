import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import type { Readable } from 'node:stream';

/** Size and SHA-256 of bytes that went by. */
export interface Digest {
  size: number;
  sha256: string;
}

/**
 * Writes `source` to a new file (mode 0600: a backup holds health data) and flushes it to the disk before it
 * resolves, hashing and counting the bytes on the way; `onBytes` hears the running total.
 */
export async function writeHashed(
  source: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  file: string,
  options: { signal?: AbortSignal; onBytes?: (done: number) => void } = {},
): Promise<Digest> {
  const hash = createHash('sha256');
  let size = 0;
  const handle = await open(file, 'wx', 0o600);
  try {
    for await (const chunk of source) {
      options.signal?.throwIfAborted();
      hash.update(chunk);
      size += chunk.length;
      let written = 0;
      while (written < chunk.length) {
        const { bytesWritten } = await handle.write(chunk, written, chunk.length - written);
        written += bytesWritten;
      }
      options.onBytes?.(size);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { size, sha256: hash.digest('hex') };
}

/** Size and SHA-256 of a file, read as a stream. */
export async function hashFile(
  file: string,
  options: { signal?: AbortSignal; onBytes?: (done: number) => void } = {},
): Promise<Digest> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    options.signal?.throwIfAborted();
    hash.update(chunk);
    size += chunk.length;
    options.onBytes?.(size);
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * What a folder holds, for the "empty target only" rule: [] for a folder that is empty or does not exist. A file
 * system's own `lost+found` (a mounted disk's root) does not count.
 */
export async function entriesOf(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name !== 'lost+found').sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return [];
    if (code === 'ENOTDIR') return [dir];
    throw error;
  }
}

/** "pgdata, media and 3 more": a folder's first entries, for a refusal's one line. */
export function someEntries(entries: string[]): string {
  const shown = entries.slice(0, 3).join(', ');
  return entries.length > 3 ? `${shown} and ${entries.length - 3} more` : shown;
}

/**
 * Runs `work` on every item, at most `limit` at a time. The first failure stops the lanes from taking more; it is
 * thrown once the work in flight has settled, so the caller can clean up after nothing writes any more.
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const item = items[next]!;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, lane));
  const failure = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (failure) throw failure.reason;
}
