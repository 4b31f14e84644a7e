import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProgram } from '@hep/shared/schemas/programs';
import { buildCareTeam, login, type Session } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { sendForm } from '../../../test/program-factories';
import { tempDataDir } from '../../../test/fixtures/media-fixtures';

// docs/product/programs-and-exercises.md#dosage: optional dosage on each exercise, checked per field, carried by
// every program answer.

let t: TestApp;
const dataDir = tempDataDir();
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const DOSE = { sets: 3, reps: 10, hold_seconds: 5, rest_seconds: 0, times_per_day: 2, side: 'left' };
const NO_DOSE = {
  sets: null,
  reps: null,
  hold_seconds: null,
  rest_seconds: null,
  times_per_day: null,
  side: null,
};

const publish = (clientId: number, exercises: unknown[]) => ({
  client_id: clientId,
  name: 'Dosed',
  start_date: '2027-06-01',
  end_date: '2027-06-30',
  days_of_week: ['MON', 'WED'],
  is_draft: 'false',
  exercises,
});
const get = (session: Session, url: string) =>
  t.app.inject({ method: 'GET', url, headers: session.headers, remoteAddress: nextIp() });

describe('dosage on program exercises', () => {
  it('is saved and returned by the detail, the week list and the published version', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const res = await sendForm(
      t,
      session,
      'POST',
      '/api/programs/',
      publish(client.id, [
        { name: 'Sit to stand', instructions: 'Slowly.', ...DOSE },
        { name: 'Walk', instructions: 'Outside.' },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const program = res.json().program as TProgram;
    expect(program.exercises[0]).toMatchObject(DOSE);
    expect(program.exercises[1]).toMatchObject(NO_DOSE);

    const detail = (await get(session, `/api/programs/${program.id}/`)).json() as TProgram;
    expect(detail.exercises[0]).toMatchObject(DOSE);
    const week = (
      await get(await login(t, client), '/api/programs/?start_date=2027-06-07&end_date=2027-06-13')
    ).json() as TProgram[];
    expect(week.find((p) => p.id === program.id)!.exercises[0]).toMatchObject(DOSE);
    const then = new Date(Date.now() + 60_000).toISOString();
    const historical = await get(
      session,
      `/api/programs/${program.id}/historical/?datetime=${encodeURIComponent(then)}`,
    );
    expect(historical.statusCode).toBe(200);
    expect((historical.json() as TProgram).exercises[0]).toMatchObject(DOSE);
  });

  it('refuses each value out of its range with a message on that field, and saves nothing', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const cases: [string, unknown, string][] = [
      ['sets', 0, 'Enter a whole number from 1 to 20.'],
      ['sets', 21, 'Enter a whole number from 1 to 20.'],
      ['reps', 101, 'Enter a whole number from 1 to 100.'],
      ['reps', 2.5, 'Enter a whole number from 1 to 100.'],
      ['hold_seconds', 601, 'Enter a whole number from 1 to 600.'],
      ['rest_seconds', -1, 'Enter a whole number from 0 to 600.'],
      ['times_per_day', 11, 'Enter a whole number from 1 to 10.'],
      ['times_per_day', 'often', 'Enter a whole number from 1 to 10.'],
      ['side', 'middle', 'Choose left, right or both.'],
    ];
    for (const [field, value, message] of cases) {
      const res = await sendForm(
        t,
        session,
        'POST',
        '/api/programs/',
        publish(client.id, [{ name: 'Sit to stand', instructions: 'Slowly.', [field]: value }]),
      );
      expect(res.statusCode, `${field}=${String(value)}`).toBe(400);
      expect(res.json().fields).toMatchObject({ [`exercises.0.${field}`]: message });
    }
    const list = await get(session, `/api/programs/?client=${client.id}`);
    expect(list.json()).toEqual([]);
  });

  it('PUT /exercises/{id}/ changes the dosage fields it sends and keeps the others', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const created = await sendForm(
      t,
      session,
      'POST',
      '/api/programs/',
      publish(client.id, [{ name: 'Sit to stand', instructions: 'Slowly.', ...DOSE }]),
    );
    const exercise = (created.json().program as TProgram).exercises[0]!;
    const res = await sendForm(t, session, 'PUT', `/api/exercises/${exercise.id}/`, {
      name: 'Sit to stand',
      instructions: 'Slowly.',
      reps: '12',
      side: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...DOSE, reps: 12, side: null });
    const bad = await sendForm(t, session, 'PUT', `/api/exercises/${exercise.id}/`, {
      name: 'Sit to stand',
      instructions: 'Slowly.',
      hold_seconds: '0',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ hold_seconds: 'Enter a whole number from 1 to 600.' });
  });
});
