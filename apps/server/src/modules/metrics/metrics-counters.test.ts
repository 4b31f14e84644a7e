import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@hep/shared/domain/day-status';
import { clinics } from '../../db/schema/clinics';
import { exercises } from '../../db/schema/exercises';
import { feedback } from '../../db/schema/feedback';
import { programs } from '../../db/schema/programs';
import { clientProfiles, therapistProfiles, users } from '../../db/schema/users';
import {
  buildCarer,
  buildClient,
  buildClinic,
  buildStaff,
  buildTherapist,
  deactivate,
  login,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { runRetention } from '../retention/retention.service';
import { deactivatedAgo } from '../retention/retention.test-support';
import { getMetricsByFullScan } from './metrics-full-scan.test-support';
import { getMetrics } from './metrics.service';

// The counters (docs/decisions/028-staff-counters.md) must answer exactly what counting every row answered: after
// each kind of write below, the read's JSON is compared with the full scan's, character for character.
let t: TestApp;
let staff: TestUser;
let therapists: TestUser[];
let clients: TestUser[];
let clinicIds: number[];
const made: { programId: number; exerciseId: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function expectSameAsFullScan() {
  const [counted, scanned] = await Promise.all([getMetrics(t.ctx), getMetricsByFullScan(t.ctx.db)]);
  expect(JSON.stringify(counted)).toBe(JSON.stringify(scanned));
  return counted;
}

let day = 0;
/** A published program with one exercise and a report of each effort on successive days. */
async function programWithFeedback(therapistId: number | null, clientId: number, efforts: number[]) {
  const [program] = await t.ctx.db
    .insert(programs)
    .values({
      therapistId,
      clientId,
      name: 'Balance',
      startDate: '2025-01-06',
      endDate: '2025-12-31',
      daysOfWeek: ['MON', 'WED'],
      isDraft: false,
    })
    .returning({ id: programs.id });
  const [exercise] = await t.ctx.db
    .insert(exercises)
    .values({ programId: program!.id, position: 0, name: 'Sit to stand', instructions: '10 times' })
    .returning({ id: exercises.id });
  if (efforts.length > 0)
    await t.ctx.db.insert(feedback).values(
      efforts.map((effortRating) => ({
        exerciseId: exercise!.id,
        programId: program!.id,
        clientId,
        dateCompleted: addDays('2025-01-06', day++),
        effortRating,
      })),
    );
  const ids = { programId: program!.id, exerciseId: exercise!.id };
  made.push(ids);
  return ids;
}

describe('the staff metrics counters', () => {
  it('answer as the full scan does on an empty database (no feedback: no average)', async () => {
    const metrics = await expectSameAsFullScan();
    expect(metrics.exercise_feedback).toEqual({ total: 0, average_effort: null });
  });

  it('answer as the full scan does on a varied dataset, through the API too', async () => {
    clinicIds = [
      await buildClinic(t.ctx, 'Harbour Physio'),
      await buildClinic(t.ctx, 'alpine Rehab'),
      await buildClinic(t.ctx, 'Empty Clinic'),
    ];
    staff = await buildStaff(t.ctx);
    await deactivate(t.ctx, (await buildStaff(t.ctx)).id);
    await buildCarer(t.ctx);
    therapists = [
      await buildTherapist(t.ctx, clinicIds[0]!, { email: 'b-therapist@example.test' }),
      await buildTherapist(t.ctx, clinicIds[0]!, { email: 'a-therapist@example.test' }),
      await buildTherapist(t.ctx, clinicIds[1]!),
      await buildTherapist(t.ctx, null),
    ];
    await deactivate(t.ctx, therapists[1]!.id);
    clients = [];
    for (let i = 0; i < 8; i += 1) {
      const clinicId = i === 7 ? null : clinicIds[i % 2]!;
      clients.push(await buildClient(t.ctx, clinicId, therapists[i % 4]!.id));
    }
    await deactivate(t.ctx, clients[2]!.id);
    await deactivate(t.ctx, clients[5]!.id);
    // Ties on the program count fall to the email; several programs of one client count the client once.
    await programWithFeedback(therapists[0]!.id, clients[0]!.id, [3, 4, 0, 4]);
    await programWithFeedback(therapists[0]!.id, clients[0]!.id, [7]);
    await programWithFeedback(therapists[1]!.id, clients[1]!.id, [0, 0]);
    await programWithFeedback(therapists[1]!.id, clients[3]!.id, []);
    await programWithFeedback(therapists[2]!.id, clients[4]!.id, [10, 1, 2]);
    await programWithFeedback(therapists[3]!.id, clients[7]!.id, [5]);
    await programWithFeedback(null, clients[6]!.id, [6, 9]);

    const metrics = await expectSameAsFullScan();
    expect(metrics.users).toEqual({ total: 15, active: 11, therapists: 4, clients: 8 });
    expect(metrics.exercise_feedback).toEqual({ total: 13, average_effort: 5.1 });
    const session = await login(t, staff);
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics/', headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(await getMetricsByFullScan(t.ctx.db)));
  });

  it('follow efforts changed, reports deleted and exercises and programs removed', async () => {
    const [first, second, third, , fifth] = made;
    await t.ctx.db.update(feedback).set({ effortRating: 9 }).where(eq(feedback.effortRating, 0));
    await expectSameAsFullScan();
    await t.ctx.db
      .update(feedback)
      .set({ effortRating: 0 })
      .where(eq(feedback.exerciseId, fifth!.exerciseId));
    await t.ctx.db
      .update(feedback)
      .set({ feeling: 'Tired' })
      .where(eq(feedback.exerciseId, first!.exerciseId));
    await expectSameAsFullScan();
    const [one] = await t.ctx.db
      .select({ id: feedback.id })
      .from(feedback)
      .where(eq(feedback.exerciseId, first!.exerciseId))
      .limit(1);
    await t.ctx.db.delete(feedback).where(eq(feedback.id, one!.id));
    await expectSameAsFullScan();
    await t.ctx.db.delete(exercises).where(eq(exercises.id, second!.exerciseId));
    await expectSameAsFullScan();
    await t.ctx.db.delete(programs).where(eq(programs.id, third!.programId));
    await expectSameAsFullScan();
  });

  it('follow programs handed over, profiles moved, kinds changed, users and clinics deleted', async () => {
    await t.ctx.db
      .update(programs)
      .set({ therapistId: therapists[2]!.id })
      .where(eq(programs.id, made[0]!.programId));
    await t.ctx.db.update(programs).set({ therapistId: null }).where(eq(programs.id, made[4]!.programId));
    await t.ctx.db
      .update(programs)
      .set({ therapistId: therapists[3]!.id })
      .where(eq(programs.id, made[6]!.programId));
    await expectSameAsFullScan();
    await t.ctx.db
      .update(clientProfiles)
      .set({ clinicId: clinicIds[2]! })
      .where(eq(clientProfiles.userId, clients[0]!.id));
    await t.ctx.db
      .update(therapistProfiles)
      .set({ clinicId: null })
      .where(eq(therapistProfiles.userId, therapists[2]!.id));
    await expectSameAsFullScan();
    await t.ctx.db.update(users).set({ isActive: true }).where(eq(users.id, clients[2]!.id));
    await t.ctx.db.update(users).set({ isCarer: true }).where(eq(users.id, clients[6]!.id));
    await t.ctx.db.update(users).set({ isTherapist: false }).where(eq(users.id, therapists[1]!.id));
    await expectSameAsFullScan();
    // A therapist's account deleted: their profile goes by cascade, their programs count for nobody.
    await t.ctx.db.delete(users).where(eq(users.id, therapists[3]!.id));
    await expectSameAsFullScan();
    await t.ctx.db.delete(clinics).where(eq(clinics.id, clinicIds[1]!));
    await expectSameAsFullScan();
  });

  it('leave nothing behind when a transaction rolls back', async () => {
    const before = await getMetrics(t.ctx);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await tx.insert(feedback).values({
          exerciseId: made[0]!.exerciseId,
          programId: made[0]!.programId,
          clientId: clients[0]!.id,
          dateCompleted: '2026-01-01',
          effortRating: 8,
        });
        await tx.update(users).set({ isActive: false }).where(eq(users.id, clients[0]!.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await getMetrics(t.ctx)).toEqual(before);
  });

  it('follow a retention erasure, whose cascade removes the client, their programs and reports', async () => {
    const client = clients[4]!;
    await deactivatedAgo(t.ctx, client.id, 8);
    const report = await runRetention(t.ctx);
    expect(report.clients.map((c) => c.id)).toContain(client.id);
    await expectSameAsFullScan();
  });

  it('stay right under concurrent writes, each in its own transaction', async () => {
    const therapist = await buildTherapist(t.ctx, clinicIds[0]!);
    const team = await Promise.all(
      Array.from({ length: 6 }, () => buildClient(t.ctx, clinicIds[0]!, therapist.id)),
    );
    const kept = await Promise.all(team.map((c) => programWithFeedback(therapist.id, c.id, [2, 0])));
    const dropped = await Promise.all(team.map((c) => programWithFeedback(therapist.id, c.id, [4, 6])));
    const writes = team.flatMap((client, i) => [
      ...Array.from({ length: 5 }, (_, n) =>
        t.ctx.db.insert(feedback).values({
          exerciseId: kept[i]!.exerciseId,
          programId: kept[i]!.programId,
          clientId: client.id,
          dateCompleted: addDays('2026-02-02', n),
          effortRating: (i + n) % 11,
        }),
      ),
      programWithFeedback(therapist.id, client.id, [i]),
      t.ctx.db.delete(programs).where(eq(programs.id, dropped[i]!.programId)),
      i % 2
        ? deactivate(t.ctx, client.id)
        : t.ctx.db.delete(feedback).where(sql`${feedback.exerciseId} = ${kept[i]!.exerciseId}
            and ${feedback.dateCompleted} < '2026-01-01'`),
    ]);
    await Promise.all(writes);
    await expectSameAsFullScan();
  });

  it('are recounted from the rows by staff_counts_recount() to the same figures', async () => {
    const before = await expectSameAsFullScan();
    await t.ctx.db.execute(sql`select staff_counts_recount()`);
    expect(await expectSameAsFullScan()).toEqual(before);
  });
});
