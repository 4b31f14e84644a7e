import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect } from 'vitest';
import { type Config, loadConfig } from '../../config';
import { type Database, type Db, openPglite, openPostgres } from '../../db/client';
import { isShippedKey } from '../../lib/shipped-media';
import { login, type TestUser } from '../../../test/factories';
import { FIXTURES, multipartBody, readFixture, tempDataDir } from '../../../test/fixtures/media-fixtures';
import { databaseUrlFor } from '../../../test/global-setup';
import { nextIp, type TestApp } from '../../../test/helper';
import { verifyAuditChain } from '../audit/audit-verify.service';
import { mediaStoreFor } from '../media/media.service';

// What the backup tests share: an empty place to restore into, the rows and files to compare, a writer to run
// beside a backup.

export const onPostgres = () => process.env.TEST_DB === 'postgres';

export interface RestoreTarget {
  config: Config;
  /** Opens the restored database as the app would (migrating it: nothing to apply); or as it is. */
  open(options?: { migrate?: boolean }): Promise<Database>;
  cleanup(): Promise<void>;
}

/**
 * An empty target of the engine the tests run on: a fresh DATA_DIR (PGlite), or a new empty database beside the
 * file's own (PostgreSQL) with a fresh DATA_DIR for its media; `env` adds settings (a bucket).
 */
export async function emptyTarget(env: Record<string, string> = {}): Promise<RestoreTarget> {
  const dataDir = tempDataDir();
  rmSync(dataDir, { recursive: true });
  let databaseUrl: string | undefined;
  let name: string | undefined;
  if (onPostgres()) {
    // Named as the file databases are, so that the run's teardown drops it whatever happens here.
    name = `hep_t_${process.ppid}_r${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e4)}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    databaseUrl = databaseUrlFor(process.env.TEST_DATABASE_URL!, name);
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const opened: Database[] = [];
  return {
    config,
    open: async (options = {}) => {
      const database = databaseUrl
        ? await openPostgres(databaseUrl, options)
        : await openPglite(dataDir, options);
      opened.push(database);
      return database;
    },
    cleanup: async () => {
      for (const database of opened.splice(0)) await database.close().catch(() => undefined);
      if (name) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The app's tables: those of public and drizzle's migrations table. */
export async function tablesOf(db: Db): Promise<string[]> {
  const result = await db.execute(sql`select table_schema || '.' || table_name as name
    from information_schema.tables where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
    order by 1`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

/** Every row of a table as JSON text, sorted: two tables hold the same rows when these are equal. */
export async function rowsOfTable(db: Db, table: string, where = sql``): Promise<string[]> {
  const [schema, name] = table.split('.');
  const result = await db.execute(
    sql`select to_jsonb(t)::text as row from ${sql.identifier(schema!)}.${sql.identifier(name!)} t ${where}`,
  );
  return rowsOf<{ row: string }>(result)
    .map((r) => r.row)
    .sort();
}

/** A table's rows as parsed JSON, by the key `keyOf` makes of each. */
export async function rowsByKey(
  db: Db,
  table: string,
  keyOf: (row: Record<string, unknown>) => string,
  where = sql``,
) {
  const rows = (await rowsOfTable(db, table, where)).map((row) => JSON.parse(row) as Record<string, unknown>);
  return new Map(rows.map((row) => [keyOf(row), row]));
}

/** The stored files' keys the media rows name (shipped pictures aside: the app carries those). */
export async function storageKeysOf(db: Db): Promise<string[]> {
  const result = await db.execute(sql`select storage_key from media order by storage_key`);
  return rowsOf<{ storage_key: string }>(result)
    .map((r) => r.storage_key)
    .filter((key) => !isShippedKey(key));
}

export const bytesIn = async (config: Config, key: string) => buffer(await mediaStoreFor(config).read(key));

/**
 * Every stored file the restored rows name is in the restored store, with the bytes the source store holds and the
 * SHA-256 its row records. Returns how many files were compared.
 */
export async function expectSameFiles(restored: Db, restoredConfig: Config, sourceConfig: Config) {
  const result = await restored.execute(sql`select storage_key, sha256 from media`);
  let compared = 0;
  for (const row of rowsOf<{ storage_key: string; sha256: string }>(result)) {
    if (isShippedKey(row.storage_key)) continue;
    const copy = await bytesIn(restoredConfig, row.storage_key);
    const original = await bytesIn(sourceConfig, row.storage_key);
    expect(copy.equals(original), `media ${row.storage_key}`).toBe(true);
    expect(createHash('sha256').update(copy).digest('hex')).toBe(row.sha256);
    compared += 1;
  }
  return compared;
}

export async function expectAuditVerifies(db: Db) {
  expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
}

export interface Write {
  id: number;
  startedAt: number;
  endedAt: number;
}

/**
 * A client sending messages to their care team, one after the other, every other one with a photo, until stopped:
 * writes (rows, audit rows, files) going on while a backup runs. Each write is recorded with when it began and ended.
 */
export async function startMessageWriter(t: TestApp, client: TestUser) {
  const session = await login(t, client);
  const writes: Write[] = [];
  let stopped = false;
  const photo = readFixture(FIXTURES.jpeg);
  const loop = (async () => {
    for (let n = 0; !stopped; n += 1) {
      const parts = [
        { name: 'text', data: `Message ${n}` },
        ...(n % 2 === 0
          ? [{ name: 'image', filename: 'photo.jpg', contentType: 'image/jpeg', data: photo }]
          : []),
      ];
      const body = multipartBody(parts);
      const startedAt = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/clients/${client.id}/messages/`,
        payload: body.payload,
        headers: { ...body.headers, ...session.headers },
        remoteAddress: nextIp(),
      });
      if (res.statusCode !== 201) throw new Error(`message not sent: ${res.statusCode} ${res.body}`);
      writes.push({ id: res.json<{ id: number }>().id, startedAt, endedAt: performance.now() });
    }
  })();
  return {
    writes,
    stop: async () => {
      stopped = true;
      await loop;
      return writes;
    },
  };
}
