import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { storedFilesIn } from './feedback-factories';
import { tempDataDir } from './fixtures/media-fixtures';
import { createTestApp, nextIp, type TestApp } from './helper';

/**
 * The file's app on a data folder of its own (so that a test can count the files its requests stored and left
 * behind), built before its tests and handed to `use`, closed and removed after them; `env` adds settings.
 */
export function mediaTestApp(use: (t: TestApp) => void, env: Record<string, string> = {}) {
  const dataDir = tempDataDir();
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp({ DATA_DIR: dataDir, ...env });
    use(app);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    /** How many media files the app has stored. */
    stored: () => storedFilesIn(dataDir).length,
    /** A (signed) URL fetched as a browser would, without a token. */
    fetchUrl: (url: string) => app!.app.inject({ method: 'GET', url, remoteAddress: nextIp() }),
  };
}
