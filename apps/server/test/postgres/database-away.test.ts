import { rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPostgres } from '../../src/db/client';
import { isDatabaseUnavailable } from '../../src/lib/database-unavailable';
import { tempDataDir } from '../fixtures/media-fixtures';
import { databaseUrlFor } from '../global-setup';
import { startServerProcess, type ServerProcess } from '../server-process';

/**
 * What an operator sees when PostgreSQL goes away under a running server (docs/product/operations.md#database-away):
 * backends terminated as a restart, failover or idle timeout does, and the server unreachable for a while. The
 * database sits behind a TCP relay in this test so that it can be taken away and brought back without stopping the
 * machine's PostgreSQL.
 */
const base = new URL(process.env.TEST_DATABASE_URL!);
const name = `hep_t_away_${process.pid}_${Date.now()}`;
const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
const dataDir = tempDataDir();
let relay: Relay;
let server: ServerProcess;

interface Relay {
  port: number;
  down(): Promise<void>;
  up(): Promise<void>;
}

/** A TCP relay to PostgreSQL that can refuse connections (down) and accept them again on the same port (up). */
async function startRelay(): Promise<Relay> {
  const sockets = new Set<Socket>();
  let listener: Server | undefined;
  let port = 0;
  const up = () =>
    new Promise<void>((resolve, reject) => {
      listener = createServer((client) => {
        const upstream = connect(Number(base.port || 5432), base.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => undefined);
          s.on('close', () => {
            sockets.delete(s);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      listener.on('error', reject);
      listener.listen(port, '127.0.0.1', () => {
        port = (listener!.address() as AddressInfo).port;
        resolve();
      });
    });
  await up();
  return {
    get port() {
      return port;
    },
    up,
    down: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        listener!.close(() => resolve());
      }),
  };
}

const terminateAppBackends = () =>
  admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
     WHERE datname = $1 AND application_name = 'hep-api' AND pid <> pg_backend_pid()`,
    [name],
  );

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  relay = await startRelay();
  const url = new URL(databaseUrlFor(process.env.TEST_DATABASE_URL!, name));
  url.hostname = '127.0.0.1';
  url.port = String(relay.port);
  server = await startServerProcess({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, SEED_DEMO: '1' });
});
afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await relay?.down().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn() {
  const res = await fetch(`${server.url}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(server.login('therapist')),
  });
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { access: string }).access}` };
}

const listClients = (headers: Record<string, string>) =>
  fetch(`${server.url}/api/users/clients/`, { headers });

describe('the database goes away under a running server', () => {
  it('survives terminated backends, idle and under load, and goes on serving with the same process', async () => {
    const headers = await signIn();
    const pid = server.child.pid;

    // Idle: the pool's connections are killed between requests.
    await terminateAppBackends();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.child.exitCode).toBeNull();
    expect((await listClients(headers)).status).toBe(200);

    // Under load: killed while requests are in flight. Each request is answered, 200 or 503, never 500.
    const inFlight = Array.from({ length: 40 }, () => listClients(headers));
    await terminateAppBackends();
    const statuses = (await Promise.all(inFlight)).map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    await expect.poll(async () => (await listClients(headers)).status, { timeout: 5_000 }).toBe(200);

    expect(server.child.exitCode).toBeNull();
    expect(server.child.pid).toBe(pid);
    expect(server.output()).toContain('database connection lost');
  });

  it('answers 503 database_unavailable while the database cannot be reached, and recovers by itself', async () => {
    const headers = await signIn();
    await relay.down();

    const during = await listClients(headers);
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('5');
    expect(await during.json()).toEqual({
      error: 'The service is briefly unavailable. Please try again in a moment.',
      code: 'database_unavailable',
      correlation_id: during.headers.get('x-correlation-id'),
    });
    const health = await fetch(`${server.url}/api/health/`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'unavailable', code: 'database_unavailable' });

    await relay.up();
    const back = Date.now();
    await expect
      .poll(async () => (await fetch(`${server.url}/api/health/`)).status, { timeout: 10_000 })
      .toBe(200);
    expect(Date.now() - back).toBeLessThan(10_000);
    expect((await listClients(headers)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});

type Rows<T> = { rows: T[] };

describe('a connection lost inside a transaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPostgres(databaseUrlFor(process.env.TEST_DATABASE_URL!, name));
  });
  afterAll(() => database.close());

  it('fails that transaction as database unavailable, without an unhandled error, and the next query works', async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        const backend = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as Rows<{
          pid: number;
        }>;
        await admin.query('SELECT pg_terminate_backend($1)', [backend.rows[0]!.pid]);
        // The client is checked out and idle when its backend ends: it hears of it before the next query.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const after = (await database.db.execute(sql`select 1 as one`)) as unknown as Rows<{ one: number }>;
    expect(after.rows).toEqual([{ one: 1 }]);
  });
});
