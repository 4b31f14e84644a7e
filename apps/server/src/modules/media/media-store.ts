import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { S3Settings } from './s3-media-store';
import { WithShippedMedia } from './shipped-media-store';
import { checkedStorageKey } from './storage-key';

/** Where media bytes live: the local folder (DATA_DIR/media) or an S3-compatible bucket (s3-media-store.ts). */
export interface MediaStore {
  /** Writes a file under `key`; the key shows up only once every byte is written. */
  put(key: string, source: Readable | AsyncIterable<Uint8Array>): Promise<void>;
  /** Bytes [start, end] (inclusive, as in HTTP ranges), or the whole file; resolves once the bytes can flow. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /** Whether the store holds any file at all (a restore fills an empty store only). */
  hasFiles(): Promise<boolean>;
}

class LocalMediaStore implements MediaStore {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    checkedStorageKey(key);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, source: Readable | AsyncIterable<Uint8Array>): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await pipeline(source, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async hasFiles(): Promise<boolean> {
    const entries = await readdir(this.root, { withFileTypes: true, recursive: true }).catch(
      (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      },
    );
    return entries.some((entry) => !entry.isDirectory());
  }
}

/**
 * The bucket's store, loaded with its first call: the AWS SDK it is built on takes some 6 MB of heap, which an
 * install keeping its media in DATA_DIR never needs (docs/decisions/014-embedded-memory.md).
 */
function lazyS3Store(settings: S3Settings): MediaStore {
  let loading: Promise<MediaStore> | undefined;
  const store = () =>
    (loading ??= import('./s3-media-store').then(({ S3MediaStore }) => new S3MediaStore(settings)));
  return {
    put: async (key, source) => (await store()).put(key, source),
    read: async (key, range) => (await store()).read(key, range),
    stat: async (key) => (await store()).stat(key),
    delete: async (key) => (await store()).delete(key),
    hasFiles: async () => (await store()).hasFiles(),
  };
}

const stores = new WeakMap<Config, MediaStore>();

/**
 * The store of this app: the S3 bucket when S3_ENDPOINT and S3_BUCKET are set, else DATA_DIR/media; either way with
 * the media the app ships laid over it (shipped-media-store.ts).
 */
export const mediaStoreOf = (ctx: AppContext): MediaStore => mediaStoreFor(ctx.config);

/** The store these settings name (a restore fills the one of a DATA_DIR it is still preparing). */
export function mediaStoreFor(config: Config): MediaStore {
  let store = stores.get(config);
  if (!store) {
    const { S3_ENDPOINT, S3_BUCKET } = config;
    store = new WithShippedMedia(
      S3_ENDPOINT && S3_BUCKET
        ? lazyS3Store({ ...config, S3_ENDPOINT, S3_BUCKET })
        : new LocalMediaStore(path.resolve(config.DATA_DIR, 'media')),
    );
    stores.set(config, store);
  }
  return store;
}

/** Uploads land here first (same disk as the store) and are removed whatever happens. */
export const uploadTempDir = (ctx: AppContext) => path.resolve(ctx.config.DATA_DIR, 'tmp');
