import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCareTeam } from '../../../test/factories';
import { tempDataDir } from '../../../test/fixtures/media-fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { startS3Server, type S3Server } from '../../../test/s3-server';
import { mediaStoreFor } from '../media/media.service';
import { readManifest } from './backup-manifest';
import { writeBackup } from './backup.service';
import {
  emptyTarget,
  expectAuditVerifies,
  expectSameFiles,
  startMessageWriter,
  storageKeysOf,
} from './backups.test-support';
import { restoreBackup } from './restore.service';

// docs/product/backups.md: media in a bucket are backed up from it and restored into an empty bucket only.

let t: TestApp;
let source: S3Server;
let target: S3Server;
const dataDir = tempDataDir();
const parent = mkdtempSync(path.join(os.tmpdir(), 'hep-backup-'));
beforeAll(async () => {
  [source, target] = await Promise.all([startS3Server(), startS3Server()]);
  t = await createTestApp({ DATA_DIR: dataDir, ...source.env });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([source?.close(), target?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(parent, { recursive: true, force: true });
});

describe('a backup with media in a bucket', () => {
  it('copies every file from the bucket and restores them into an empty one, byte for byte; a bucket holding anything is refused', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const writer = await startMessageWriter(t, client);
    await vi.waitFor(() => expect(writer.writes.length).toBeGreaterThanOrEqual(4), { timeout: 30_000 });
    await writer.stop();
    const dir = path.join(parent, 'backup');
    const summary = await writeBackup(t.ctx, dir);
    expect(summary.mediaFiles).toBe((await source.objectKeys()).length);
    expect(readManifest(dir).media.map((m) => m.key)).toEqual(await source.objectKeys());

    const restoreTo = await emptyTarget(target.env);
    try {
      // A bucket with one file in it is not empty: refused, and the file is the only one there after.
      const stray = '0f8fad5b-d9cb-469f-a165-70867728950e';
      await mediaStoreFor(restoreTo.config).put(stray, Readable.from([Buffer.from('not ours')]));
      await expect(restoreBackup(restoreTo.config, dir)).rejects.toThrow(
        'The bucket hep-media is not empty: restore only into an empty bucket.',
      );
      expect(await target.objectKeys()).toEqual([stray]);
      await mediaStoreFor(restoreTo.config).delete(stray);

      const restored = await restoreBackup(restoreTo.config, dir);
      expect(restored.media).toBe('the bucket hep-media');
      expect(await target.objectKeys()).toEqual(await source.objectKeys());
      const db = (await restoreTo.open()).db;
      expect(await storageKeysOf(db)).toEqual(await source.objectKeys());
      expect(await expectSameFiles(db, restoreTo.config, t.ctx.config)).toBe(summary.mediaFiles);
      await expectAuditVerifies(db);
    } finally {
      await restoreTo.cleanup();
    }
  });
});
