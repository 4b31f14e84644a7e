import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyProgram } from '@hep/shared/domain/program-classification';
import { weekdayOf } from '@hep/shared/domain/weekdays';
import type { TProgram } from '@hep/shared/schemas/programs';
import { login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helper';
import { feedback } from '../db/schema/feedback';
import { programVersions } from '../db/schema/program-versions';
import { seedDemoIfEmpty } from './demo';

let t: TestApp;
const printed: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.ctx, (line) => printed.push(line));
});
afterAll(() => t.close());

const demoLogin = (email: string) => {
  const line = printed.find((l) => l.includes(` ${email} `))!;
  return { email, password: line.trim().split(/\s+/).at(-1)! };
};
const programsOf = async (viewer: string, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/programs/${query}`,
    headers: (await login(t, demoLogin(viewer))).headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as TProgram[];
};

describe('demo seed', () => {
  const today = new Date().toISOString().slice(0, 10);

  it('gives Chris Walker an active, a past and a draft program, and Robin Patel an active one', async () => {
    const all = await programsOf('therapist@demo.clinic');
    const chris = all.filter((p) => p.client_name === 'Chris Walker');
    const robin = all.filter((p) => p.client_name === 'Robin Patel');
    const active = chris.find((p) => !p.is_draft && classifyProgram(p, today) === 'active')!;
    expect(active).toMatchObject({ days_of_week: ['MON', 'WED', 'FRI'], therapist_name: 'Tara Nguyen' });
    expect(active.exercises).toHaveLength(3);
    expect(active.end_date! > today).toBe(true);
    const past = chris.find((p) => !p.is_draft && classifyProgram(p, today) === 'past')!;
    expect(past.end_date!.slice(0, 7) < today.slice(0, 7)).toBe(true);
    expect(chris.filter((p) => p.is_draft)).toHaveLength(1);
    expect(robin).toHaveLength(1);
    expect(classifyProgram(robin[0]!, today)).toBe('active');
    for (const p of [active, past, robin[0]!]) expect(p.last_completed).not.toBeNull();
    // The exercises that match a starter item show its picture (docs/product/library-and-templates.md#starter-pictures).
    expect(active.exercises.map((e) => e.image_url !== null)).toEqual([true, true, true]);
    expect(past.exercises.map((e) => e.image_url)).toEqual([null, null]);
    const picture = await t.app.inject({ method: 'GET', url: active.exercises[0]!.image_url! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/svg+xml');
  });

  it('gives the demo therapist a dosed program and a template to start from', async () => {
    const therapist = (await login(t, demoLogin('therapist@demo.clinic'))).headers;
    const templates = await t.app.inject({ method: 'GET', url: '/api/templates/', headers: therapist });
    expect(templates.statusCode).toBe(200);
    expect(templates.json()).toEqual([
      expect.objectContaining({ name: 'Balance after stroke: first month', weeks: 4, exercise_count: 3 }),
    ]);
    const active = (await programsOf('therapist@demo.clinic')).find(
      (p) => p.name === 'Balance and leg strength',
    )!;
    expect(active.exercises[0]).toMatchObject({ sets: 2, reps: 10, rest_seconds: 60 });
  });

  it('shows the clients their published programs only, and has versions for them', async () => {
    expect((await programsOf('client@demo.clinic')).map((p) => p.is_draft)).toEqual([false, false]);
    expect(await programsOf('client2@demo.clinic')).toHaveLength(1);
    expect(await t.ctx.db.select().from(programVersions)).toHaveLength(3);
  });

  it('has feedback only on prescribed days before today, with efforts in range and some feelings', async () => {
    const programs = await programsOf('admin@demo.clinic');
    const rows = await t.ctx.db.select().from(feedback);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const program = programs.find((p) => p.id === row.programId)!;
      expect(program.days_of_week).toContain(weekdayOf(row.dateCompleted));
      expect(row.dateCompleted < today).toBe(true);
      expect(row.effortRating).toBeGreaterThanOrEqual(0);
      expect(row.effortRating).toBeLessThanOrEqual(10);
    }
    expect(rows.some((r) => r.feeling.length > 0)).toBe(true);
  });
});
