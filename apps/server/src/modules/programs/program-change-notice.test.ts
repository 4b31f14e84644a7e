import { describe, expect, it } from 'vitest';
import { ZReminderPayload } from '@hep/shared/schemas/push';
import { deactivate } from '../../../test/factories';
import { sendForm } from '../../../test/program-factories';
import { changeNoticePayload } from './program-change-notice';
import {
  EXERCISE_NAMES,
  PROGRAM_NAME,
  programFields,
  useNoticeTestBed,
} from './program-change-notice.test-support';

const bed = useNoticeTestBed();
const HOUR = 60 * 60 * 1000;
const NAMES = new RegExp([PROGRAM_NAME, ...EXERCISE_NAMES].join('|'), 'i');

const MAIL_TEXT = [
  'Hello Client,',
  'Your therapist updated your exercises.',
  'Open the app to see them.',
  '',
  'Open My Programs: http://app.test/programs',
  '',
  'If you did not expect this email, you can ignore it.',
].join('\n');

describe('publishing tells the client', () => {
  it('by one push and one mail, free of health data, then not again within the hour', async () => {
    const { therapist, client, keys, endpoint, session } = await bed.team();

    const created = await bed.create(session, programFields(client.id));
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;

    const pushes = await bed.pushesTo(endpoint, keys);
    expect(pushes).toHaveLength(1);
    expect(ZReminderPayload.strict().parse(JSON.parse(pushes[0]!))).toEqual({
      title: 'Your exercises were updated',
      body: 'Your therapist updated your exercises.',
      url: '/programs',
      tag: 'program-updated',
    });
    expect(pushes[0]).not.toMatch(NAMES);
    expect(bed.push.receivedFor(endpoint!)[0]!.headers.ttl).toBe(String(24 * 60 * 60));

    const mails = await bed.mailsTo(client.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      purpose: 'program_changed',
      subject: 'Your exercises were updated',
      text: MAIL_TEXT,
    });
    expect(`${mails[0]!.subject} ${mails[0]!.text} ${mails[0]!.html}`).not.toMatch(NAMES);
    await bed.t.deliverMail();
    expect(bed.t.mailbox.messages.filter((m) => m.to === client.email)).toHaveLength(1);
    expect(await bed.notifiedAt(id)).toEqual(bed.t.clock.now());

    // Another save 59 minutes later: the client was told within the hour.
    const later = await bed.later(HOUR - 60_000, therapist);
    const again = await bed.update(later, id, programFields(client.id, { version: 1, name: 'Renamed' }));
    expect(again.statusCode).toBe(200);
    expect(await bed.pushesTo(endpoint, keys)).toHaveLength(1);
    expect(await bed.mailsTo(client.email)).toHaveLength(1);

    // An hour after the notice: told again, by the exercise calls too.
    const hourLater = await bed.later(60_000, therapist);
    const exercise = await sendForm(bed.t, hourLater, 'POST', '/api/exercises/', {
      program_id: id,
      name: 'Step ups',
      instructions: 'Use the bottom stair.',
    });
    expect(exercise.statusCode).toBe(201);
    expect(await bed.pushesTo(endpoint, keys)).toEqual([
      pushes[0],
      JSON.stringify(changeNoticePayload('en')),
    ]);
    expect(await bed.mailsTo(client.email)).toHaveLength(2);
  });

  it('not for a draft; publishing the draft does', async () => {
    const { client, keys, endpoint, session } = await bed.team();

    const draft = await bed.create(session, programFields(client.id, { is_draft: 'true' }));
    expect(draft.statusCode).toBe(201);
    const id = draft.json<{ id: number }>().id;
    const edited = await bed.update(session, id, programFields(client.id, { version: 1, is_draft: 'true' }));
    expect(edited.statusCode).toBe(200);
    expect(await bed.pushesTo(endpoint, keys)).toEqual([]);
    expect(await bed.mailsTo(client.email)).toEqual([]);
    expect(await bed.notifiedAt(id)).toBeNull();

    const published = await bed.update(session, id, programFields(client.id, { version: 2 }));
    expect(published.statusCode).toBe(200);
    expect(await bed.pushesTo(endpoint, keys)).toEqual([JSON.stringify(changeNoticePayload('en'))]);
    expect(await bed.mailsTo(client.email)).toHaveLength(1);
  });

  it('not when a published program goes back to draft', async () => {
    const { therapist, client, keys, endpoint, session } = await bed.team();
    const id = (await bed.create(session, programFields(client.id))).json<{ id: number }>().id;
    const later = await bed.later(2 * HOUR, therapist);

    const unpublished = await bed.update(
      later,
      id,
      programFields(client.id, { version: 1, is_draft: 'true' }),
    );
    expect(unpublished.statusCode).toBe(200);
    expect(await bed.pushesTo(endpoint, keys)).toHaveLength(1);
    expect(await bed.mailsTo(client.email)).toHaveLength(1);
  });

  it('by push only when the client does not receive email, by mail only without a browser', async () => {
    const pushOnly = await bed.team({ receivesEmail: false });
    expect((await bed.create(pushOnly.session, programFields(pushOnly.client.id))).statusCode).toBe(201);
    expect(await bed.pushesTo(pushOnly.endpoint, pushOnly.keys)).toHaveLength(1);
    expect(await bed.mailsTo(pushOnly.client.email)).toEqual([]);

    const mailOnly = await bed.team({ push: false });
    expect((await bed.create(mailOnly.session, programFields(mailOnly.client.id))).statusCode).toBe(201);
    expect(await bed.mailsTo(mailOnly.client.email)).toHaveLength(1);
  });

  it('nothing for an inactive client', async () => {
    const { client, keys, endpoint, session } = await bed.team();
    const id = (await bed.create(session, programFields(client.id, { is_draft: 'true' }))).json<{
      id: number;
    }>().id;
    await deactivate(bed.t.ctx, client.id);

    expect((await bed.update(session, id, programFields(client.id, { version: 1 }))).statusCode).toBe(200);
    expect(await bed.pushesTo(endpoint, keys)).toEqual([]);
    expect(await bed.mailsTo(client.email)).toEqual([]);
    expect(await bed.notifiedAt(id)).toBeNull();
  });

  it('nothing from a save that lost a race (409)', async () => {
    const { therapist, client, keys, endpoint, session } = await bed.team();
    const id = (await bed.create(session, programFields(client.id, { is_draft: 'true' }))).json<{
      id: number;
    }>().id;

    // Both publish from version 1 at once: one wins, the other answers 409 and tells nobody.
    const answers = await Promise.all([
      bed.update(session, id, programFields(client.id, { version: 1 })),
      bed.update(session, id, programFields(client.id, { version: 1, name: 'Other' })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await bed.pushesTo(endpoint, keys)).toHaveLength(1);
    expect(await bed.mailsTo(client.email)).toHaveLength(1);

    // A stale save an hour later is refused and sends nothing either.
    const later = await bed.later(2 * HOUR, therapist);
    const stale = await bed.update(later, id, programFields(client.id, { version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(await bed.pushesTo(endpoint, keys)).toHaveLength(1);
    expect(await bed.mailsTo(client.email)).toHaveLength(1);
  });
});
