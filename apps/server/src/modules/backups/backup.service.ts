import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { type Db, type Engine, engineOf } from '../../db/client';
import { mediaStoreFor } from '../media/media.service';
import { type Digest, entriesOf, hashFile, someEntries, writeHashed } from './backup-files';
import {
  BackupRefusal,
  type BackupKind,
  DATABASE_FILE,
  MANIFEST_FILE,
  type Manifest,
  MEDIA_FOLDER,
  migrationTag,
  SECRET_KEY_FILE,
  SUMS_FILE,
  sumsFileText,
} from './backup-manifest';
import { formatBytes, type OnProgress } from './backup-progress';
import { mediaRowExists } from './backups.repository';
import { type CopyFacts, dumpEmbedded, writeGzipped } from './embedded-copy';
import { copyMediaToBackup, type MediaCopyOptions } from './media-copy';
import { dumpPostgres } from './postgres-copy';

// docs/product/backups.md: a consistent copy of the database and of every media file it references, with a manifest
// of sizes and SHA-256 sums. docs/decisions/033-backups.md says why it is built this way.

export { BackupRefusal } from './backup-manifest';
export type { Progress, OnProgress } from './backup-progress';

export interface BackupSource {
  config: Config;
  /** The live database: copied through its engine (engineOf), and asked whether a missing file was erased. */
  db: Db;
}

export interface BackupOptions {
  onProgress?: OnProgress;
  signal?: AbortSignal;
  /** A previous backup whose files the copy may hard-link (the daily job's folder). */
  previous?: MediaCopyOptions['previous'];
  now?: () => Date;
}

export interface BackupSummary {
  dir: string;
  kind: BackupKind;
  databaseBytes: number;
  mediaFiles: number;
  mediaBytes: number;
  linkedFiles: number;
  warnings: string[];
}

/** Times a copy is taken again when files it references were erased while it ran. */
const ATTEMPTS = 3;

let queue: Promise<unknown> = Promise.resolve();

/** One backup at a time in a process (the daily job and one asked for through the socket would share the disk). */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Writes a backup into `target`, a folder that does not exist or is empty: first the database (a consistent copy, the
 * app running or not), then the media files that copy references (files are never changed once stored, so each is
 * the file the copy's row describes), then the manifest, last, so that a folder without one is never taken for a
 * complete backup. A failure removes what it wrote.
 */
export function writeBackup(
  source: BackupSource,
  target: string,
  options: BackupOptions = {},
): Promise<BackupSummary> {
  return oneAtATime(() => write(source, path.resolve(target), options));
}

async function write(source: BackupSource, target: string, options: BackupOptions): Promise<BackupSummary> {
  const existing = await entriesOf(target);
  if (existing.length > 0)
    throw new BackupRefusal(
      `${target} is not empty (it holds ${someEntries(existing)}): back up into a new or empty folder.`,
    );
  const created = await mkdir(target, { recursive: true, mode: 0o700 });
  try {
    const engine = engineOf(source.db);
    const kind: BackupKind = engine.kind === 'pglite' ? 'embedded' : 'postgres';
    const store = mediaStoreFor(source.config);
    const databaseFile = path.join(target, DATABASE_FILE[kind]);
    for (let attempt = 1; ; attempt += 1) {
      const { digest, facts } = await copyDatabase(engine, databaseFile, options);
      const media = await copyMediaToBackup(store, facts.media, target, {
        signal: options.signal,
        onProgress: options.onProgress,
        previous: options.previous,
        stillReferenced: (key) => mediaRowExists(source.db, key),
      });
      if (media.vanished.length > 0 && attempt < ATTEMPTS) {
        // Erased after the snapshot: a new copy no longer references them.
        await rm(databaseFile, { force: true });
        await rm(path.join(target, MEDIA_FOLDER), { recursive: true, force: true });
        continue;
      }
      const warnings = [
        ...media.warnings,
        ...media.vanished.map(
          (key) => `media ${key} was erased while the backup ran; its row is in the copy`,
        ),
      ];
      const secretKey = kind === 'embedded' ? await copySecretKey(source.config, target) : null;
      const manifest: Manifest = {
        format: 1,
        app: 'hep',
        created_at: (options.now ?? (() => new Date()))().toISOString(),
        kind,
        postgres_major: facts.postgresMajor,
        last_migration: migrationTag(facts.lastMigration),
        database: { file: DATABASE_FILE[kind], ...digest },
        secret_key: secretKey && { file: SECRET_KEY_FILE, ...secretKey },
        media: media.entries,
        warnings,
      };
      await writeManifest(target, manifest);
      return {
        dir: target,
        kind,
        databaseBytes: digest.size,
        mediaFiles: media.entries.length,
        mediaBytes: media.entries.reduce((sum, e) => sum + e.size, 0),
        linkedFiles: media.linked,
        warnings,
      };
    }
  } catch (error) {
    if (created) await rm(created, { recursive: true, force: true });
    else for (const entry of await entriesOf(target)) await rm(path.join(target, entry), { recursive: true });
    throw error;
  }
}

async function copyDatabase(
  engine: Engine,
  file: string,
  options: BackupOptions,
): Promise<{ digest: Digest; facts: CopyFacts }> {
  const step = 'Copying the database';
  options.onProgress?.({ step });
  const onBytes = (done: number) => options.onProgress?.({ step, bytes: { done } });
  if (engine.kind === 'pglite') {
    const { tar, facts } = await dumpEmbedded(engine.client);
    return { digest: await writeGzipped(tar, file, { signal: options.signal, onBytes }), facts };
  }
  const facts = await dumpPostgres(engine.url, file, { signal: options.signal, onBytes });
  return { digest: await hashFile(file, { signal: options.signal }), facts };
}

/**
 * The key an embedded install generated into DATA_DIR (when SECRET_KEY is not set): restored with the database, the
 * sessions and signed media links of before still work.
 */
async function copySecretKey(config: Config, target: string): Promise<Digest | null> {
  if (config.SECRET_KEY) return null;
  const key = await readFile(path.join(config.DATA_DIR, SECRET_KEY_FILE)).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  });
  return key && writeHashed([key], path.join(target, SECRET_KEY_FILE));
}

/** SHA256SUMS, then manifest.json by rename, then the folder itself flushed: the manifest is the "complete" mark. */
async function writeManifest(target: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(target, SUMS_FILE), sumsFileText(manifest), { mode: 0o600 });
  const partial = path.join(target, `${MANIFEST_FILE}.partial`);
  await writeFile(partial, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600, flush: true });
  await rename(partial, path.join(target, MANIFEST_FILE));
  const folder = await open(target, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** The CLI's lines for a backup written: where, how much, and any warning. */
export function backupSummaryLines(summary: BackupSummary): string[] {
  const linked =
    summary.linkedFiles > 0 ? `, ${summary.linkedFiles} of them linked from the previous backup` : '';
  return [
    `Backup written to ${summary.dir}: the ${summary.kind} database (${formatBytes(summary.databaseBytes)}) and ` +
      `${summary.mediaFiles} media files (${formatBytes(summary.mediaBytes)}${linked}).`,
    ...summary.warnings.map((warning) => `Warning: ${warning}.`),
  ];
}
