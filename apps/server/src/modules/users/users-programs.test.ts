import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programs } from '../../db/schema/programs';
import { buildCareTeam, buildClient, buildStaff, login, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function insertProgram(
  clientId: number,
  therapistId: number,
  fields: {
    name: string;
    createdAt: string;
    isDraft?: boolean;
    startDate?: string | null;
    endDate?: string | null;
  },
) {
  const [row] = await t.ctx.db
    .insert(programs)
    .values({
      clientId,
      therapistId,
      name: fields.name,
      startDate: fields.startDate === undefined ? '2025-01-06' : fields.startDate,
      endDate: fields.endDate === undefined ? '2025-03-30' : fields.endDate,
      daysOfWeek: ['MON', 'WED'],
      isDraft: fields.isDraft ?? false,
      createdAt: new Date(fields.createdAt),
    })
    .returning({ id: programs.id });
  return row!.id;
}

async function getUser(viewer: TestUser, id: number) {
  const session = await login(t, viewer);
  return t.app.inject({ method: 'GET', url: `/api/users/${id}/`, headers: session.headers });
}

describe('GET /api/users/{id}/ programs of a client', () => {
  it('lists the published programs, newest first, without drafts or other clients’ programs', async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const sibling = await buildClient(t.ctx, clinicId, therapist.id);
    const older = await insertProgram(client.id, therapist.id, {
      name: 'Balance basics',
      createdAt: '2025-01-01T09:00:00Z',
    });
    const newer = await insertProgram(client.id, therapist.id, {
      name: 'Walking plan',
      createdAt: '2025-02-01T09:00:00Z',
      startDate: '2025-02-03',
      endDate: null,
    });
    await insertProgram(client.id, therapist.id, {
      name: 'Unfinished draft',
      createdAt: '2025-03-01T09:00:00Z',
      isDraft: true,
    });
    await insertProgram(sibling.id, therapist.id, { name: 'Not yours', createdAt: '2025-04-01T09:00:00Z' });

    const expected = [
      { id: newer, name: 'Walking plan', start_date: '2025-02-03', end_date: null },
      { id: older, name: 'Balance basics', start_date: '2025-01-06', end_date: '2025-03-30' },
    ];
    for (const viewer of [client, therapist, await buildStaff(t.ctx)]) {
      const res = await getUser(viewer, client.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().programs).toEqual(expected);
    }
  });

  it('answers an empty list for a client with only drafts', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    await insertProgram(client.id, therapist.id, {
      name: 'Draft only',
      createdAt: '2025-01-01T09:00:00Z',
      isDraft: true,
    });
    expect((await getUser(client, client.id)).json().programs).toEqual([]);
  });

  it('keeps the programs in the answer to a profile edit, which the web app caches', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const id = await insertProgram(client.id, therapist.id, {
      name: 'Strength',
      createdAt: '2025-01-01T09:00:00Z',
    });
    const session = await login(t, client);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${client.id}/`,
      headers: session.headers,
      payload: { receives_notifications: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().programs).toEqual([
      { id, name: 'Strength', start_date: '2025-01-06', end_date: '2025-03-30' },
    ]);
  });

  it('gives a therapist profile no programs field', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    await insertProgram(client.id, therapist.id, { name: 'Theirs', createdAt: '2025-01-01T09:00:00Z' });
    expect((await getUser(therapist, therapist.id)).json()).not.toHaveProperty('programs');
  });
});
