import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { pgliteDataDir } from '../../db/client';
import { acquireDataDirLock } from '../../db/data-dir-lock';
import { mediaStoreFor } from '../media/media.service';
import { entriesOf, hashFile, someEntries } from './backup-files';
import {
  BackupRefusal,
  type BackupKind,
  type Manifest,
  mediaFile,
  readManifest,
  SECRET_KEY_FILE,
} from './backup-manifest';
import { formatBytes, type OnProgress } from './backup-progress';
import { loadEmbedded } from './embedded-copy';
import { restoreMediaToStore } from './media-copy';
import { countUserRelations, requirePgTool, restorePostgres } from './postgres-copy';

// docs/product/backups.md#restore: a backup fills an empty DATA_DIR, or an empty PostgreSQL database, and an empty
// media store; anything else is refused in one line before a byte is written.

export interface RestoreOptions {
  onProgress?: OnProgress;
  signal?: AbortSignal;
}

export interface RestoreSummary {
  from: string;
  kind: BackupKind;
  /** Where the database went: DATA_DIR, or "the database of DATABASE_URL". */
  database: string;
  /** Where the files went: DATA_DIR/media or the bucket. */
  media: string;
  mediaFiles: number;
  mediaBytes: number;
}

/** Restores the backup in `from` into the database and media store `config` names. */
export async function restoreBackup(
  config: Config,
  from: string,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const dir = path.resolve(from);
  const manifest = readManifest(dir);
  const kind: BackupKind = config.DATABASE_URL ? 'postgres' : 'embedded';
  refuseForeignBackup(manifest, kind);
  await refuseNonEmptyTarget(config, kind);
  await verifyBackup(dir, manifest, options);
  const summary = {
    from: dir,
    kind,
    database: kind === 'embedded' ? path.resolve(config.DATA_DIR) : 'the database of DATABASE_URL',
    media: config.S3_BUCKET ? `the bucket ${config.S3_BUCKET}` : path.resolve(config.DATA_DIR, 'media'),
    mediaFiles: manifest.media.length,
    mediaBytes: manifest.media.reduce((sum, e) => sum + e.size, 0),
  };
  if (kind === 'embedded') await restoreEmbedded(config, dir, manifest, options);
  else await restoreIntoPostgres(config, dir, manifest, options);
  return summary;
}

function refuseForeignBackup(manifest: Manifest, kind: BackupKind): void {
  if (manifest.kind !== kind)
    throw new BackupRefusal(
      manifest.kind === 'embedded'
        ? 'This backup holds an embedded database: unset DATABASE_URL to restore it into an empty DATA_DIR.'
        : 'This backup holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.',
    );
  if (manifest.last_migration?.startsWith('unknown-'))
    throw new BackupRefusal(
      'This backup was made by a newer release of the app (its database has migrations this release does not ' +
        'know): restore it with that release or a later one.',
    );
}

/** Refuses a target that holds anything: the DATA_DIR of an embedded install, the database, the media store. */
async function refuseNonEmptyTarget(config: Config, kind: BackupKind): Promise<void> {
  if (kind === 'embedded') {
    const entries = await entriesOf(config.DATA_DIR);
    if (entries.length > 0)
      throw new BackupRefusal(
        `DATA_DIR (${path.resolve(config.DATA_DIR)}) is not empty (it holds ${someEntries(entries)}): restore ` +
          'only into an empty folder, or point DATA_DIR at a new one.',
      );
  } else {
    requirePgTool('pg_restore');
    const relations = await countUserRelations(config.DATABASE_URL!);
    if (relations > 0)
      throw new BackupRefusal(
        `The database of DATABASE_URL is not empty (it holds ${relations} tables, views or sequences): restore ` +
          'only into an empty database (createdb a new one).',
      );
  }
  if (await mediaStoreFor(config).hasFiles())
    throw new BackupRefusal(
      config.S3_BUCKET
        ? `The bucket ${config.S3_BUCKET} is not empty: restore only into an empty bucket.`
        : `${path.resolve(config.DATA_DIR, 'media')} is not empty: restore only into an empty media folder.`,
    );
}

/** Every file's size and SHA-256 against the manifest, before anything is written. */
async function verifyBackup(dir: string, manifest: Manifest, options: RestoreOptions): Promise<void> {
  const files = [
    manifest.database,
    ...(manifest.secret_key ? [manifest.secret_key] : []),
    ...manifest.media.map((entry) => ({ ...entry, file: mediaFile(entry.key) })),
  ];
  const total = { files: files.length, bytes: files.reduce((sum, f) => sum + f.size, 0) };
  const done = { files: 0, bytes: 0 };
  const step = 'Checking the backup';
  for (const expected of files) {
    const before = done.bytes;
    const found = await hashFile(path.join(dir, expected.file), {
      signal: options.signal,
      onBytes: (bytes) =>
        options.onProgress?.({
          step,
          files: { done: done.files, total: total.files },
          bytes: { done: before + bytes, total: total.bytes },
        }),
    }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    });
    if (!found)
      throw new BackupRefusal(`${dir} is damaged: ${expected.file} is missing; nothing was restored.`);
    if (found.size !== expected.size || found.sha256 !== expected.sha256)
      throw new BackupRefusal(
        `${dir} is damaged: ${expected.file} does not match its size and SHA-256 in the manifest; nothing was ` +
          'restored.',
      );
    done.files += 1;
    done.bytes = before + found.size;
  }
}

/**
 * Media first, then the database, so a failure on the way can take back what it wrote: the files it put (by key),
 * and for an embedded install the folder it prepared inside DATA_DIR, which only moves into place at the end.
 */
async function restoreEmbedded(
  config: Config,
  dir: string,
  manifest: Manifest,
  options: RestoreOptions,
): Promise<void> {
  const dataDir = path.resolve(config.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  // No server may start on the folder meanwhile.
  const release = acquireDataDirLock(dataDir);
  const staging = path.join(dataDir, '.restoring');
  const stagedConfig: Config = Object.freeze({ ...config, DATA_DIR: staging });
  const put: string[] = [];
  const store = mediaStoreFor(config.S3_BUCKET ? config : stagedConfig);
  try {
    await mkdir(staging, { mode: 0o700 });
    await restoreMediaToStore(store, dir, manifest.media, { ...options, onPut: (key) => put.push(key) });
    options.onProgress?.({ step: 'Restoring the database' });
    await loadEmbedded(path.join(dir, manifest.database.file), pgliteDataDir(staging)).catch(
      (error: unknown) => {
        throw new Error(
          `The embedded database in the backup did not open (PostgreSQL ${manifest.postgres_major}): ` +
            (error as Error).message,
        );
      },
    );
    if (manifest.secret_key) {
      await copyFile(path.join(dir, manifest.secret_key.file), path.join(staging, SECRET_KEY_FILE));
    }
    for (const entry of await readdir(staging))
      await rename(path.join(staging, entry), path.join(dataDir, entry));
    await rm(staging, { recursive: true });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (config.S3_BUCKET) await Promise.allSettled(put.map((key) => store.delete(key)));
    throw error;
  } finally {
    release();
  }
}

async function restoreIntoPostgres(
  config: Config,
  dir: string,
  manifest: Manifest,
  options: RestoreOptions,
): Promise<void> {
  const store = mediaStoreFor(config);
  const put: string[] = [];
  try {
    await restoreMediaToStore(store, dir, manifest.media, { ...options, onPut: (key) => put.push(key) });
    options.onProgress?.({ step: 'Restoring the database (pg_restore)' });
    await restorePostgres(config.DATABASE_URL!, path.join(dir, manifest.database.file), options.signal);
  } catch (error) {
    await Promise.allSettled(put.map((key) => store.delete(key)));
    throw error;
  }
}

/** The CLI's line for a restore done. */
export function restoreSummaryLine(summary: RestoreSummary): string {
  return (
    `Restored ${summary.from}: the ${summary.kind} database into ${summary.database}, ${summary.mediaFiles} ` +
    `media files (${formatBytes(summary.mediaBytes)}) into ${summary.media}. Start the app to use it.`
  );
}
