import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { tempDataDir } from '../../../test/fixtures/media-fixtures';
import { removeUploadLeftovers } from './upload-leftovers';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = tempDataDir();
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function file(relative: string, ageMs: number): string {
  const full = path.join(dataDir, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, 'x');
  const when = new Date(t.ctx.now().getTime() - ageMs);
  utimesSync(full, when, when);
  return full;
}

describe('removeUploadLeftovers', () => {
  it('removes old temp and .partial files, and keeps recent ones and stored media', async () => {
    const hour = 60 * 60 * 1000;
    const oldTemp = file('tmp/upload-old', 2 * hour);
    const newTemp = file('tmp/upload-new', 60 * 1000);
    const oldPartial = file('media/ab/ab12.partial', 2 * hour);
    const stored = file('media/ab/abcdef01-2345-6789-abcd-ef0123456789', 48 * hour);

    expect(await removeUploadLeftovers(t.ctx)).toBe(2);
    expect(existsSync(oldTemp)).toBe(false);
    expect(existsSync(oldPartial)).toBe(false);
    expect(existsSync(newTemp)).toBe(true);
    expect(existsSync(stored)).toBe(true);
  });

  it('does nothing when the folders do not exist yet', async () => {
    const emptyDir = tempDataDir();
    const empty = await createTestApp({ DATA_DIR: emptyDir });
    try {
      expect(await removeUploadLeftovers(empty.ctx)).toBe(0);
    } finally {
      await empty.close();
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});
