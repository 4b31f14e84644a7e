import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { ZMetrics } from '@hep/shared/schemas/staff';
import { feedback } from '../../db/schema/feedback';
import { exercises } from '../../db/schema/exercises';
import { programs } from '../../db/schema/programs';
import {
  buildClient,
  buildClinic,
  buildStaff,
  buildTherapist,
  deactivate,
  login,
  type Session,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';

// Metrics are global, so this file builds one known fixture on its own fresh database and checks exact figures.
let t: TestApp;
let staffSession: Session;
let therapistSession: Session;
let clientSession: Session;
let firstExercises: number[];
let firstProgram: number;
let c1: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const alpha = await buildClinic(t.ctx, 'Alpha Clinic');
  const beta = await buildClinic(t.ctx, 'beta Clinic');
  await buildClinic(t.ctx, 'Empty Clinic');

  const staff = await buildStaff(t.ctx);
  const oldStaff = await buildStaff(t.ctx);
  await deactivate(t.ctx, oldStaff.id);

  const t1 = await buildTherapist(t.ctx, alpha, { email: 'tara@alpha.test' });
  const t2 = await buildTherapist(t.ctx, alpha, { email: 'tom@alpha.test' });
  await deactivate(t.ctx, t2.id);
  const t3 = await buildTherapist(t.ctx, beta, { email: 'bo@beta.test' });
  const t4 = await buildTherapist(t.ctx, null, { email: 'ted@solo.test' });

  c1 = await buildClient(t.ctx, alpha, t1.id);
  const c2 = await buildClient(t.ctx, alpha, t1.id);
  const c3 = await buildClient(t.ctx, alpha, t1.id);
  await deactivate(t.ctx, c3.id);
  const c4 = await buildClient(t.ctx, beta, t3.id);
  const c5 = await buildClient(t.ctx, null, t4.id);

  const program = (therapistId: number | null, clientId: number) => ({
    therapistId,
    clientId,
    name: 'Balance',
    startDate: '2025-01-06',
    endDate: '2025-03-31',
    daysOfWeek: ['MON', 'WED'],
    isDraft: false,
  });
  const created = await t.ctx.db
    .insert(programs)
    .values([
      program(t1.id, c1.id),
      program(t1.id, c1.id),
      program(t1.id, c2.id),
      program(t3.id, c4.id),
      program(t4.id, c5.id),
      program(t4.id, c5.id),
      program(t4.id, c5.id),
      // A program whose therapist has left (the account was deleted) counts for nobody.
      program(null, c2.id),
    ])
    .returning({ id: programs.id });
  firstProgram = created[0]!.id;
  firstExercises = (
    await t.ctx.db
      .insert(exercises)
      .values([
        { programId: firstProgram, position: 0, name: 'Sit to stand', instructions: '10 times' },
        { programId: firstProgram, position: 1, name: 'Heel raises', instructions: '10 times' },
      ])
      .returning({ id: exercises.id })
  ).map((e) => e.id);

  staffSession = await login(t, staff);
  therapistSession = await login(t, t1);
  clientSession = await login(t, c1);
});
afterAll(() => t.close());

const getMetrics = (session: Session | null = staffSession) =>
  t.app.inject({ method: 'GET', url: '/api/metrics/', ...(session ? { headers: session.headers } : {}) });

describe('GET /api/metrics/', () => {
  it('counts users, clinics and programs of the fixture exactly; no feedback yet means no average', async () => {
    const res = await getMetrics();

    expect(res.statusCode).toBe(200);
    expect(ZMetrics.strict().parse(res.json())).toEqual({
      users: { total: 11, active: 8, therapists: 4, clients: 5 },
      clinics: [
        {
          name: 'Alpha Clinic',
          total_therapists: 2,
          active_therapists: 1,
          total_clients: 3,
          active_clients: 2,
          total_users: 5,
          active_users: 3,
        },
        {
          name: 'beta Clinic',
          total_therapists: 1,
          active_therapists: 1,
          total_clients: 1,
          active_clients: 1,
          total_users: 2,
          active_users: 2,
        },
        {
          name: 'Empty Clinic',
          total_therapists: 0,
          active_therapists: 0,
          total_clients: 0,
          active_clients: 0,
          total_users: 0,
          active_users: 0,
        },
      ],
      programs: {
        by_therapist: [
          { user__email: 'tara@alpha.test', program_count: 3, client_count: 2 },
          { user__email: 'ted@solo.test', program_count: 3, client_count: 1 },
          { user__email: 'bo@beta.test', program_count: 1, client_count: 1 },
        ],
      },
      exercise_feedback: { total: 0, average_effort: null },
    });
  });

  it('counts feedback and averages the effort to one decimal', async () => {
    const entry = (exerciseId: number, date: string, effortRating: number) => ({
      exerciseId,
      programId: firstProgram,
      clientId: c1.id,
      dateCompleted: date,
      effortRating,
    });
    await t.ctx.db.insert(feedback).values([
      entry(firstExercises[0]!, '2025-01-06', 3),
      entry(firstExercises[1]!, '2025-01-06', 4),
      entry(firstExercises[0]!, '2025-01-08', 4),
      // 0 means "not rated" (docs/product/feedback-and-progress.md#effort): counted as feedback, not in the average.
      entry(firstExercises[1]!, '2025-01-08', 0),
    ]);

    const res = await getMetrics();

    expect(res.statusCode).toBe(200);
    // 11 / 3 = 3.666...
    expect(res.json().exercise_feedback).toEqual({ total: 4, average_effort: 3.7 });
  });

  it('answers 401 without a token', async () => {
    const res = await getMetrics(null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: ERROR_TEXTS.unauthenticated });
  });

  it('answers 403 to therapists and clients', async () => {
    for (const session of [therapistSession, clientSession]) {
      const res = await getMetrics(session);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
    }
  });
});
