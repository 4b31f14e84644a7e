import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/refresh-tokens';
import { therapistProfiles, users } from '../../db/schema/users';
import { buildCareTeam, buildClinic, buildTherapist, login } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { type CallerCache, createCallerCache } from './caller-cache';

// The cache on its own, on the real database: what it keeps, and that the database's own notifications (migrations
// 0008 and 0014) drop an entry whatever wrote the change.

let t: TestApp;
const caches: CallerCache[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(caches.map((cache) => cache.close()));
  await t.close();
});

async function listeningCache(limits = { maxUsers: 100, ttlMs: 60_000 }) {
  const cache = createCallerCache(t.ctx, limits);
  caches.push(cache);
  await expect.poll(() => cache.listening).toBe(true);
  return cache;
}

/** A change the triggers do not see (replica mode skips them): only a cache miss can find it. */
const silently = (change: string) =>
  t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(change));
  });

const sidOf = (access: string) =>
  (JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

async function signedInTherapist() {
  const { therapist, clinicId } = await buildCareTeam(t.ctx);
  const session = await login(t, therapist);
  return { id: therapist.id, clinicId, sid: sidOf(session.access) };
}

describe('the caller cache', () => {
  it('serves a caller it holds without reading the database (a change no trigger told of is not seen)', async () => {
    const cache = await listeningCache();
    const { id, sid } = await signedInTherapist();
    expect(await cache.find(id, sid)).toMatchObject({ id, isActive: true, sessionOpen: true });

    await silently(`update users set is_active = false where id = ${id}`);

    expect(await cache.find(id, sid)).toMatchObject({ id, isActive: true });
    // A cache without the entry reads the truth.
    expect(await (await listeningCache()).find(id, sid)).toMatchObject({ id, isActive: false });
  });

  it('drops the user on every change the guard depends on, whoever writes it', async () => {
    const cache = await listeningCache();
    const otherClinic = await buildClinic(t.ctx);
    const changes: [string, (id: number, sid: string) => Promise<unknown>, object | null][] = [
      [
        'deactivation',
        (id) => t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, id)),
        { isActive: false },
      ],
      [
        'roles',
        (id) => t.ctx.db.update(users).set({ isStaff: true }).where(eq(users.id, id)),
        { isStaff: true },
      ],
      [
        'session version',
        (id) => t.ctx.db.update(users).set({ sessionVersion: 7 }).where(eq(users.id, id)),
        { sessionVersion: 7 },
      ],
      [
        'email',
        (id) =>
          t.ctx.db
            .update(users)
            .set({ email: `moved-${id}@example.test` })
            .where(eq(users.id, id)),
        { email: expect.stringMatching(/^moved-/) },
      ],
      [
        'language',
        (id) => t.ctx.db.update(users).set({ language: 'ar' }).where(eq(users.id, id)),
        { language: 'ar' },
      ],
      [
        'clinic',
        (id) =>
          t.ctx.db
            .update(therapistProfiles)
            .set({ clinicId: otherClinic })
            .where(eq(therapistProfiles.userId, id)),
        { clinicId: otherClinic },
      ],
      [
        'therapist profile removed',
        (id) => t.ctx.db.delete(therapistProfiles).where(eq(therapistProfiles.userId, id)),
        { clinicId: null },
      ],
      [
        'session revoked',
        (_id, sid) =>
          t.ctx.db.update(refreshTokens).set({ revoked: true }).where(eq(refreshTokens.familyId, sid)),
        { sessionOpen: false },
      ],
      [
        'session deleted',
        (_id, sid) => t.ctx.db.delete(refreshTokens).where(eq(refreshTokens.familyId, sid)),
        { sessionOpen: false },
      ],
      ['user deleted', (id) => t.ctx.db.delete(users).where(eq(users.id, id)), null],
    ];
    for (const [what, change, expected] of changes) {
      const { id, sid } = await signedInTherapist();
      await cache.find(id, sid);
      await change(id, sid);
      // On PostgreSQL the notification comes on another connection a moment after the commit; PGlite has told by now.
      const found = expect.poll(() => cache.find(id, sid), { message: what, timeout: 2_000 });
      if (expected === null) await found.toBeNull();
      else await found.toMatchObject(expected);
    }
  });

  it('keeps another session of the same user apart: one logged out, the other still served', async () => {
    const cache = await listeningCache();
    const { therapist } = await buildCareTeam(t.ctx);
    const [phone, laptop] = [
      sidOf((await login(t, therapist)).access),
      sidOf((await login(t, therapist)).access),
    ];
    await cache.find(therapist.id, phone);
    await cache.find(therapist.id, laptop);

    await t.ctx.db.update(refreshTokens).set({ revoked: true }).where(eq(refreshTokens.familyId, laptop));

    await expect.poll(() => cache.find(therapist.id, laptop)).toMatchObject({ sessionOpen: false });
    expect(await cache.find(therapist.id, phone)).toMatchObject({ sessionOpen: true });
  });

  it('never keeps a refusal: an inactive user or a closed session is read again each time', async () => {
    const cache = await listeningCache();
    const { id, sid } = await signedInTherapist();
    await silently(`update users set is_active = false where id = ${id}`);
    expect(await cache.find(id, sid)).toMatchObject({ isActive: false });
    await silently(`update users set is_active = true where id = ${id}`);
    expect(await cache.find(id, sid)).toMatchObject({ isActive: true });
  });

  it('reads an entry again after its time to live, even if no change was heard', async () => {
    const cache = await listeningCache({ maxUsers: 100, ttlMs: 50 });
    const { id, sid } = await signedInTherapist();
    await cache.find(id, sid);
    await silently(`update users set is_active = false where id = ${id}`);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await cache.find(id, sid)).toMatchObject({ isActive: false });
  });

  it('holds at most maxUsers: the oldest entry goes first', async () => {
    const cache = await listeningCache({ maxUsers: 2, ttlMs: 60_000 });
    const clinicId = await buildClinic(t.ctx);
    const signed = [];
    for (let i = 0; i < 3; i += 1) {
      const therapist = await buildTherapist(t.ctx, clinicId);
      signed.push({ id: therapist.id, sid: sidOf((await login(t, therapist)).access) });
    }
    for (const { id, sid } of signed) await cache.find(id, sid);
    for (const { id } of signed) await silently(`update users set is_active = false where id = ${id}`);

    const [oldest, ...newest] = await Promise.all(signed.map(({ id, sid }) => cache.find(id, sid)));
    expect(oldest).toMatchObject({ isActive: false });
    expect(newest.map((user) => user?.isActive)).toEqual([true, true]);
  });

  it('serves nothing once closed', async () => {
    const cache = await listeningCache();
    const { id, sid } = await signedInTherapist();
    await cache.find(id, sid);
    await cache.close();
    expect(cache.listening).toBe(false);
    await silently(`update users set is_active = false where id = ${id}`);
    expect(await cache.find(id, sid)).toMatchObject({ isActive: false });
  });
});
