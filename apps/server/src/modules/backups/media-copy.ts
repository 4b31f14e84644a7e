import { createReadStream } from 'node:fs';
import { link, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isShippedKey } from '../../lib/shipped-media';
import type { MediaStore } from '../media/media.service';
import { eachLimited, writeHashed } from './backup-files';
import { type Manifest, type MediaEntry, mediaFile, MEDIA_FOLDER } from './backup-manifest';
import type { OnProgress } from './backup-progress';
import type { CopyFacts } from './embedded-copy';

/** Files copied at once: a bucket answers each request after a round trip, a disk does not mind. */
const LANES = 4;

export interface MediaCopy {
  entries: MediaEntry[];
  /** Files hard-linked from the previous backup instead of copied (the daily job). */
  linked: number;
  warnings: string[];
  /**
   * Files the copy's rows name that were deleted from the store since (their rows too: an erasure after the
   * snapshot). The copy would restore rows without their files, so it is taken again.
   */
  vanished: string[];
}

export interface MediaCopyOptions {
  signal?: AbortSignal;
  onProgress?: OnProgress;
  /** A previous complete backup on the same disk: files it holds with the same sum are linked, not copied again. */
  previous?: { dir: string; manifest: Manifest } | null;
  /** Whether a media row still names the key now (a missing file is then a loss to report, not an erasure). */
  stillReferenced: (key: string) => Promise<boolean>;
}

/** A step's progress over `files` and their bytes: what is `done` so far, and `report` to tell `onProgress`. */
function stepProgress(step: string, files: { size: number }[], onProgress: OnProgress | undefined) {
  const total = { files: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0) };
  const done = { files: 0, bytes: 0 };
  const report = () =>
    onProgress?.({
      step,
      files: { done: done.files, total: total.files },
      bytes: { done: done.bytes, total: total.bytes },
    });
  return { done, report };
}

/**
 * Copies every file the database copy references (its media rows, shipped pictures aside: the app carries those) from
 * the store into `dir/media/<key>`, checking each against the size and SHA-256 recorded at its upload.
 */
export async function copyMediaToBackup(
  store: MediaStore,
  rows: CopyFacts['media'],
  dir: string,
  options: MediaCopyOptions,
): Promise<MediaCopy> {
  const wanted = rows.filter((row) => !isShippedKey(row.key));
  const previous = new Map(options.previous?.manifest.media.map((entry) => [entry.key, entry]));
  const { done, report } = stepProgress('Copying media', wanted, options.onProgress);
  const result: MediaCopy = { entries: [], linked: 0, warnings: [], vanished: [] };
  await mkdir(path.join(dir, MEDIA_FOLDER), { recursive: true, mode: 0o700 });
  report();

  const linkPrevious = async (row: CopyFacts['media'][number]) => {
    const before = previous.get(row.key);
    if (!options.previous || !before || before.size !== row.size || before.sha256 !== row.sha256)
      return false;
    const source = path.join(options.previous.dir, mediaFile(row.key));
    const info = await stat(source).catch(() => null);
    if (info?.size !== row.size) return false;
    // Another disk (EXDEV) or a file system without hard links: copied instead.
    return link(source, path.join(dir, mediaFile(row.key))).then(
      () => true,
      () => false,
    );
  };

  await eachLimited(wanted, LANES, async (row) => {
    options.signal?.throwIfAborted();
    if (await linkPrevious(row)) {
      result.entries.push({ key: row.key, size: row.size, sha256: row.sha256 });
      result.linked += 1;
    } else if (!(await store.stat(row.key))) {
      if (await options.stillReferenced(row.key))
        result.warnings.push(`media ${row.key} is missing from the store; its row is restored without it`);
      else result.vanished.push(row.key);
    } else {
      const before = done.bytes;
      const digest = await writeHashed(await store.read(row.key), path.join(dir, mediaFile(row.key)), {
        signal: options.signal,
        onBytes: (bytes) => {
          done.bytes = before + bytes;
          report();
        },
      });
      done.bytes = before + digest.size;
      if (digest.size !== row.size || digest.sha256 !== row.sha256)
        result.warnings.push(
          `media ${row.key} differs from the file uploaded (size or SHA-256); copied as the store holds it`,
        );
      result.entries.push({ key: row.key, ...digest });
    }
    done.files += 1;
    report();
  });
  // In key order whatever order the lanes finished in: two copies of the same state read the same.
  result.entries.sort((a, b) => (a.key < b.key ? -1 : 1));
  result.warnings.sort();
  result.vanished.sort();
  return result;
}

/** Puts every file of the backup into `store` (which the caller found empty); `onPut` hears each key stored. */
export async function restoreMediaToStore(
  store: MediaStore,
  dir: string,
  entries: MediaEntry[],
  options: { signal?: AbortSignal; onProgress?: OnProgress; onPut: (key: string) => void },
): Promise<void> {
  const { done, report } = stepProgress('Restoring media', entries, options.onProgress);
  report();
  await eachLimited(entries, LANES, async (entry) => {
    options.signal?.throwIfAborted();
    await store.put(entry.key, createReadStream(path.join(dir, mediaFile(entry.key))));
    options.onPut(entry.key);
    done.files += 1;
    done.bytes += entry.size;
    report();
  });
}
