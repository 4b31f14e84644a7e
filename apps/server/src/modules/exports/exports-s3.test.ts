import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCareTeam, login } from '../../../test/factories';
import {
  buildDailyProgram,
  feedbackFields,
  givenFeedback,
  storedFilesIn,
} from '../../../test/feedback-factories';
import { FIXTURES, tempDataDir } from '../../../test/fixtures/media-fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { fixtureFile } from '../../../test/program-factories';
import { startS3Server, type S3Server } from '../../../test/s3-server';
import { unzip } from './exports.test-support';

// Download my data with the media in a bucket (docs/product/records.md#download-my-data): the files come from the
// store, whichever it is.

let t: TestApp;
let s3: S3Server;
const dataDir = tempDataDir();
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ DATA_DIR: dataDir, ...s3.env });
});
afterAll(async () => {
  await t.close();
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /api/users/me/export/ with media in S3', () => {
  it('puts the bucket’s bytes of each photo in the zip', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildDailyProgram(t.ctx, client.id, therapist.id);
    const session = await login(t, client);
    const saved = await givenFeedback(t, session, feedbackFields(t.ctx, program.exerciseIds[0]!), [
      fixtureFile('media', FIXTURES.png),
    ]);
    expect(storedFilesIn(dataDir)).toEqual([]);
    const served = await t.app.inject({ method: 'GET', url: saved.image_url! });
    expect(served.statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/export/', headers: session.headers });
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    expect(entries.get(`media/feedback-${saved.id}.png`)?.equals(served.rawPayload)).toBe(true);
  });
});
