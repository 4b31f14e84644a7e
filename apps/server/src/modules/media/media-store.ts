import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../context';

/** Where media bytes live. Local folder today; an object store would implement the same five calls. */
interface MediaStore {
  /** Writes a file under `key`; the key shows up only once every byte is written. */
  put(key: string, source: Readable | AsyncIterable<Uint8Array>): Promise<void>;
  /** Bytes [start, end] (inclusive, as in HTTP ranges), or the whole file. */
  read(key: string, range?: { start: number; end: number }): Readable;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  copy(fromKey: string, toKey: string): Promise<void>;
}

/** Keys are ours (random UUIDs); anything else is refused so a key can never point outside the folder. */
const KEY = /^[a-f0-9-]{36}$/;
export const newStorageKey = () => randomUUID();

class LocalMediaStore implements MediaStore {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error('Invalid storage key');
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

  read(key: string, range?: { start: number; end: number }): Readable {
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

  async copy(fromKey: string, toKey: string): Promise<void> {
    const target = this.pathOf(toKey);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await copyFile(this.pathOf(fromKey), partial);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }
}

const stores = new WeakMap<AppContext['config'], MediaStore>();

/** The store of this app (DATA_DIR/media). config.ts refuses S3 settings, so it is always the local folder. */
export function mediaStoreOf(ctx: AppContext): MediaStore {
  let store = stores.get(ctx.config);
  if (!store) {
    store = new LocalMediaStore(path.resolve(ctx.config.DATA_DIR, 'media'));
    stores.set(ctx.config, store);
  }
  return store;
}

/** Uploads land here first (same disk as the store) and are removed whatever happens. */
export const uploadTempDir = (ctx: AppContext) => path.resolve(ctx.config.DATA_DIR, 'tmp');
