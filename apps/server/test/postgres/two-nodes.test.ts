import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../src/modules/mail/smtp-server.test-support';
import { FIXTURES, tempDataDir } from '../fixtures/media-fixtures';
import { databaseUrlFor } from '../global-setup';
import { fixtureFile, programForm } from '../program-factories';
import { startS3Server, type S3Server } from '../s3-server';
import { startServerProcess, type ServerProcess } from '../server-process';

/**
 * docs/product/operations.md#several-nodes: two API processes on one PostgreSQL database, one Redis and one object
 * store serve one user as if they were one. Each node has its own DATA_DIR, so nothing can pass between them through
 * the local disk.
 */
const name = `hep_t_nodes_${process.pid}_${Date.now()}`;
const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
const dataDirs = [tempDataDir(), tempDataDir()];
// The address a load balancer would give both nodes: the refresh cookie's Origin check is against it.
const PUBLIC_URL = 'http://hep.test';
let s3: S3Server;
let smtp: TestSmtp;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  s3 = await startS3Server();
  smtp = await startTestSmtp();
  const shared = {
    DATABASE_URL: databaseUrlFor(process.env.TEST_DATABASE_URL!, name),
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    // This run's own rate-limit counters: parallel runs on one Redis never count each other's requests.
    REDIS_KEY_PREFIX: `hep-test-${randomUUID()}:`,
    SECRET_KEY: randomUUID() + randomUUID(),
    PUBLIC_URL,
    SMTP_URL: smtp.url,
    ...s3.env,
  };
  // A seeds the demo users (and prints their logins); B starts beside it on the same, already migrated database.
  [a, b] = await Promise.all([
    startServerProcess({ ...shared, DATA_DIR: dataDirs[0]!, SEED_DEMO: '1' }),
    startServerProcess({ ...shared, DATA_DIR: dataDirs[1]!, SEED_DEMO: '0' }),
  ]);
}, 120_000);
afterAll(async () => {
  for (const node of [a, b]) if (node?.child.exitCode === null) node.child.kill('SIGKILL');
  await Promise.all([a?.exited, b?.exited]);
  await s3?.close();
  await smtp?.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

async function logIn(node: ServerProcess, role: 'staff' | 'therapist' | 'client') {
  const res = await fetch(`${node.url}/api/login/`, json(a.login(role)));
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access: string; user_id: number };
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('hep_refresh='))!
    .split(';')[0]!;
  return { access: body.access, userId: body.user_id, cookie };
}

/** The browser's refresh: the cookie, from a page of the site. */
const refresh = (node: ServerProcess, cookie: string) =>
  fetch(`${node.url}/api/token/refresh/`, { method: 'POST', headers: { cookie, origin: PUBLIC_URL } });

describe('two API nodes on one PostgreSQL, one Redis and one object store', () => {
  it('log in on A, refresh on B, upload on A, play from B with a Range request', async () => {
    const therapist = await logIn(a, 'therapist');
    const refreshed = await refresh(b, therapist.cookie);
    expect(refreshed.status).toBe(200);
    const { access } = (await refreshed.json()) as { access: string };
    expect((await fetch(`${a.url}/api/users/${therapist.userId}/`, { headers: bearer(access) })).status).toBe(
      200,
    );

    const client = await logIn(b, 'client');
    const form = programForm(
      {
        client_id: client.userId,
        name: 'Two nodes',
        start_date: '2025-03-03',
        end_date: '2025-04-28',
        days_of_week: ['MON'],
        is_draft: 'false',
        exercises: [{ name: 'Video', instructions: 'Watch, then do.' }],
      },
      [fixtureFile('exercise_0_video', FIXTURES.mp4)],
    );
    const created = await fetch(`${a.url}/api/programs/`, {
      method: 'POST',
      headers: { ...form.headers, ...bearer(access) },
      body: form.payload,
    });
    expect(created.status).toBe(201);
    const programId = ((await created.json()) as { program: { id: number } }).program.id;
    expect(await s3.objectKeys()).toHaveLength(1);

    // The client opens the program on B; the signed link B hands out plays from B, whole and by range.
    const program = await fetch(`${b.url}/api/programs/${programId}/`, { headers: bearer(client.access) });
    expect(program.status).toBe(200);
    const { exercises } = (await program.json()) as { exercises: { video_url: string }[] };
    const videoUrl = `${b.url}${exercises[0]!.video_url}`;
    const whole = Buffer.from(await (await fetch(videoUrl)).arrayBuffer());
    expect(whole.length).toBeGreaterThan(1000);
    const part = await fetch(videoUrl, { headers: { range: 'bytes=500-999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 500-999/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(500, 1000))).toBe(true);
    // And the same link works on A: any node serves any link.
    expect(
      (await fetch(`${a.url}${exercises[0]!.video_url}`, { headers: { range: 'bytes=0-0' } })).status,
    ).toBe(206);
  });

  it('rate-limits across both nodes: the 6th password-reset request in 15 minutes answers 429 on either', async () => {
    const ask = (node: ServerProcess) =>
      fetch(`${node.url}/api/reset-password/`, json({ email: 'someone@example.test' }));
    const statuses: number[] = [];
    for (const node of [a, b, a, b, a]) statuses.push((await ask(node)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const [onB, onA] = [await ask(b), await ask(a)];
    expect([onB.status, onA.status]).toEqual([429, 429]);
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('cuts a deactivated user off on both nodes as soon as the change reaches B (well inside the cache lifetime)', async () => {
    const therapist = await logIn(a, 'therapist');
    const self = (node: ServerProcess) =>
      fetch(`${node.url}/api/users/${therapist.userId}/`, { headers: bearer(therapist.access) });
    // Both nodes have served this user (and may hold the account state in memory).
    expect((await self(a)).status).toBe(200);
    expect((await self(b)).status).toBe(200);

    const staff = await logIn(a, 'staff');
    const deactivated = await fetch(`${a.url}/api/users/deactivate/`, {
      ...json({ userIds: [therapist.userId] }),
      headers: { 'content-type': 'application/json', ...bearer(staff.access) },
    });
    expect(deactivated.status).toBe(200);

    // B hears of it by NOTIFY a few milliseconds after the commit; waited for far less than the cache's 5 s lifetime.
    await expect.poll(async () => (await self(b)).status, { timeout: 1_000, interval: 10 }).toBe(401);
    expect((await self(a)).status).toBe(401);
    expect((await refresh(b, therapist.cookie)).status).toBe(401);
  });

  it('cuts a carer off on both nodes at their next request once the link ends, their token still valid', async () => {
    // Staff, since the test before this one deactivated the demo therapist.
    const staff = await logIn(a, 'staff');
    const client = await logIn(a, 'client');
    const carer = {
      email: `carer-${randomUUID().slice(0, 8)}@example.test`,
      password: 'a daughter who helps',
    };
    const invited = await fetch(`${a.url}/api/clients/${client.userId}/carers/`, {
      ...json({
        first_name: 'Maria',
        last_name: 'Lopez',
        email: carer.email,
        relationship: 'Daughter',
        access: 'view',
      }),
      headers: { 'content-type': 'application/json', ...bearer(staff.access) },
    });
    expect(invited.status).toBe(201);
    const link = (await invited.json()) as { id: number };
    // The carer activates from the mail the invitation sent (quoted-printable: soft line breaks undone), on B.
    await expect.poll(() => smtp.receivedFor(carer.email), { timeout: 10_000 }).toBe(1);
    const mail = smtp.received.find((m) => m.to.includes(carer.email))!.raw.replace(/=\r?\n/g, '');
    const [, uid, token] = /\/reset-password\/([\w-]+)\/([\w-]+)/.exec(mail)!;
    const activated = await fetch(
      `${b.url}/api/reset-password-confirm/`,
      json({ uid, token, new_password: carer.password }),
    );
    expect(activated.status).toBe(200);
    const signedIn = await fetch(`${b.url}/api/login/`, json(carer));
    const { access } = (await signedIn.json()) as { access: string };
    const terms = await fetch(`${b.url}/api/terms/`, {
      ...json({ privacy: true, waiver: true, terms: true }),
      headers: { 'content-type': 'application/json', ...bearer(access) },
    });
    expect(terms.status).toBeLessThan(300);
    const read = (node: ServerProcess) =>
      fetch(`${node.url}/api/users/${client.userId}/`, { headers: bearer(access) });
    expect((await read(a)).status).toBe(200);
    expect((await read(b)).status).toBe(200);

    const ended = await fetch(`${a.url}/api/carers/links/${link.id}/`, {
      method: 'DELETE',
      headers: bearer(staff.access),
    });
    expect(ended.status).toBe(204);
    // The link is read in each request's own query: no cache to wait for, on either node.
    expect((await read(b)).status).toBe(404);
    expect((await read(a)).status).toBe(404);
  });
});
