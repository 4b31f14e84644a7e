import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { MediaStore } from '../media/media.service';
import { copyMediaToBackup } from './media-copy';

// What the media copy makes of a store that does not hold what the database copy says (docs/decisions/033-backups.md).

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hep-media-copy-'));
  folders.push(dir);
  return dir;
};

const key = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A store holding `files` by key. */
function storeWith(files: Map<string, Buffer>): MediaStore {
  return {
    put: async () => undefined,
    read: async (k) => Readable.from([files.get(k)!]),
    stat: async (k) => (files.has(k) ? { size: files.get(k)!.length } : null),
    delete: async () => undefined,
    hasFiles: async () => files.size > 0,
  };
}

describe('copyMediaToBackup', () => {
  it('copies what the rows name, and tells a file erased since the snapshot from one lost, and a file changed', async () => {
    const kept = Buffer.from('a photo');
    const changed = Buffer.from('a video, changed on the disk');
    const store = storeWith(
      new Map([
        [key(1), kept],
        [key(2), changed],
      ]),
    );
    const rows = [
      { key: key(1), size: kept.length, sha256: sha(kept) },
      { key: key(2), size: 8, sha256: sha(Buffer.from('a video!')) },
      { key: key(3), size: 5, sha256: sha(Buffer.from('gone!')) },
      { key: key(4), size: 4, sha256: sha(Buffer.from('lost')) },
      // Shipped pictures are the app's own: never copied.
      { key: 'shipped/starter-pictures/sit-to-stand.svg', size: 10, sha256: sha(Buffer.from('svg')) },
    ];
    const dir = folder();
    const copy = await copyMediaToBackup(store, rows, dir, {
      // Key 3's row is gone now (erased after the snapshot); key 4's is still there (the file is lost).
      stillReferenced: async (k) => k === key(4),
    });
    expect(copy.entries).toEqual([
      { key: key(1), size: kept.length, sha256: sha(kept) },
      { key: key(2), size: changed.length, sha256: sha(changed) },
    ]);
    expect(readFileSync(path.join(dir, 'media', key(1)))).toEqual(kept);
    expect(copy.vanished).toEqual([key(3)]);
    expect(copy.warnings).toEqual([
      `media ${key(2)} differs from the file uploaded (size or SHA-256); copied as the store holds it`,
      `media ${key(4)} is missing from the store; its row is restored without it`,
    ]);
  });

  it('links a file the previous backup holds with the same sum instead of reading the store again', async () => {
    const bytes = Buffer.from('the same photo');
    const rows = [{ key: key(1), size: bytes.length, sha256: sha(bytes) }];
    const first = folder();
    const previous = await copyMediaToBackup(storeWith(new Map([[key(1), bytes]])), rows, first, {
      stillReferenced: async () => true,
    });
    const second = folder();
    // The store no longer answers: the file must come from the previous backup.
    const copy = await copyMediaToBackup(storeWith(new Map()), rows, second, {
      stillReferenced: async () => true,
      previous: {
        dir: first,
        manifest: {
          format: 1,
          app: 'hep',
          created_at: '',
          kind: 'embedded',
          postgres_major: 18,
          last_migration: null,
          database: { file: 'database.tar.gz', size: 0, sha256: sha(Buffer.alloc(0)) },
          secret_key: null,
          media: previous.entries,
          warnings: [],
        },
      },
    });
    expect(copy).toMatchObject({ linked: 1, warnings: [], vanished: [], entries: previous.entries });
    expect(readFileSync(path.join(second, 'media', key(1)))).toEqual(bytes);
  });
});
