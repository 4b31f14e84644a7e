import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { buildCareTeam, buildStaff, login, type Session } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';

// The guard serves callers from a per-process cache (docs/product/operations.md#performance-targets), yet every
// change that ends or narrows a session still takes effect on the very next request
// (docs/decisions/013-caller-cache.md).

let t: TestApp;
let staff: Session;
beforeAll(async () => {
  t = await createTestApp();
  staff = await login(t, await buildStaff(t.ctx));
  // The app's listener (in PGlite's one session, or its own PostgreSQL connection) is up before the first test.
  for (let tries = 0; !(await appListening()); tries += 1) {
    if (tries > 100) throw new Error('the app never listened for account changes');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(() => t.close());

async function appListening() {
  const result = await t.ctx.db.execute(sql`select (
    exists (select 1 from pg_listening_channels() c where c = 'hep_caller_changed')
    or exists (select 1 from pg_stat_activity where application_name = 'hep-api-listener'
      and datname = current_database() and query ilike 'LISTEN%')) as up`);
  return (result as unknown as { rows: { up: boolean }[] }).rows[0]!.up;
}

const SESSION_EXPIRED = { error: 'Your session has expired. Please log in again.', code: 'unauthenticated' };

const me = (session: Session, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}/`, headers: session.headers });
const post = (url: string, session: Session, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...session.headers, cookie: session.cookie },
    payload,
    remoteAddress: nextIp(),
  });

/** A signed-in therapist whose account state the cache already holds. */
async function cachedTherapist() {
  const { therapist } = await buildCareTeam(t.ctx);
  const session = await login(t, therapist);
  for (let i = 0; i < 2; i += 1) expect((await me(session, therapist.id)).statusCode).toBe(200);
  return { user: therapist, session };
}

describe('the cached caller', () => {
  it('is served from the cache (a change no trigger told of goes unseen) until a real change arrives', async () => {
    const { user, session } = await cachedTherapist();
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    });
    expect((await me(session, user.id)).statusCode).toBe(200);

    await t.ctx.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, user.id));

    // Written straight to the database, as another node would: heard by notification, well before the entry's
    // 5 s safety net (a write through this node is seen by its very next request: the tests below).
    await expect.poll(async () => (await me(session, user.id)).statusCode, { timeout: 2_000 }).toBe(401);
  });

  it('is cut off at once by deactivation', async () => {
    const { user, session } = await cachedTherapist();
    expect((await post('/api/users/deactivate/', staff, { userIds: [user.id] })).statusCode).toBe(200);
    const res = await me(session, user.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_EXPIRED);
  });

  it("is cut off at once by logout on this device; the other device's session stays", async () => {
    const { user, session: laptop } = await cachedTherapist();
    const phone = await login(t, user);
    expect((await me(phone, user.id)).statusCode).toBe(200);

    expect((await post('/api/logout/', laptop)).statusCode).toBe(204);

    expect((await me(laptop, user.id)).json()).toEqual(SESSION_EXPIRED);
    expect((await me(phone, user.id)).statusCode).toBe(200);
  });

  it('is cut off at once on every device by sign out of all devices', async () => {
    const { user, session: laptop } = await cachedTherapist();
    const phone = await login(t, user);
    expect((await me(phone, user.id)).statusCode).toBe(200);

    expect((await post('/api/logout/all/', phone)).statusCode).toBe(204);

    for (const session of [laptop, phone]) expect((await me(session, user.id)).statusCode).toBe(401);
  });

  it('is cut off at once by a password change', async () => {
    const { user, session } = await cachedTherapist();
    const changed = await post('/api/users/me/password/', session, {
      current_password: user.password,
      new_password: 'a calmer morning walk',
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(session, user.id)).statusCode).toBe(401);
  });

  it('loses a role as soon as the database says it was taken away', async () => {
    const { user, session } = await cachedTherapist();
    const clients = () =>
      t.app.inject({ method: 'GET', url: '/api/users/clients/', headers: session.headers });
    expect((await clients()).statusCode).toBe(200);

    await t.ctx.db.update(users).set({ isTherapist: false }).where(eq(users.id, user.id));

    // As another node would: heard by notification, well before the entry's 5 s safety net.
    await expect.poll(async () => (await clients()).statusCode, { timeout: 2_000 }).toBe(403);
  });
});
