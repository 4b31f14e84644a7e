import { rmSync } from 'node:fs';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { afterAll, beforeAll } from 'vitest';
import { storedFilesIn } from '../../../test/feedback-factories';
import { tempDataDir } from '../../../test/fixtures/media-fixtures';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';

// The setup the feedback test files share (and the idempotency module's, which saves feedback): an app on a data
// folder of its own, so that a file can count the files its requests stored and left behind.

export const NOT_FOUND = { error: ERROR_TEXTS.notFound, code: 'not_found' };

/**
 * Builds the file's app on its own data folder before its tests, hands it to `use`, and closes it and removes the
 * folder after them.
 */
export function feedbackTestApp(use: (t: TestApp) => void) {
  const dataDir = tempDataDir();
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp({ DATA_DIR: dataDir });
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
