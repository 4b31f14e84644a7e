import { and, eq } from 'drizzle-orm';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZProgram } from '@hep/shared/schemas/programs';
import { auditLog } from '../../db/schema/audit-log';
import {
  buildCareTeam,
  buildClient,
  buildClinic,
  buildStaff,
  buildTherapist,
  login,
  type Session,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildFeedback, buildProgram, dayFrom } from '../../../test/program-factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOT_FOUND = { error: ERROR_TEXTS.notFound, code: 'not_found' };
const get = (session: Session | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: session ? session.headers : {} });
const namesOf = (body: { name: string }[]) => body.map((p) => p.name).sort();

describe('GET /api/programs/{id}/', () => {
  it('gives the care team the program with names, discipline, ordered exercises and the last completed date', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, client.id, therapist.id, {
      name: 'Walking plan',
      startDate: '2025-01-06',
      endDate: '2025-03-01',
      daysOfWeek: ['MON', 'FRI'],
      exercises: [
        { name: 'Second', position: 1 },
        { name: 'First', position: 0, instructions: 'Walk 5 minutes.' },
      ],
    });
    await buildFeedback(t.ctx, program.exerciseIds[0]!, { dateCompleted: '2025-01-10' });
    await buildFeedback(t.ctx, program.exerciseIds[1]!, { dateCompleted: '2025-01-13' });

    const session = await login(t, therapist);
    for (const url of [`/api/programs/${program.id}/`, `/api/programs/${program.id}`]) {
      const res = await get(session, url);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(ZProgram.strict().parse(body)).toEqual(body);
      expect(body).toMatchObject({
        id: program.id,
        name: 'Walking plan',
        client: { id: client.id, user: { id: client.id }, first_name: 'Client', last_name: 'Tester' },
        client_name: 'Client Tester',
        therapist: therapist.id,
        therapist_name: 'Therapist Tester',
        therapist_discipline: 'Physiotherapist',
        start_date: '2025-01-06',
        end_date: '2025-03-01',
        days_of_week: ['MON', 'FRI'],
        is_draft: false,
        version: 1,
        last_completed: '2025-01-13',
      });
      expect(body.exercises.map((e: { name: string }) => e.name)).toEqual(['First', 'Second']);
      expect(body.exercises[0]).toMatchObject({
        program: program.id,
        position: 0,
        instructions: 'Walk 5 minutes.',
        discipline: 'Physiotherapist',
        image_url: null,
        video_url: null,
        source_exercise: null,
      });
    }
  });

  it('shows a client their own published program but answers 404 for their draft', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const published = await buildProgram(t.ctx, client.id, therapist.id);
    const draft = await buildProgram(t.ctx, client.id, therapist.id, { isDraft: true });
    const session = await login(t, client);
    expect((await get(session, `/api/programs/${published.id}/`)).statusCode).toBe(200);
    const res = await get(session, `/api/programs/${draft.id}/`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('answers 404 for another clinic, another client, and an unknown id; 401 without a token', async () => {
    const team = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, team.client.id, team.therapist.id);
    const outsider = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    const otherClient = await buildClient(t.ctx, team.clinicId, team.therapist.id);
    for (const viewer of [outsider, otherClient]) {
      const res = await get(await login(t, viewer), `/api/programs/${program.id}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await get(await login(t, team.therapist), '/api/programs/999999/')).statusCode).toBe(404);
    const anonymous = await get(null, `/api/programs/${program.id}/`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthenticated');
  });

  it('lets a colleague of the clinic and staff see it, and records each read in the audit log', async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, client.id, therapist.id);
    const colleague = await buildTherapist(t.ctx, clinicId);
    const staff = await buildStaff(t.ctx);
    for (const viewer of [colleague, staff]) {
      const res = await get(await login(t, viewer), `/api/programs/${program.id}/`);
      expect(res.statusCode).toBe(200);
      const rows = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, viewer.id), eq(auditLog.targetType, 'program')));
      expect(rows).toMatchObject([
        { action: 'read', targetIds: [program.id], subjectUserId: client.id, details: null },
      ]);
    }
  });
});

describe('bad ids and instants', () => {
  it('answers 400 with a message a person can read', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, client.id, therapist.id);
    const session = await login(t, therapist);
    const badClient = await get(session, '/api/programs/?client=abc');
    expect(badClient.statusCode).toBe(400);
    expect(badClient.json()).toMatchObject({
      error: 'Enter a valid id.',
      fields: { client: 'Enter a valid id.' },
    });
    const tooBig = await get(session, '/api/programs/3000000000/');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error).toBe('Enter a valid id.');
    const badInstant = await get(session, `/api/programs/${program.id}/historical/?datetime=yesterday`);
    expect(badInstant.statusCode).toBe(400);
    expect(badInstant.json().error).toBe('Give the instant as an ISO 8601 date and time.');
  });
});

describe('GET /api/programs/', () => {
  it("gives a therapist the programs of their clinic's clients (drafts included) and nothing else", async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const colleague = await buildTherapist(t.ctx, clinicId);
    const colleaguesClient = await buildClient(t.ctx, clinicId, colleague.id);
    await buildProgram(t.ctx, client.id, therapist.id, { name: 'A' });
    await buildProgram(t.ctx, client.id, therapist.id, { name: 'B draft', isDraft: true });
    await buildProgram(t.ctx, colleaguesClient.id, colleague.id, { name: 'C' });
    const other = await buildCareTeam(t.ctx);
    await buildProgram(t.ctx, other.client.id, other.therapist.id, { name: 'Elsewhere' });

    const res = await get(await login(t, therapist), '/api/programs/');
    expect(res.statusCode).toBe(200);
    expect(namesOf(res.json())).toEqual(['A', 'B draft', 'C']);
  });

  it('gives a therapist without a clinic only the programs of clients they created', async () => {
    const loner = await buildTherapist(t.ctx, null);
    const mine = await buildClient(t.ctx, null, loner.id);
    const someoneElse = await buildTherapist(t.ctx, null);
    const theirs = await buildClient(t.ctx, null, someoneElse.id);
    await buildProgram(t.ctx, mine.id, loner.id, { name: 'Mine' });
    await buildProgram(t.ctx, theirs.id, someoneElse.id, { name: 'Theirs' });
    const res = await get(await login(t, loner), '/api/programs/');
    expect(namesOf(res.json())).toEqual(['Mine']);
  });

  it('gives a client only their own published programs', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const sibling = await buildClient(t.ctx, (await buildCareTeam(t.ctx)).clinicId, null);
    await buildProgram(t.ctx, client.id, therapist.id, { name: 'Mine' });
    await buildProgram(t.ctx, client.id, therapist.id, { name: 'My draft', isDraft: true });
    await buildProgram(t.ctx, sibling.id, therapist.id, { name: 'Not mine' });
    const session = await login(t, client);
    expect(namesOf((await get(session, '/api/programs/')).json())).toEqual(['Mine']);
    expect(namesOf((await get(session, `/api/programs/?client=${client.id}`)).json())).toEqual(['Mine']);
    expect((await get(session, `/api/programs/?client=${sibling.id}`)).statusCode).toBe(404);
  });

  it('filters by client for the care team and staff; another clinic or a non-client answers 404', async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const second = await buildClient(t.ctx, clinicId, therapist.id);
    await buildProgram(t.ctx, client.id, therapist.id, { name: 'For first' });
    await buildProgram(t.ctx, client.id, therapist.id, { name: 'First draft', isDraft: true });
    await buildProgram(t.ctx, second.id, therapist.id, { name: 'For second' });
    const session = await login(t, therapist);
    const res = await get(session, `/api/programs/?client=${client.id}`);
    expect(namesOf(res.json())).toEqual(['First draft', 'For first']);
    const staffRes = await get(await login(t, await buildStaff(t.ctx)), `/api/programs/?client=${second.id}`);
    expect(namesOf(staffRes.json())).toEqual(['For second']);

    const outsider = await buildCareTeam(t.ctx);
    for (const url of [
      `/api/programs/?client=${outsider.client.id}`,
      `/api/programs/?client=${therapist.id}`,
      '/api/programs/?client=999999',
    ]) {
      expect((await get(session, url)).json()).toEqual(NOT_FOUND);
    }
    const bad = await get(session, '/api/programs/?client=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('client');
  });

  it('gives staff every program', async () => {
    const a = await buildCareTeam(t.ctx);
    const b = await buildCareTeam(t.ctx);
    const pa = await buildProgram(t.ctx, a.client.id, a.therapist.id);
    const pb = await buildProgram(t.ctx, b.client.id, b.therapist.id, { isDraft: true });
    const res = await get(await login(t, await buildStaff(t.ctx)), '/api/programs/');
    const ids = res.json().map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([pa.id, pb.id]));
  });

  it('lists many programs with the same number of queries as one (no N+1), each with its own data', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const first = await buildProgram(t.ctx, client.id, therapist.id, {
      name: 'P0',
      startDate: dayFrom(t.ctx, -1),
    });
    await buildFeedback(t.ctx, first.exerciseIds[0]!, { dateCompleted: '2025-02-03' });
    const session = await login(t, therapist);
    const spy = vi.spyOn(t.ctx.db, 'select');
    await get(session, `/api/programs/?client=${client.id}`);
    const queriesForOne = spy.mock.calls.length;
    expect(queriesForOne).toBeGreaterThan(1);

    const more: Awaited<ReturnType<typeof buildProgram>>[] = [];
    for (let i = 1; i <= 5; i += 1) {
      more.push(
        await buildProgram(t.ctx, client.id, therapist.id, {
          name: `P${i}`,
          startDate: dayFrom(t.ctx, i),
          exercises: Array.from({ length: i }, (_, n) => ({ name: `P${i} exercise ${n}` })),
        }),
      );
    }
    await buildFeedback(t.ctx, more[2]!.exerciseIds[1]!, { dateCompleted: '2025-03-04' });
    spy.mockClear();
    const res = await get(session, `/api/programs/?client=${client.id}`);
    expect(spy.mock.calls.length).toBe(queriesForOne);
    spy.mockRestore();

    const body = res.json() as {
      name: string;
      exercises: { name: string }[];
      last_completed: string | null;
    }[];
    expect(body.map((p) => p.name)).toEqual(['P5', 'P4', 'P3', 'P2', 'P1', 'P0']);
    for (const program of body.slice(0, 5)) {
      const n = Number(program.name.slice(1));
      expect(program.exercises.map((e) => e.name)).toEqual(
        Array.from({ length: n }, (_, i) => `P${n} exercise ${i}`),
      );
    }
    expect(body.map((p) => p.last_completed)).toEqual([null, null, '2025-03-04', null, null, '2025-02-03']);
  });

  it('answers 401 without a token', async () => {
    expect((await get(null, '/api/programs/')).statusCode).toBe(401);
  });
});
