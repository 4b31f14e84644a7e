import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS } from '@hep/shared/schemas/messages';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { auditLog } from '../../db/schema/audit-log';
import { clinics } from '../../db/schema/clinics';
import { messages } from '../../db/schema/messages';
import { buildCareTeam, buildClinic, buildStaff, buildTherapist } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildProgram } from '../../../test/program-factories';
import { call, send } from './messages.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const NOW = new Date('2026-03-02T00:30:00Z');
beforeEach(() => t.clock.set(NOW));

describe('POST and GET /api/clients/{client_id}/messages/', () => {
  it('lets the client and the care team write in one conversation, newest first, with who wrote each', async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const colleague = await buildTherapist(t.ctx, clinicId);
    const asked = await send(t, client, client.id, { text: '  Is my knee meant to click?  ' });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toEqual({
      id: expect.any(Number),
      sender: { id: client.id, name: 'Client Tester', role: 'client' },
      text: 'Is my knee meant to click?',
      image_url: null,
      video_url: null,
      program_id: null,
      exercise_id: null,
      day: null,
      created_at: NOW.toISOString(),
      deleted: false,
    });
    t.clock.set(new Date(NOW.getTime() + 60_000));
    await send(t, therapist, client.id, { text: 'A little, yes. Does it hurt?' });

    const page = await call(t, colleague, 'GET', `/api/clients/${client.id}/messages/`);
    expect(page.statusCode).toBe(200);
    expect(
      page.json().results.map((m: { text: string; sender: { role: string } }) => [m.sender.role, m.text]),
    ).toEqual([
      ['therapist', 'A little, yes. Does it hurt?'],
      ['client', 'Is my knee meant to click?'],
    ]);
    expect(page.json().next).toBeNull();
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetType, 'message'))
      .orderBy(auditLog.seq);
    expect(audit).toMatchObject({ actorId: client.id, action: 'create', subjectUserId: client.id });
  });

  it('pages older messages with before and limit', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const ids: number[] = [];
    for (let i = 1; i <= 5; i += 1)
      ids.push((await send(t, therapist, client.id, { text: `Note ${i}` })).json().id);
    const first = await call(t, client, 'GET', `/api/clients/${client.id}/messages/?limit=2`);
    expect(first.json().results.map((m: { id: number }) => m.id)).toEqual([ids[4], ids[3]]);
    expect(first.json().next).toBe(ids[3]);
    const last = await call(t, client, 'GET', `/api/clients/${client.id}/messages/?limit=2&before=${ids[1]}`);
    expect(last.json()).toMatchObject({ results: [{ id: ids[0] }], next: null });
    const bad = await call(t, client, 'GET', `/api/clients/${client.id}/messages/?limit=500`);
    expect(bad.statusCode).toBe(400);
  });

  it('ties a message to a day of one of the client programs and exercises, else 400', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, client.id, therapist.id);
    const exerciseId = program.exerciseIds[0]!;
    const tied = await send(t, client, client.id, {
      text: 'This one hurt.',
      program_id: program.id,
      exercise_id: exerciseId,
      day: '2026-03-02',
    });
    expect(tied.json()).toMatchObject({ program_id: program.id, exercise_id: exerciseId, day: '2026-03-02' });
    const other = await buildCareTeam(t.ctx);
    const otherProgram = await buildProgram(t.ctx, other.client.id, other.therapist.id);
    const wrong = await send(t, client, client.id, { text: 'x', program_id: otherProgram.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ program_id: MESSAGE_TEXTS.tie });
    const wrongExercise = await send(t, client, client.id, {
      text: 'x',
      program_id: program.id,
      exercise_id: otherProgram.exerciseIds[0],
    });
    expect(wrongExercise.json().fields).toEqual({ exercise_id: MESSAGE_TEXTS.tie });
  });

  it('names the text at fault: empty, too long, invalid characters', async () => {
    const { client } = await buildCareTeam(t.ctx);
    expect((await send(t, client, client.id, { text: '   ' })).json().fields).toEqual({
      text: MESSAGE_TEXTS.empty,
    });
    expect((await send(t, client, client.id, { text: 'x'.repeat(2001) })).json().fields).toEqual({
      text: VALIDATION_TEXTS.tooLong,
    });
    expect((await send(t, client, client.id, { text: 'a\u0000' })).statusCode).toBe(400);
    expect(await t.ctx.db.select().from(messages).where(eq(messages.clientId, client.id))).toEqual([]);
  });

  it('keeps everyone else out: another clinic 404, another client 404, staff 403, signed out 401', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const stranger = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    const other = await buildCareTeam(t.ctx);
    const staff = await buildStaff(t.ctx);
    for (const [user, status] of [
      [stranger, 404],
      [other.client, 404],
      [staff, 403],
      [null, 401],
    ] as const) {
      expect((await send(t, user, client.id, { text: 'hello' })).statusCode, String(status)).toBe(status);
      expect((await call(t, user, 'GET', `/api/clients/${client.id}/messages/`)).statusCode).toBe(status);
    }
  });

  it('refuses every call when the clinic turned messages off', async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    await t.ctx.db.update(clinics).set({ messagesEnabled: false }).where(eq(clinics.id, clinicId));
    const res = await send(t, therapist, client.id, { text: 'hello' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'messages_off', error: MESSAGE_TEXTS.off });
    expect((await call(t, client, 'GET', `/api/clients/${client.id}/messages/`)).statusCode).toBe(403);
  });

  it('saves once per Idempotency-Key', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const headers = { 'idempotency-key': 'message-offline-1' };
    const first = await send(t, client, client.id, { text: 'Sent from the bus' }, headers);
    const again = await send(t, client, client.id, { text: 'Sent from the bus' }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await t.ctx.db.select().from(messages).where(eq(messages.clientId, client.id))).toHaveLength(1);
    expect((await send(t, client, client.id, { text: 'Another' }, headers)).statusCode).toBe(422);
  });
});

describe('DELETE /api/messages/{id}/', () => {
  it('lets the sender remove a message within 5 minutes; it stays as removed', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const id = (await send(t, client, client.id, { text: 'Oops, wrong person' })).json().id;
    expect((await call(t, therapist, 'DELETE', `/api/messages/${id}/`)).statusCode).toBe(403);
    t.clock.set(new Date(NOW.getTime() + 4 * 60_000));
    expect((await call(t, client, 'DELETE', `/api/messages/${id}/`)).statusCode).toBe(204);
    const page = await call(t, therapist, 'GET', `/api/clients/${client.id}/messages/`);
    expect(page.json().results[0]).toMatchObject({ id, text: '', deleted: true });

    const late = (await send(t, client, client.id, { text: 'Kept' })).json().id;
    t.clock.set(new Date(NOW.getTime() + 10 * 60_000));
    const refused = await call(t, client, 'DELETE', `/api/messages/${late}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(MESSAGE_TEXTS.tooLate);
    const stranger = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    expect((await call(t, stranger, 'DELETE', `/api/messages/${late}/`)).statusCode).toBe(404);
    expect((await call(t, client, 'DELETE', '/api/messages/999999/')).statusCode).toBe(404);
  });
});

describe('reading and unread counts', () => {
  it("counts others' messages after what each reader last read, by conversation", async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const second = await buildCareTeam(t.ctx);
    const a = (await send(t, client, client.id, { text: 'One' })).json().id;
    const b = (await send(t, client, client.id, { text: 'Two' })).json().id;
    await send(t, therapist, client.id, { text: 'Reply' });

    const unread = await call(t, therapist, 'GET', '/api/messages/unread/');
    expect(unread.json()).toEqual({ total: 2, by_client: [{ client_id: client.id, count: 2 }] });
    expect((await call(t, client, 'GET', '/api/messages/unread/')).json()).toEqual({
      total: 1,
      by_client: [{ client_id: client.id, count: 1 }],
    });

    expect(
      (await call(t, therapist, 'POST', `/api/clients/${client.id}/messages/read/`, { up_to: a })).statusCode,
    ).toBe(204);
    expect((await call(t, therapist, 'GET', '/api/messages/unread/')).json().total).toBe(1);
    await call(t, therapist, 'POST', `/api/clients/${client.id}/messages/read/`, { up_to: b });
    // Never back: an older up_to leaves the mark where it is.
    await call(t, therapist, 'POST', `/api/clients/${client.id}/messages/read/`, { up_to: a });
    expect((await call(t, therapist, 'GET', '/api/messages/unread/')).json()).toEqual({
      total: 0,
      by_client: [],
    });

    // Another clinic's conversation never counts for this therapist.
    await send(t, second.client, second.client.id, { text: 'Elsewhere' });
    expect((await call(t, therapist, 'GET', '/api/messages/unread/')).json().total).toBe(0);
    expect((await call(t, await buildStaff(t.ctx), 'GET', '/api/messages/unread/')).statusCode).toBe(403);
    expect(
      (await call(t, second.therapist, 'POST', `/api/clients/${client.id}/messages/read/`, { up_to: a }))
        .statusCode,
    ).toBe(404);
  });
});
