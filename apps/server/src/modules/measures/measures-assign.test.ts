import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MEASURE_SCHEDULE_MESSAGES } from '@hep/shared/schemas/measures';
import { auditLog } from '../../db/schema/audit-log';
import { buildCareTeam, buildClinic, buildStaff, buildTherapist, buildClient } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { assign, call } from './measures.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const NOW = new Date('2026-03-02T00:30:00Z'); // Monday 11:30 in Sydney
beforeEach(() => t.clock.set(NOW));

describe('GET /api/measures/instruments/', () => {
  it('lists the free set in the caller language where the instrument carries it, else English', async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const spanish = await buildClient(t.ctx, clinicId, therapist.id, { language: 'es' });
    const res = await call(t, spanish, 'GET', '/api/measures/instruments/');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ code: string; language: string; name: string; items: { text: string }[] }[]>();
    expect(list.map((i) => i.code)).toEqual([
      'nrs_pain',
      'psfs',
      'phq9',
      'gad7',
      'mfis',
      'tmwt',
      'chair_stand_30s',
      'balance_4stage',
    ]);
    const gad7 = list.find((i) => i.code === 'gad7')!;
    expect(gad7).toMatchObject({
      language: 'es',
      name: 'Escala del trastorno de ansiedad generalizada (GAD-7)',
    });
    expect(gad7.items[0]!.text).toBe('Se ha sentido nervioso(a), ansioso(a) o con los nervios de punta');
    expect(list.find((i) => i.code === 'mfis')).toMatchObject({ language: 'en' });

    const english = await call(t, therapist, 'GET', '/api/measures/instruments/');
    expect(english.json<{ code: string; language: string }[]>().every((i) => i.language === 'en')).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await call(t, null, 'GET', '/api/measures/instruments/')).statusCode).toBe(401);
  });
});

describe('POST /api/clients/{client_id}/measures/', () => {
  it('assigns a measure on a schedule: 201 with next_due and no results, audited', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const res = await assign(t, therapist, client.id, {
      instrument: 'phq9',
      first_due: '2026-03-02',
      every_days: 14,
      ends_on: '2026-06-01',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: number }>();
    expect(body).toMatchObject({
      instrument: 'phq9',
      first_due: '2026-03-02',
      every_days: 14,
      ends_on: '2026-06-01',
      next_due: '2026-03-02',
      stopped_at: null,
      created_at: NOW.toISOString(),
      results: [],
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetType, 'measure_assignment'))
      .orderBy(auditLog.seq);
    expect(audit).toMatchObject({ actorId: therapist.id, action: 'create', subjectUserId: client.id });
  });

  it('names each field at fault', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const cases: [object, Record<string, string>][] = [
      [{}, { instrument: 'This field is required.' }],
      [
        { instrument: 'quickdash', first_due: '2026-03-02', every_days: 0 },
        { instrument: MEASURE_SCHEDULE_MESSAGES.unknownInstrument },
      ],
      [{ instrument: 'gad7', first_due: '2026-02-30', every_days: 0 }, { first_due: 'Enter a valid date.' }],
      [
        { instrument: 'gad7', first_due: '2026-03-02', every_days: 366 },
        { every_days: MEASURE_SCHEDULE_MESSAGES.everyDays },
      ],
      [
        { instrument: 'gad7', first_due: '2026-03-02', every_days: 1.5 },
        { every_days: MEASURE_SCHEDULE_MESSAGES.everyDays },
      ],
      [
        { instrument: 'gad7', first_due: '2026-03-02', every_days: 7, ends_on: '2026-03-01' },
        { ends_on: MEASURE_SCHEDULE_MESSAGES.endsBeforeFirst },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await assign(t, therapist, client.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toMatchObject(fields);
    }
  });

  it('is for the care team and staff: the client 403, another clinic 404, signed out 401', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const payload = { instrument: 'gad7', first_due: '2026-03-02', every_days: 0 };
    expect((await assign(t, client, client.id, payload)).statusCode).toBe(403);
    const stranger = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    expect((await assign(t, stranger, client.id, payload)).statusCode).toBe(404);
    expect((await assign(t, null, client.id, payload)).statusCode).toBe(401);
    expect((await assign(t, await buildStaff(t.ctx), client.id, payload)).statusCode).toBe(201);
    const therapist = await buildTherapist(t.ctx, null);
    expect((await assign(t, therapist, therapist.id, payload)).statusCode).toBe(404);
  });
});

describe('GET /api/clients/{client_id}/measures/ and DELETE /api/measures/assignments/{id}/', () => {
  it('lists live assignments first, newest first; a stopped one keeps its results and is due no more', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const first = (
      await assign(t, therapist, client.id, { instrument: 'gad7', first_due: '2026-03-02', every_days: 7 })
    ).json<{ id: number }>().id;
    t.clock.set(new Date(NOW.getTime() + 60_000));
    const second = (
      await assign(t, therapist, client.id, { instrument: 'tmwt', first_due: '2026-03-09', every_days: 0 })
    ).json<{ id: number }>().id;
    const answers = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`gad7_${i + 1}`, 1]));
    expect(
      (await call(t, client, 'POST', `/api/measures/assignments/${first}/responses/`, { answers }))
        .statusCode,
    ).toBe(201);

    let list = await call(t, client, 'GET', `/api/clients/${client.id}/measures/`);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ id: number }[]>().map((a) => a.id)).toEqual([second, first]);

    const stop = await call(t, therapist, 'DELETE', `/api/measures/assignments/${first}/`);
    expect(stop.statusCode).toBe(204);
    list = await call(t, therapist, 'GET', `/api/clients/${client.id}/measures/`);
    const [live, stopped] =
      list.json<{ id: number; next_due: string | null; stopped_at: string | null; results: object[] }[]>();
    expect(live).toMatchObject({ id: second, next_due: '2026-03-09', stopped_at: null, results: [] });
    expect(stopped).toMatchObject({ id: first, next_due: null, stopped_at: expect.any(String) });
    expect(stopped!.results).toEqual([
      expect.objectContaining({
        score: 7,
        band: 'mild',
        entered_by: { id: client.id, name: 'Client Tester', role: 'client' },
      }),
    ]);
  });

  it('refuses a stop by the client (403) and outside the scope (404)', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const id = (
      await assign(t, therapist, client.id, { instrument: 'gad7', first_due: '2026-03-02', every_days: 7 })
    ).json<{ id: number }>().id;
    expect((await call(t, client, 'DELETE', `/api/measures/assignments/${id}/`)).statusCode).toBe(403);
    const stranger = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    expect((await call(t, stranger, 'DELETE', `/api/measures/assignments/${id}/`)).statusCode).toBe(404);
    expect((await call(t, stranger, 'GET', `/api/clients/${client.id}/measures/`)).statusCode).toBe(404);
    expect((await call(t, therapist, 'DELETE', '/api/measures/assignments/999999/')).statusCode).toBe(404);
  });
});
