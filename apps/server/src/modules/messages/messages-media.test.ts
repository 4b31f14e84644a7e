import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '@hep/shared/limits';
import { MESSAGE_TEXTS } from '@hep/shared/schemas/messages';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { auditLog } from '../../db/schema/audit-log';
import { clinics } from '../../db/schema/clinics';
import { media } from '../../db/schema/media';
import { messages } from '../../db/schema/messages';
import { buildCareTeam, buildClinic, buildStaff, buildTherapist } from '../../../test/factories';
import { mediaIdOf, tempFilesIn } from '../../../test/feedback-factories';
import { FIXTURES, withUploadsBlocked } from '../../../test/fixtures/media-fixtures';
import type { TestApp } from '../../../test/helper';
import { buildProgram, fixtureFile } from '../../../test/program-factories';
import { call, sendForm } from './messages.test-support';
import { mediaTestApp } from '../../../test/media-test-app';

// POST /clients/{client_id}/messages/ as multipart, with a photo or a video (docs/product/messages.md#calls).

let t: TestApp;
const { dataDir, stored, fetchUrl } = mediaTestApp((app) => (t = app));
const NOW = new Date('2026-03-02T00:30:00Z');
beforeEach(() => t.clock.set(NOW));

const PHOTO_REFUSED = 'Please choose a photo (JPEG, PNG or GIF).';
const VIDEO_REFUSED = 'Please choose a video (MP4, AVI or MOV).';

const messagesOf = (clientId: number) =>
  t.ctx.db.select().from(messages).where(eq(messages.clientId, clientId));

describe('a message with a photo or a video', () => {
  it('saves a photo without text; each reader gets it by a signed URL', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const before = stored();
    const res = await sendForm(t, client, client.id, { text: '' }, [fixtureFile('image', FIXTURES.jpeg)]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      sender: { id: client.id, role: 'client' },
      text: '',
      image_url: expect.stringMatching(/^\/api\/media\/\d+\//),
      video_url: null,
      deleted: false,
    });
    expect(stored()).toBe(before + 1);
    const [row] = await t.ctx.db
      .select()
      .from(media)
      .where(eq(media.id, mediaIdOf(res.json().image_url)));
    // The conversation owns it, not a program: deleting a program never takes a message's photo.
    expect(row).toMatchObject({ kind: 'image', mime: 'image/jpeg', programId: null, ownerId: client.id });

    const page = await call(t, therapist, 'GET', `/api/clients/${client.id}/messages/`);
    const seen = page.json().results[0];
    expect(seen.image_url).toContain(`u=${therapist.id}`);
    const file = await fetchUrl(seen.image_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    // The view is audited with the conversation's client as its subject.
    const [viewed] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'media'), eq(auditLog.actorId, therapist.id)));
    expect(viewed).toMatchObject({ action: 'read', subjectUserId: client.id });
  });

  it('saves a video with text, tied to a day of one of the client programs', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, client.id, therapist.id);
    const res = await sendForm(
      t,
      client,
      client.id,
      {
        text: '  Is this how it should look?  ',
        program_id: program.id,
        exercise_id: program.exerciseIds[0]!,
        day: '2026-03-02',
      },
      [fixtureFile('video', FIXTURES.mp4)],
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      text: 'Is this how it should look?',
      image_url: null,
      video_url: expect.stringMatching(/^\/api\/media\/\d+\//),
      program_id: program.id,
      exercise_id: program.exerciseIds[0],
      day: '2026-03-02',
    });
  });

  it('sends text alone as multipart too, blank tie fields counting as left out', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await sendForm(t, client, client.id, { text: 'Just a question', program_id: '', day: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      text: 'Just a question',
      image_url: null,
      program_id: null,
      day: null,
    });
  });
});

describe('refused sends keep no file', () => {
  it('answers 400 on the field when a part is not of its kind, or of a type feedback does not take', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const before = stored();
    for (const [field, fixture, message] of [
      ['image', FIXTURES.mp4, PHOTO_REFUSED],
      ['image', FIXTURES.webp, PHOTO_REFUSED],
      ['image', FIXTURES.textAsJpeg, PHOTO_REFUSED],
      ['video', FIXTURES.jpeg, VIDEO_REFUSED],
      ['video', FIXTURES.webm, VIDEO_REFUSED],
    ] as const) {
      const res = await sendForm(t, client, client.id, { text: 'Look' }, [fixtureFile(field, fixture)]);
      expect(res.statusCode, `${field} ${fixture}`).toBe(400);
      expect(res.json()).toEqual({ error: message, code: 'validation_error', fields: { [field]: message } });
    }
    expect(await messagesOf(client.id)).toEqual([]);
    expect(stored()).toBe(before);
    expect(tempFilesIn(dataDir)).toEqual([]);
  });

  it('answers 400 for no text and no file, two files, or a file under another name', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const before = stored();
    const empty = await sendForm(t, client, client.id, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: MESSAGE_TEXTS.empty, fields: { text: MESSAGE_TEXTS.empty } });
    expect((await sendForm(t, client, client.id, {})).json().fields).toEqual({ text: MESSAGE_TEXTS.empty });

    const two = await sendForm(t, client, client.id, { text: 'Both' }, [
      fixtureFile('image', FIXTURES.jpeg),
      fixtureFile('video', FIXTURES.mp4),
    ]);
    expect(two.statusCode).toBe(400);
    const oneFile = 'Send one photo or one video with a message.';
    expect(two.json()).toEqual({ error: oneFile, code: 'validation_error', fields: { video: oneFile } });

    const stray = await sendForm(t, client, client.id, { text: 'x' }, [fixtureFile('media', FIXTURES.jpeg)]);
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toMatchObject({ fields: { media: 'Unexpected file.' } });

    const long = await sendForm(t, client, client.id, { text: 'x'.repeat(2001) }, [
      fixtureFile('image', FIXTURES.jpeg),
    ]);
    expect(long.json()).toMatchObject({ fields: { text: VALIDATION_TEXTS.tooLong } });
    expect(await messagesOf(client.id)).toEqual([]);
    expect(stored()).toBe(before);
  });

  it('answers 413 for a file over 50 MB', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const before = stored();
    const res = await sendForm(t, client, client.id, { text: 'A long one' }, [
      {
        name: 'video',
        filename: 'long.mp4',
        contentType: 'video/mp4',
        data: Buffer.alloc(LIMITS.mediaMaxBytes + 1),
      },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: VALIDATION_TEXTS.fileTooLarge,
      code: 'payload_too_large',
      fields: { video: VALIDATION_TEXTS.fileTooLarge },
    });
    expect(await messagesOf(client.id)).toEqual([]);
    expect(stored()).toBe(before);
    expect(tempFilesIn(dataDir)).toEqual([]);
  });

  it('checks the conversation before any byte is written: 401, 404 elsewhere, 403 staff and messages off', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const stranger = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    const staff = await buildStaff(t.ctx);
    const closed = await buildCareTeam(t.ctx);
    await t.ctx.db.update(clinics).set({ messagesEnabled: false }).where(eq(clinics.id, closed.clinicId));
    const photo = [fixtureFile('image', FIXTURES.jpeg)];
    const before = stored();
    await withUploadsBlocked(dataDir, async () => {
      const signedOut = await sendForm(t, null, client.id, { text: 'Hi' }, photo);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toMatchObject({ error: ERROR_TEXTS.unauthenticated });
      for (const [user, clientId] of [
        [stranger, client.id],
        [therapist, 999999],
      ] as const) {
        const res = await sendForm(t, user, clientId, { text: 'Hi' }, photo);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: ERROR_TEXTS.notFound, code: 'not_found' });
      }
      const byStaff = await sendForm(t, staff, client.id, { text: 'Hi' }, photo);
      expect(byStaff.statusCode).toBe(403);
      expect(byStaff.json()).toMatchObject({ error: MESSAGE_TEXTS.staff });
      const off = await sendForm(t, closed.client, closed.client.id, { text: 'Hi' }, photo);
      expect(off.statusCode).toBe(403);
      expect(off.json()).toMatchObject({ code: 'messages_off', error: MESSAGE_TEXTS.off });
      // The control: in the conversation the same request does write, and the blocked folder fails it.
      expect((await sendForm(t, client, client.id, { text: 'Hi' }, photo)).statusCode).toBe(500);
    });
    expect(stored()).toBe(before);
    expect(await messagesOf(client.id)).toEqual([]);
  });
});

describe('an Idempotency-Key on a send with a file', () => {
  it('answers a repeat with the same message: one row and one stored file', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const headers = { 'idempotency-key': 'message-photo-1' };
    const before = stored();
    const photo = () => [fixtureFile('image', FIXTURES.jpeg)];
    const first = await sendForm(t, client, client.id, { text: 'From the bus' }, photo(), headers);
    const again = await sendForm(t, client, client.id, { text: 'From the bus' }, photo(), headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await messagesOf(client.id)).toHaveLength(1);
    expect(stored()).toBe(before + 1);

    // The same key with another file is another request: 422, nothing more stored.
    const other = await sendForm(
      t,
      client,
      client.id,
      { text: 'From the bus' },
      [fixtureFile('image', FIXTURES.png)],
      headers,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: ERROR_TEXTS.idempotencyKeyReused });
    expect(stored()).toBe(before + 1);
  });

  it('answers a repeat the first answer even once the clinic turned messages off, storing nothing', async () => {
    const { clinicId, client } = await buildCareTeam(t.ctx);
    const headers = { 'idempotency-key': 'message-photo-2' };
    const first = await sendForm(
      t,
      client,
      client.id,
      { text: 'Sent' },
      [fixtureFile('image', FIXTURES.gif)],
      headers,
    );
    await t.ctx.db.update(clinics).set({ messagesEnabled: false }).where(eq(clinics.id, clinicId));
    const before = stored();
    const again = await sendForm(
      t,
      client,
      client.id,
      { text: 'Sent' },
      [fixtureFile('image', FIXTURES.gif)],
      headers,
    );
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(stored()).toBe(before);
  });
});

describe('removing a message with a photo', () => {
  it('drops the photo from the answer, its media row and its file', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const sent = await sendForm(t, client, client.id, { text: 'Wrong photo' }, [
      fixtureFile('image', FIXTURES.png),
    ]);
    const { id, image_url: url } = sent.json();
    const before = stored();
    expect((await call(t, client, 'DELETE', `/api/messages/${id}/`)).statusCode).toBe(204);
    const page = await call(t, therapist, 'GET', `/api/clients/${client.id}/messages/`);
    expect(page.json().results[0]).toMatchObject({
      id,
      text: '',
      image_url: null,
      video_url: null,
      deleted: true,
    });
    expect(
      await t.ctx.db
        .select()
        .from(media)
        .where(eq(media.id, mediaIdOf(url))),
    ).toEqual([]);
    expect(stored()).toBe(before - 1);
    expect((await fetchUrl(url)).statusCode).toBe(404);
  });
});
