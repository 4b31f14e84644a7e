import { and, eq } from 'drizzle-orm';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { buildCareTeam, buildStaff, buildTherapist, login } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { readStarterLibrary } from './starter-library';
import { buildLibraryItem, call, libraryPage, NOT_FOUND } from './library.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STARTER_LIBRARY = readStarterLibrary();
const STARTERS = STARTER_LIBRARY.items.length;
const auditOf = (actorId: number, targetType: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actorId), eq(auditLog.targetType, targetType)));

describe('GET /api/library/exercises/', () => {
  it('shows a therapist the starter library and their clinic’s items, never another clinic’s', async () => {
    const team = await buildCareTeam(t.ctx);
    const other = await buildCareTeam(t.ctx);
    const mine = await buildLibraryItem(
      t,
      { clinicId: team.clinicId, createdById: team.therapist.id },
      {
        name: 'Our clinic stretch',
        tags: ['stretch'],
        sets: 2,
        reps: 10,
        side: 'left',
      },
    );
    await buildLibraryItem(t, { clinicId: other.clinicId, createdById: other.therapist.id });
    const page = await libraryPage(t, await login(t, team.therapist));
    expect(page.count).toBe(STARTERS + 1);
    expect(page.results).toHaveLength(25);
    expect(page.next).toBe(2);
    const all = [
      ...page.results,
      ...(await libraryPage(t, await login(t, team.therapist), '?page=2')).results,
    ];
    const ours = all.find((i) => i.id === mine)!;
    expect(ours).toEqual({
      id: mine,
      name: 'Our clinic stretch',
      instructions: 'Do it slowly.',
      tags: ['stretch'],
      translations: {},
      sets: 2,
      reps: 10,
      hold_seconds: null,
      rest_seconds: null,
      times_per_day: null,
      side: 'left',
      image_url: null,
      video_url: null,
      image_media_id: null,
      video_media_id: null,
      starter: false,
      clinic: team.clinicId,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(all.filter((i) => i.starter)).toHaveLength(STARTERS);
    expect(all.filter((i) => i.starter).every((i) => i.clinic === null)).toBe(true);
  });

  it('orders by name without a search, and audits the ids of the page shown', async () => {
    const team = await buildCareTeam(t.ctx);
    const owner = { clinicId: team.clinicId, createdById: team.therapist.id };
    for (const name of ['Charlie', 'Alpha', 'Bravo'])
      await buildLibraryItem(t, owner, { name, tags: ['order'] });
    const page = await libraryPage(t, await login(t, team.therapist), '?tag=order');
    expect(page.results.map((i) => i.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await auditOf(team.therapist.id, 'library_exercise')).toMatchObject([
      {
        action: 'read',
        targetIds: page.results.map((i) => i.id),
        details: { view: 'list', page: 1, tags: 1 },
      },
    ]);
  });

  it('shows staff every clinic’s items, and a therapist without a clinic only their own', async () => {
    const a = await buildCareTeam(t.ctx);
    const aItem = await buildLibraryItem(
      t,
      { clinicId: a.clinicId, createdById: a.therapist.id },
      {
        tags: ['only-a'],
      },
    );
    const loner = await buildTherapist(t.ctx, null);
    const lonerItem = await buildLibraryItem(
      t,
      { clinicId: null, createdById: loner.id },
      { tags: ['only-a'] },
    );
    const otherLoner = await buildTherapist(t.ctx, null);
    const staff = await buildStaff(t.ctx);
    const ids = async (user: { email: string; password: string }) =>
      (await libraryPage(t, await login(t, user), '?tag=only-a')).results.map((i) => i.id).sort();
    expect(await ids(staff)).toEqual([aItem, lonerItem].sort());
    expect(await ids(loner)).toEqual([lonerItem]);
    expect(await ids(otherLoner)).toEqual([]);
    expect(await ids(a.therapist)).toEqual([aItem]);
  });

  it('answers 401 signed out and 403 to a client', async () => {
    const { client } = await buildCareTeam(t.ctx);
    expect((await call(t, null, 'GET', '/api/library/exercises/')).statusCode).toBe(401);
    const res = await call(t, await login(t, client), 'GET', '/api/library/exercises/');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
  });
});

describe('GET /api/library/exercises/{id}/', () => {
  it('answers a starter item and a clinic item, and audits the read', async () => {
    const team = await buildCareTeam(t.ctx);
    const session = await login(t, team.therapist);
    const id = await buildLibraryItem(t, { clinicId: team.clinicId, createdById: team.therapist.id });
    const res = await call(t, session, 'GET', `/api/library/exercises/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'Clinic exercise', starter: false, clinic: team.clinicId });
    const starter = (await libraryPage(t, session)).results.find((i) => i.starter)!;
    const read = await call(t, session, 'GET', `/api/library/exercises/${starter.id}/`);
    expect(read.json()).toEqual(starter);
    const rows = await auditOf(team.therapist.id, 'library_exercise');
    expect(rows.filter((r) => r.details === null).map((r) => r.targetIds)).toEqual([[id], [starter.id]]);
  });

  it('answers 404 for another clinic’s item and an unknown id, 400 for a bad id, 401 and 403', async () => {
    const team = await buildCareTeam(t.ctx);
    const other = await buildCareTeam(t.ctx);
    const theirs = await buildLibraryItem(t, { clinicId: other.clinicId, createdById: other.therapist.id });
    const session = await login(t, team.therapist);
    expect((await call(t, session, 'GET', `/api/library/exercises/${theirs}/`)).json()).toEqual(NOT_FOUND);
    expect((await call(t, session, 'GET', '/api/library/exercises/2147483647/')).statusCode).toBe(404);
    expect((await call(t, session, 'GET', '/api/library/exercises/abc/')).statusCode).toBe(400);
    expect((await call(t, null, 'GET', `/api/library/exercises/${theirs}/`)).statusCode).toBe(401);
    const asClient = await call(t, await login(t, other.client), 'GET', `/api/library/exercises/${theirs}/`);
    expect(asClient.statusCode).toBe(403);
  });
});

describe('GET /api/library/tags/', () => {
  it('counts the tags the caller sees, most used first then A to Z, and audits the read', async () => {
    const team = await buildCareTeam(t.ctx);
    const other = await buildCareTeam(t.ctx);
    const owner = { clinicId: team.clinicId, createdById: team.therapist.id };
    await buildLibraryItem(t, owner, { tags: ['zz clinic', 'balance'] });
    await buildLibraryItem(t, owner, { tags: ['zz clinic'] });
    await buildLibraryItem(
      t,
      { clinicId: other.clinicId, createdById: other.therapist.id },
      {
        tags: ['zz elsewhere'],
      },
    );
    const res = await call(t, await login(t, team.therapist), 'GET', '/api/library/tags/');
    expect(res.statusCode).toBe(200);
    const tags: { tag: string; count: number }[] = res.json();
    const starterBalance = STARTER_LIBRARY.items.filter((i) => i.tags.includes('balance')).length;
    expect(tags.find((x) => x.tag === 'balance')).toEqual({ tag: 'balance', count: starterBalance + 1 });
    expect(tags.find((x) => x.tag === 'zz clinic')).toEqual({ tag: 'zz clinic', count: 2 });
    expect(tags.some((x) => x.tag === 'zz elsewhere')).toBe(false);
    const order = [...tags].sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1));
    expect(tags).toEqual(order);
    expect(await auditOf(team.therapist.id, 'library_tag')).toMatchObject([{ action: 'read' }]);
  });

  it('answers 401 signed out and 403 to a client', async () => {
    const { client } = await buildCareTeam(t.ctx);
    expect((await call(t, null, 'GET', '/api/library/tags/')).statusCode).toBe(401);
    expect((await call(t, await login(t, client), 'GET', '/api/library/tags/')).statusCode).toBe(403);
  });
});
