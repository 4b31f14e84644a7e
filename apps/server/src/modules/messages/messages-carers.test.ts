import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS } from '@hep/shared/schemas/messages';
import type { TCarerAccess } from '@hep/shared/schemas/carers';
import { buildCareTeam, buildCarer, buildCarerLink } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { findPushRecipients } from './messages.repository';
import { missedMessageEvents } from '../events/events.service';
import { call, send } from './messages.test-support';

// A carer with a live full link takes part in the client's conversation (docs/product/carers.md#levels,
// docs/product/messages.md#who); a view or log link does not, and no link means the conversation is not there.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const NOW = new Date('2026-03-02T09:00:00Z');
beforeEach(() => t.clock.set(NOW));

async function linked(access: TCarerAccess, expiresOn: string | null = null) {
  const team = await buildCareTeam(t.ctx);
  const carer = await buildCarer(t.ctx, { firstName: 'Maria', lastName: 'Lopez' });
  const linkId = await buildCarerLink(t.ctx, carer.id, team.client.id, team.therapist.id, {
    access,
    expiresOn,
  });
  return { ...team, carer, linkId };
}

describe('messages and carers', () => {
  it('lets a full carer read, write and count unread in the conversation, as a carer', async () => {
    const { client, therapist, carer } = await linked('full');
    await send(t, therapist, client.id, { text: 'How did the walk go?' });
    const unread = await call(t, carer, 'GET', '/api/messages/unread/');
    expect(unread.json()).toEqual({ total: 1, by_client: [{ client_id: client.id, count: 1 }] });

    const sent = await send(t, carer, client.id, { text: 'Mum walked to the corner and back.' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().sender).toEqual({ id: carer.id, name: 'Maria Lopez', role: 'carer' });
    const page = await call(t, client, 'GET', `/api/clients/${client.id}/messages/`);
    expect(page.json().results.map((m: { text: string }) => m.text)).toEqual([
      'Mum walked to the corner and back.',
      'How did the walk go?',
    ]);

    // The care team and the client hear of it; the carer hears of theirs, at their own page for the client.
    const recipients = await findPushRecipients(t.ctx.db, {
      clientId: client.id,
      senderId: therapist.id,
      today: '2026-03-02',
    });
    expect(recipients.find((r) => r.user_id === carer.id)).toMatchObject({
      is_carer: true,
      is_client: false,
    });
    // A stream reopened after a gap replays the carer's conversations too.
    const asCaller = {
      id: carer.id,
      email: carer.email,
      firstName: 'Maria',
      language: 'en' as const,
      isStaff: false,
      isTherapist: false,
      isCarer: true,
      clinicId: null,
    };
    const reply = await send(t, therapist, client.id, { text: 'Well done, both of you.' });
    const missed = await missedMessageEvents(t.ctx, asCaller, String(sent.json().id));
    expect(missed).toEqual([{ id: reply.json().id, client_id: client.id, sender_id: therapist.id }]);
  });

  it('refuses a view or log carer with 403 and a carer without a link with 404', async () => {
    for (const access of ['view', 'log'] as const) {
      const { client, carer } = await linked(access);
      const read = await call(t, carer, 'GET', `/api/clients/${client.id}/messages/`);
      expect(read.statusCode).toBe(403);
      expect(read.json().error).toBe(MESSAGE_TEXTS.carer);
      expect((await send(t, carer, client.id, { text: 'Hello' })).statusCode).toBe(403);
      expect((await call(t, carer, 'GET', '/api/messages/unread/')).json()).toEqual({
        total: 0,
        by_client: [],
      });
    }
    const { client } = await linked('full');
    const stranger = await buildCarer(t.ctx);
    expect((await call(t, stranger, 'GET', `/api/clients/${client.id}/messages/`)).statusCode).toBe(404);
  });

  it('drops a full carer from the conversation once the link has passed its last day', async () => {
    const { client, therapist, carer } = await linked('full', '2026-03-02');
    expect((await call(t, carer, 'GET', `/api/clients/${client.id}/messages/`)).statusCode).toBe(200);
    t.clock.set(new Date('2026-03-03T00:00:01Z'));
    expect((await call(t, carer, 'GET', `/api/clients/${client.id}/messages/`)).statusCode).toBe(404);
    const recipients = await findPushRecipients(t.ctx.db, {
      clientId: client.id,
      senderId: therapist.id,
      today: '2026-03-03',
    });
    expect(recipients.map((r) => r.user_id)).not.toContain(carer.id);
  });
});
