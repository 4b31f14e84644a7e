import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tempDataDir } from '../fixtures/media-fixtures';
import { databaseUrlFor } from '../global-setup';
import { startServerProcess, type ServerProcess } from '../server-process';

/**
 * Two API processes on one PostgreSQL (docs/product/operations.md#several-nodes, docs/decisions/013-caller-cache.md):
 * each caches its callers' account state, and the database's NOTIFY, sent by triggers on commit, makes a change made
 * through one node count on the other at once (docs/decisions/013-caller-cache.md). Its listener losing its
 * connection must not let a change through unheard.
 */
const name = `hep_t_nodes_${process.pid}_${Date.now()}`;
const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
const url = () => databaseUrlFor(process.env.TEST_DATABASE_URL!, name);
/** Connected to the nodes' database, for reading ids. */
const reader = new pg.Client({ connectionString: url() });
const dataDirs = [tempDataDir(), tempDataDir()];
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await reader.connect();
  const env = {
    DATABASE_URL: url(),
    SECRET_KEY: 'two-nodes-share-this-secret-key-0123456789',
  };
  a = await startServerProcess({ ...env, DATA_DIR: dataDirs[0]!, SEED_DEMO: '1' });
  b = await startServerProcess({ ...env, DATA_DIR: dataDirs[1]!, SEED_DEMO: '0' });
});
afterAll(async () => {
  for (const node of [a, b]) if (node?.child.exitCode === null) node.child.kill('SIGKILL');
  await reader.end();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function listeners(): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = $1 AND application_name = 'hep-api-listener' AND query ILIKE 'LISTEN%'`,
    [name],
  );
  return rows[0]!.n;
}

async function call(node: ServerProcess, method: string, path: string, token?: string, body?: object) {
  const res = await fetch(`${node.url}/api${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A demo login printed by node A; `nth` picks among several of one role. */
function demoLogin(role: 'staff' | 'therapist' | 'client', nth = 0) {
  const lines = [...a.output().matchAll(new RegExp(`^\\s+${role}\\s+(\\S+@\\S+)\\s+(\\S+)$`, 'gm'))];
  const line = lines[nth]!;
  return { email: line[1]!, password: line[2]! };
}

async function signIn(node: ServerProcess, login: { email: string; password: string }) {
  const res = await call(node, 'POST', '/login/', undefined, login);
  expect(res.status).toBe(200);
  const { rows } = await reader.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [login.email]);
  return { id: rows[0]!.id, token: res.body.access as string };
}

const profileStatus = async (node: ServerProcess, user: { id: number; token: string }) =>
  (await call(node, 'GET', `/users/${user.id}/`, user.token)).status;

/** Changes a user behind the triggers' back (replica mode skips them): only a node that reads the database sees it. */
async function silently(statement: string, userId: number) {
  const client = new pg.Client({ connectionString: url() });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(statement, [userId]);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/** Shows that node B serves `user` from its cache: a silent deactivation goes unseen there. */
async function expectServedFromCacheOnB(user: { id: number; token: string }) {
  await silently('UPDATE users SET is_active = false WHERE id = $1', user.id);
  expect(await profileStatus(b, user)).toBe(200);
  await silently('UPDATE users SET is_active = true WHERE id = $1', user.id);
}

/**
 * Node B refuses `user` once the deactivation's NOTIFY has reached it: a few milliseconds after the commit, so a
 * request sent the instant A answered can still beat it. Waited for at most a second, far inside the cache's 5 s
 * lifetime, so only the notification can have cut the user off.
 */
const expectRefusedByB = (user: { id: number; token: string }) =>
  expect.poll(() => profileStatus(b, user), { timeout: 1_000, interval: 10 }).toBe(401);

const deactivateOnA = async (staffToken: string, userId: number) =>
  expect((await call(a, 'POST', '/users/deactivate/', staffToken, { userIds: [userId] })).status).toBe(200);

describe('the caller cache on two nodes', () => {
  it('listens on both nodes once they are up', async () => {
    await expect.poll(listeners, { timeout: 10_000 }).toBe(2);
  });

  it('a message sent through node A reaches a stream on node B within a second (docs/product/messages.md#live)', async () => {
    const therapist = await signIn(b, demoLogin('therapist'));
    const client = await signIn(a, demoLogin('client'));
    const controller = new AbortController();
    const stream = await fetch(`${b.url}/api/events/`, {
      headers: { authorization: `Bearer ${therapist.token}` },
      signal: controller.signal,
    });
    let text = '';
    const reading = (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>)
          text += decoder.decode(chunk, { stream: true });
      } catch {
        // aborted
      }
    })();
    await expect.poll(() => text).toContain('retry:');
    const sent = await call(a, 'POST', `/clients/${client.id}/messages/`, client.token, {
      text: 'From node A',
    });
    expect(sent.status).toBe(201);
    await expect
      .poll(() => text, { timeout: 1_000, interval: 10 })
      .toContain(`id: ${sent.body.id as number}\nevent: message\n`);
    controller.abort();
    await reading;
    // Still one listening connection per node: the events share the caller cache's.
    expect(await listeners()).toBe(2);
  });

  it('a user deactivated through node A is refused by node B as soon as the change reaches it', async () => {
    const staff = await signIn(a, demoLogin('staff'));
    const client = await signIn(a, demoLogin('client'));
    expect(await profileStatus(a, client)).toBe(200);
    expect(await profileStatus(b, client)).toBe(200);
    await expectServedFromCacheOnB(client);

    await deactivateOnA(staff.token, client.id);

    await expectRefusedByB(client);
    expect(await profileStatus(a, client)).toBe(401);
  });

  it('honours a deactivation made while its listener reconnects after pg_terminate_backend', async () => {
    const staff = await signIn(a, demoLogin('staff'));
    const therapist = await signIn(b, demoLogin('therapist'));
    expect(await profileStatus(b, therapist)).toBe(200);
    await expectServedFromCacheOnB(therapist);

    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = $1 AND application_name = 'hep-api-listener'`,
      [name],
    );
    await expect.poll(listeners, { interval: 20 }).toBe(0);
    await deactivateOnA(staff.token, therapist.id);
    // The deactivation was committed while neither node listened: nobody was notified of it.
    expect(await listeners()).toBe(0);

    expect(await profileStatus(b, therapist)).toBe(401);

    // Listening again, node B caches again, and is told of the next change.
    await expect.poll(listeners, { timeout: 10_000 }).toBe(2);
    const client = await signIn(b, demoLogin('client', 1));
    expect(await profileStatus(b, client)).toBe(200);
    await expectServedFromCacheOnB(client);
    await deactivateOnA(staff.token, client.id);
    await expectRefusedByB(client);
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
  });
});
