import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from '../../../test/helper';
import { callAs, login, type TestUser } from '../../../test/factories';
import { storedFilesIn } from '../../../test/feedback-factories';
import { type MultipartPart, multipartBody, tempDataDir } from '../../../test/fixtures/media-fixtures';
import { createTestApp, nextIp } from '../../../test/helper';

export const call = callAs;

export const send = (
  t: TestApp,
  user: TestUser | null,
  clientId: number,
  payload: object,
  headers: Record<string, string> = {},
) => call(t, user, 'POST', `/api/clients/${clientId}/messages/`, payload, headers);

/** A send as multipart: `fields` as text parts (each before the files, as the web app sends them), then `files`. */
export async function sendForm(
  t: TestApp,
  user: TestUser | null,
  clientId: number,
  fields: Record<string, string | number>,
  files: MultipartPart[] = [],
  headers: Record<string, string> = {},
) {
  const parts = Object.entries(fields).map(([name, value]) => ({ name, data: String(value) }));
  const body = multipartBody([...parts, ...files]);
  const auth = user ? (await login(t, user)).headers : {};
  return t.app.inject({
    method: 'POST',
    url: `/api/clients/${clientId}/messages/`,
    payload: body.payload,
    headers: { ...body.headers, ...auth, ...headers },
    remoteAddress: nextIp(),
  });
}

/**
 * The file's app on a data folder of its own (so that a test can count the files its requests stored), built before
 * its tests and removed after them; `env` adds settings.
 */
export function messagesTestApp(use: (t: TestApp) => void, env: Record<string, string> = {}) {
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
