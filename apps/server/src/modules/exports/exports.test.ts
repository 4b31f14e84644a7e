import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EXPORT_TEXTS } from '@hep/shared/texts/exports';
import { auditLog } from '../../db/schema/audit-log';
import { media } from '../../db/schema/media';
import { buildCareTeam, buildCarer, buildCarerLink, login, type TestUser } from '../../../test/factories';
import {
  buildDailyProgram,
  givenFeedback,
  feedbackFields,
  mediaIdOf,
  storedFilesIn,
} from '../../../test/feedback-factories';
import { FIXTURES } from '../../../test/fixtures/media-fixtures';
import type { TestApp } from '../../../test/helper';
import { mediaTestApp } from '../../../test/media-test-app';
import { fixtureFile } from '../../../test/program-factories';
import { sendForm } from '../messages/messages.test-support';
import { allAnswers, assign, respond } from '../measures/measures.test-support';
import { unzip } from './exports.test-support';

// GET /users/me/export/ (docs/product/records.md#download-my-data).

let t: TestApp;
const { dataDir } = mediaTestApp((app) => (t = app));

const EXPORT_URL = '/api/users/me/export/';

async function download(user: TestUser | null) {
  const headers = user ? (await login(t, user)).headers : {};
  return t.app.inject({ method: 'GET', url: EXPORT_URL, headers });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('GET /api/users/me/export/', () => {
  it('streams a client a zip of data.json, fhir.json and the photos and videos of their record', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildDailyProgram(t.ctx, client.id, therapist.id, { name: 'Strength' });
    const session = await login(t, client);
    const saved = await givenFeedback(
      t,
      session,
      feedbackFields(t.ctx, program.exerciseIds[0]!, { effort_rating: 7, pain: 3, feeling: 'Knees ached' }),
      [fixtureFile('media', FIXTURES.jpeg)],
    );
    const message = await sendForm(t, therapist, client.id, { text: 'Watch this' }, [
      fixtureFile('video', FIXTURES.mp4),
    ]);
    expect(message.statusCode).toBe(201);
    const assigned = await assign(t, therapist, client.id, {
      instrument: 'gad7',
      first_due: '2020-01-01',
      every_days: 0,
    });
    expect(
      (await respond(t, client, assigned.json<{ id: number }>().id, { answers: allAnswers('gad7', 7, 1) }))
        .statusCode,
    ).toBe(201);
    const carer = await buildCarer(t.ctx, { firstName: 'Maria' });
    await buildCarerLink(t.ctx, carer.id, client.id, therapist.id, { relationship: 'Daughter' });

    const res = await download(client);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = await unzip(res.rawPayload);
    const photoPath = `media/feedback-${saved.id}.jpg`;
    const videoPath = `media/message-${message.json<{ id: number }>().id}.mp4`;
    expect([...entries.keys()].sort()).toEqual(['data.json', 'fhir.json', photoPath, videoPath].sort());

    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    expect(data.account).toMatchObject({ id: client.id, email: client.email, role: 'client' });
    expect(data.programs).toHaveLength(1);
    expect(data.programs[0]).toMatchObject({
      name: 'Strength',
      exercises: [{ name: 'Sit to stand' }, { name: 'Heel raises' }],
    });
    expect(data.feedback).toEqual([
      expect.objectContaining({
        id: saved.id,
        effort_rating: 7,
        pain: 3,
        feeling: 'Knees ached',
        file: photoPath,
      }),
    ]);
    expect(data.measure_results).toEqual([expect.objectContaining({ instrument: 'gad7', score: 7 })]);
    expect(data.messages).toEqual([
      expect.objectContaining({
        text: 'Watch this',
        file: videoPath,
        sender: expect.objectContaining({ role: 'therapist' }),
      }),
    ]);
    expect(data.carer_links).toEqual([
      expect.objectContaining({
        relationship: 'Daughter',
        with: expect.objectContaining({ id: carer.id, role: 'carer' }),
      }),
    ]);
    expect(data.files.map((f: { path: string }) => f.path).sort()).toEqual([photoPath, videoPath].sort());

    const fhir = JSON.parse(entries.get('fhir.json')!.toString('utf8'));
    expect(fhir).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(
      fhir.entry.some((e: { resource: { resourceType: string } }) => e.resource.resourceType === 'Patient'),
    ).toBe(true);

    // The very bytes stored for the upload (its metadata stripped on the way in).
    const rows = await t.ctx.db
      .select()
      .from(media)
      .where(eq(media.id, mediaIdOf(saved.image_url)));
    expect(sha256(entries.get(photoPath)!)).toBe(rows[0]!.sha256);
    const video = await t.app.inject({ method: 'GET', url: message.json<{ video_url: string }>().video_url });
    expect(entries.get(videoPath)!.equals(video.rawPayload)).toBe(true);
  });

  it('answers a second download within 10 minutes with 429, Retry-After and the reason, and audits both', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    expect((await download(therapist)).statusCode).toBe(200);
    const again = await download(therapist);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'rate_limited', error: EXPORT_TEXTS.tooSoon });
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, therapist.id));
    expect(rows.filter((r) => r.targetType === 'data_export').map((r) => r.outcome)).toEqual([
      'ok',
      'rate_limited',
    ]);
  });

  it('lets one of two downloads started at once through, and refuses the other', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const both = await Promise.all(
      [0, 1].map(() => t.app.inject({ method: 'GET', url: EXPORT_URL, headers: session.headers })),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 429]);
  });

  it('gives a therapist their profile and what they wrote, and a carer their links, without fhir.json', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    await buildDailyProgram(t.ctx, client.id, therapist.id, { name: 'Prescribed' });
    const forTherapist = await unzip((await download(therapist)).rawPayload);
    expect([...forTherapist.keys()]).toEqual(['data.json']);
    const data = JSON.parse(forTherapist.get('data.json')!.toString('utf8'));
    expect(data.account).toMatchObject({
      id: therapist.id,
      role: 'therapist',
      therapist_profile: { discipline: 'Physiotherapist' },
    });
    expect(data.programs).toEqual([expect.objectContaining({ name: 'Prescribed', client_id: client.id })]);

    const carer = await buildCarer(t.ctx);
    await buildCarerLink(t.ctx, carer.id, client.id, therapist.id, { access: 'full' });
    const forCarer = JSON.parse(
      (await unzip((await download(carer)).rawPayload)).get('data.json')!.toString('utf8'),
    );
    expect(forCarer.account.role).toBe('carer');
    expect(forCarer.carer_links).toEqual([expect.objectContaining({ client_id: client.id, access: 'full' })]);
    expect(forCarer.feedback).toEqual([]);
  });

  it('ends the download with an error, never a zip that looks whole, when a file cannot be read', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildDailyProgram(t.ctx, client.id, therapist.id);
    const before = new Set(storedFilesIn(dataDir));
    await givenFeedback(t, await login(t, client), feedbackFields(t.ctx, program.exerciseIds[0]!), [
      fixtureFile('media', FIXTURES.gif),
    ]);
    const added = storedFilesIn(dataDir).filter((file) => !before.has(file));
    expect(added).toHaveLength(1);
    rmSync(added[0]!);
    const outcome = await download(client).then(
      (res) =>
        unzip(res.rawPayload).then(
          () => 'a whole zip',
          () => 'a broken zip',
        ),
      () => 'a failed request',
    );
    expect(outcome).not.toBe('a whole zip');
  });

  it('answers 401 without a session', async () => {
    expect((await download(null)).statusCode).toBe(401);
  });
});
