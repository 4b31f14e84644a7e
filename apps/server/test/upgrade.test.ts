import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import {
  type Database,
  migrationsFolder,
  openPostgres,
  PGLITE_EXTENSIONS,
  wrapPglite,
} from '../src/db/client';
import { verifyAuditChain } from '../src/modules/audit/audit-verify.service';
import { loadStarterLibrary } from '../src/modules/library/starter-library.service';
import { createMailer } from '../src/modules/mail/mailer';
import { getMetricsByFullScan } from '../src/modules/metrics/metrics-full-scan.test-support';
import { getMetrics } from '../src/modules/metrics/metrics.service';
import { FIXTURE_LOGINS as L } from './fixtures/previous-release/fixture-logins';
import { databaseUrlFor } from './global-setup';
import { nextIp } from './helper';

// docs/product/operations.md#upgrades: a database made by the previous release (its migrations, then the data its
// own code wrote: test/fixtures/previous-release) is opened as this release opens it at start-up, on the engine this
// run tests. Every migration applies, every row the previous release wrote is still there with its values, what the
// later migrations derive from those rows is right, and the app serves them.

const fixtureDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/previous-release');

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
interface Manifest {
  release: string;
  migrations: (JournalEntry & { sha256: string })[];
}
const manifest = JSON.parse(readFileSync(path.join(fixtureDir, 'manifest.json'), 'utf8')) as Manifest;
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: (JournalEntry & { breakpoints: boolean })[];
};
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const migrationFile = (tag: string) => readFileSync(path.join(migrationsFolder, `${tag}.sql`));

type Row = Record<string, unknown>;
type Run = (text: string) => Promise<Row[]>;
/** Every table of the public schema: its primary key's columns and its rows (as jsonb, times in UTC). */
type Snapshot = Map<string, { key: string[]; rows: Row[] }>;

async function snapshot(run: Run): Promise<Snapshot> {
  const tables = (await run(`
    select c.relname::text as name, coalesce((
      select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
      from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
      where i.indrelid = c.oid and i.indisprimary), '{}') as key
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by 1`)) as { name: string; key: string[] }[];
  const result: Snapshot = new Map();
  for (const table of tables) {
    const rows = await run(`select to_jsonb(t) as row from public."${table.name}" t`);
    result.set(table.name, { key: table.key, rows: rows.map((r) => r.row as Row) });
  }
  return result;
}

const keyOf = (row: Row, key: string[]) => JSON.stringify(key.length ? key.map((c) => row[c]) : row);

/**
 * Each row before the upgrade, found after it by the same primary key, with the same value in every column it had
 * (new columns may be added), and no row more. Answers the differences, one line each. A table in `replaced` may be
 * gone: a migration moved its rows elsewhere (checked on their own).
 */
function rowsLost(before: Snapshot, after: Snapshot, replaced: string[]): string[] {
  const problems: string[] = [];
  for (const [table, { key, rows }] of before) {
    const now = after.get(table);
    if (!now) {
      if (!replaced.includes(table))
        problems.push(`${table}: the table is gone with its ${rows.length} rows`);
      continue;
    }
    const byKey = new Map(now.rows.map((row) => [keyOf(row, key), row]));
    if (now.rows.length !== rows.length)
      problems.push(`${table}: ${rows.length} rows before, ${now.rows.length} after`);
    for (const row of rows) {
      const found = key.length
        ? byKey.get(keyOf(row, key))
        : now.rows.find((r) =>
            Object.keys(row).every((c) => JSON.stringify(r[c]) === JSON.stringify(row[c])),
          );
      if (!found) {
        problems.push(`${table}: row ${keyOf(row, key)} is gone`);
        continue;
      }
      for (const [column, value] of Object.entries(row))
        if (JSON.stringify(found[column]) !== JSON.stringify(value))
          problems.push(
            `${table} ${keyOf(row, key)}: ${column} was ${JSON.stringify(value)}, is ${JSON.stringify(found[column])}`,
          );
    }
  }
  return problems;
}

/** The migrations folder as the previous release shipped it: the journal cut to its entries. */
function previousMigrations(dir: string): string {
  const folder = path.join(dir, 'previous-migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const count = manifest.migrations.length;
  writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }),
  );
  return folder;
}

/**
 * The previous release's rows, as its database held them: every table emptied of what its migrations put there (the
 * fixture has those rows too), then loaded with triggers off, so that nothing recomputes the chain hashes, counters
 * and schedules the rows carry (PGlite and the test's PostgreSQL user are superusers).
 */
const loadData = `SET LOCAL session_replication_role = replica;
DO $$ BEGIN
  EXECUTE (SELECT 'TRUNCATE ' || string_agg(format('%I.%I', schemaname, tablename), ', ') FROM pg_tables
    WHERE schemaname = 'public');
END $$;
${readFileSync(path.join(fixtureDir, 'data.sql'), 'utf8')}`;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'hep-upgrade-'));
const dataDir = path.join(scratch, 'data');

let before: Snapshot;
let after: Snapshot;
let database: Database;
let app: FastifyInstance;
let dropDatabase = async () => undefined as unknown;

/**
 * The previous release's database on PGlite, and this release's start-up on it (wrapPglite: what openPglite runs once
 * it has opened the data folder). A new embedded database costs seconds of initdb on a busy machine, so this starts
 * from a copy of the suite's migrated template, emptied back to a database with no schema of ours.
 */
async function upgradeOnPglite(folder: string): Promise<{ before: Snapshot; database: Database }> {
  const client = new PGlite({
    loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    extensions: PGLITE_EXTENSIONS,
  });
  await client.exec('DROP SCHEMA drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
  await client.transaction((tx) => tx.exec(loadData));
  const loaded = await client.transaction(async (tx) => {
    await tx.exec("SET LOCAL TIME ZONE 'UTC'");
    return snapshot(async (text) => (await tx.query<Row>(text)).rows);
  });
  return { before: loaded, database: await wrapPglite(client) };
}

async function buildOnPostgres(folder: string): Promise<{ snapshot: Snapshot; url: string }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `hep_t_${process.ppid}_${process.pid}_upgrade`.slice(0, 63);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const again = new pg.Client({ connectionString: base });
    await again.connect();
    await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await again.end();
  };
  const url = databaseUrlFor(base, name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
    await client.query(`BEGIN; ${loadData}; COMMIT`);
    await client.query("SET TIME ZONE 'UTC'");
    return { url, snapshot: await snapshot(async (text) => (await client.query<Row>(text)).rows) };
  } finally {
    await client.end();
  }
}

const resultRows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The upgraded database's rows, read in one transaction in UTC. */
const snapshotOf = (db: Database['db']) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
    return snapshot(async (text) => resultRows<Row>(await tx.execute(sql.raw(text))));
  });

const engine = inject('postgresTemplate') ? 'postgres' : 'pglite';

beforeAll(async () => {
  // The media files the previous release stored, where this one's local store reads them.
  cpSync(path.join(fixtureDir, 'media'), path.join(dataDir, 'media'), { recursive: true });
  const folder = previousMigrations(scratch);
  if (engine === 'postgres') {
    const built = await buildOnPostgres(folder);
    before = built.snapshot;
    // This release's start-up: server.ts opens the database (every migration), then loads the starter library.
    database = await openPostgres(built.url);
  } else {
    ({ before, database } = await upgradeOnPglite(folder));
  }
  after = await snapshotOf(database.db);
  await loadStarterLibrary(database.db);
  const ctx: AppContext = {
    config: loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://app.test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
    }),
    db: database.db,
    mailer: createMailer({ db: database.db, now: () => new Date() }),
    secretKey: new TextEncoder().encode('upgrade-test-secret-key-0123456789abcdefghij'),
    now: () => new Date(),
  };
  app = await buildApp(ctx, { webDist: null });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await dropDatabase();
  rmSync(scratch, { recursive: true, force: true });
});

const rowsOf = (snap: Snapshot, table: string) => snap.get(table)?.rows ?? [];
const userId = (email: string) => Number(rowsOf(before, 'users').find((u) => u.email === email)!.id);

describe(`a database made by the previous release (${manifest.release}), upgraded at start-up (${engine})`, () => {
  it("ships the previous release's migrations unchanged: append-only, byte for byte", () => {
    const changed = manifest.migrations.filter(
      (m, i) =>
        journal.entries[i]?.tag !== m.tag ||
        journal.entries[i]?.when !== m.when ||
        sha256(migrationFile(m.tag)) !== m.sha256,
    );
    expect(changed.map((m) => m.tag)).toEqual([]);
    expect(journal.entries.length).toBeGreaterThanOrEqual(manifest.migrations.length);
  });

  it('applies every migration of this release, once each', async () => {
    const applied = resultRows<{ hash: string; created_at: string | number }>(
      await database.db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by id`),
    );
    expect(applied.map((m) => ({ hash: m.hash, when: Number(m.created_at) }))).toEqual(
      journal.entries.map((entry) => ({ hash: sha256(migrationFile(entry.tag)), when: entry.when })),
    );
  });

  it('keeps every row of the previous release with its values', () => {
    expect(rowsOf(before, 'users').length).toBeGreaterThan(5);
    expect(rowsOf(before, 'feedback').length).toBeGreaterThan(10);
    expect(rowsOf(before, 'audit_log').length).toBeGreaterThan(10);
    // audit_chain_head became audit_chain_heads (migration 0023): checked below.
    expect(rowsLost(before, after, ['audit_chain_head'])).toEqual([]);
  });

  it('dates the deactivation of accounts that were deactivated before retention (migration 0021)', () => {
    const was = new Map(rowsOf(before, 'users').map((u) => [u.id, u]));
    const dates = rowsOf(after, 'users').map((u) => ({ id: u.id, deactivated_at: u.deactivated_at }));
    expect(dates).toEqual(
      rowsOf(after, 'users').map((u) => ({
        id: u.id,
        deactivated_at: was.get(u.id)!.is_active ? null : was.get(u.id)!.updated_at,
      })),
    );
    expect(dates.filter((d) => d.deactivated_at !== null)).toHaveLength(1);
    expect(rowsOf(after, 'clinics').map((c) => c.retention_years)).toEqual(
      rowsOf(after, 'clinics').map(() => 7),
    );
  });

  it('keeps the audit log as chain 0, which `audit verify` accepts (migration 0023)', async () => {
    const [head] = rowsOf(before, 'audit_chain_head');
    expect(rowsOf(after, 'audit_chain_heads')).toEqual([{ chain_id: 0, seq: head!.seq, hash: head!.hash }]);
    expect(new Set(rowsOf(after, 'audit_log').map((r) => r.chain_id))).toEqual(new Set([0]));
    expect(await verifyAuditChain(database.db)).toEqual({
      ok: true,
      rows: rowsOf(before, 'audit_log').length,
      chains: 1,
    });
  });

  it("counts the previous release's users, programs and feedback for the staff metrics (migration 0022)", async () => {
    const counted = await getMetrics({ db: database.db });
    expect(counted).toEqual(await getMetricsByFullScan(database.db));
    expect(counted.exercise_feedback.total).toBe(rowsOf(before, 'feedback').length);
    expect(counted.users).toEqual({
      total: rowsOf(before, 'users').length,
      active: rowsOf(before, 'users').filter((u) => u.is_active).length,
      therapists: rowsOf(before, 'users').filter((u) => u.is_therapist).length,
      clients: rowsOf(before, 'client_profiles').length,
    });
  });
});

describe("the upgraded app serves the previous release's data", () => {
  const signIn = async (login: { email: string; password: string }) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: login,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, `${login.email}: ${res.body}`).toBe(200);
    return { authorization: `Bearer ${res.json<{ access: string }>().access}` };
  };
  const get = async (headers: { authorization: string } | null, url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: headers ?? {}, remoteAddress: nextIp() });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };
  const programsOf = (clientId: number, published: boolean) =>
    rowsOf(before, 'programs')
      .filter((p) => p.client_id === clientId && (!published || !p.is_draft))
      .map((p) => p.name)
      .sort();
  /** The file as the previous release stored it: the size and SHA-256 its media row recorded. */
  const asStored = (mediaId: unknown) => {
    const row = rowsOf(before, 'media').find((m) => m.id === mediaId)!;
    return { size: Number(row.size), sha256: row.sha256 };
  };
  const served = (bytes: Buffer) => ({ size: bytes.length, sha256: sha256(bytes) });

  it("shows the therapist their client's programs, and the client their published ones", async () => {
    const chris = userId(L.client.email);
    const tara = await signIn(L.therapist);
    const forTara = (await get(tara, `/api/programs/?client=${chris}`)).json<{ name: string }[]>();
    expect(forTara.map((p) => p.name).sort()).toEqual(programsOf(chris, false));
    expect(forTara.map((p) => p.name)).toContain('Balance after stroke');

    const client = await signIn(L.client);
    const forChris = (await get(client, '/api/programs/')).json<
      { name: string; exercises: { name: string }[] }[]
    >();
    expect(forChris.map((p) => p.name).sort()).toEqual(programsOf(chris, true));
    const balance = forChris.find((p) => p.name === 'Balance after stroke')!;
    expect(balance.exercises.map((e) => e.name)).toEqual(['Sit to stand', 'Tandem stance', 'Side steps']);
  });

  it("shows a client's feedback history with effort, pain, who entered it and the photo's bytes", async () => {
    const tandem = rowsOf(before, 'exercises').find((e) => e.name === 'Tandem stance')!;
    const rows = rowsOf(before, 'feedback').filter((f) => f.exercise_id === tandem.id);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const login of [L.client, L.therapist]) {
      const session = await signIn(login);
      const entries = (await get(session, `/api/feedback/?exercise=${String(tandem.id)}`)).json<
        {
          date_completed: string;
          effort_rating: number;
          pain: number | null;
          feeling: string;
          image_url: string | null;
          entered_by?: { name: string } | null;
        }[]
      >();
      const shown = (list: Omit<(typeof entries)[number], 'image_url'>[]) =>
        list
          .map((e) => [e.date_completed, e.effort_rating, e.pain, e.feeling, e.entered_by?.name ?? null])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      expect(shown(entries)).toEqual(
        shown(
          rows.map((r) => ({
            date_completed: String(r.date_completed),
            effort_rating: Number(r.effort_rating),
            pain: r.pain as number | null,
            feeling: String(r.feeling),
            entered_by: r.entered_by_id === userId(L.carer.email) ? { name: 'Maria Lopez' } : null,
          })),
        ),
      );
      const withPhoto = rows.find((r) => r.media_id !== null)!;
      const url = entries.find((e) => e.date_completed === withPhoto.date_completed)!.image_url!;
      const photo = await get(null, url);
      expect(served(photo.rawPayload)).toEqual(asStored(withPhoto.media_id));
    }
  });

  it("shows the client's messages with their photo, measures to the team, the carer's client; the deactivated stay out", async () => {
    const chris = userId(L.client.email);
    const client = await signIn(L.client);
    const messages = (await get(client, `/api/clients/${chris}/messages/`)).json<{
      results: { text: string; image_url: string | null }[];
    }>().results;
    expect(messages.map((m) => m.text).sort()).toEqual(
      rowsOf(before, 'messages')
        .filter((m) => m.client_id === chris)
        .map((m) => m.text)
        .sort(),
    );
    const photoRow = rowsOf(before, 'messages').find((m) => m.client_id === chris && m.media_id !== null)!;
    const photo = await get(null, messages.find((m) => m.image_url)!.image_url!);
    expect(served(photo.rawPayload)).toEqual(asStored(photoRow.media_id));

    const tara = await signIn(L.therapist);
    const measures = (await get(tara, `/api/clients/${chris}/measures/`)).json<
      { instrument: string; results: { id: number; score: number; entered_by: { id: number | null } }[] }[]
    >();
    const results = (list: { id: unknown; score: unknown; by: unknown }[]) =>
      list.map((r) => [r.id, Number(r.score), r.by]).sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(results(measures.flatMap((m) => m.results.map((r) => ({ ...r, by: r.entered_by.id }))))).toEqual(
      results(
        rowsOf(before, 'measure_results')
          .filter((r) => r.client_id === chris)
          .map((r) => ({ id: r.id, score: r.score, by: r.entered_by_id })),
      ),
    );

    const carer = await signIn(L.carer);
    const helped = (await get(carer, '/api/carers/me/clients/')).json<
      { client: { id: number }; access: string }[]
    >();
    expect(helped.map((c) => [c.client.id, c.access])).toEqual([[chris, 'log']]);

    const refused = await app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: L.client2,
      remoteAddress: nextIp(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: AUTH_TEXTS.accountDeactivated, code: 'account_inactive' });

    const staff = await signIn(L.staff);
    const metrics = (await get(staff, '/api/metrics/')).json();
    expect(metrics).toEqual(await getMetricsByFullScan(database.db));
  });

  it('saves new feedback beside the old, counted and audited after the old rows', async () => {
    const client = await signIn(L.client);
    const sideSteps = rowsOf(after, 'exercises').find((e) => e.name === 'Side steps')!;
    // A day of its program in the past (the fixture's dates are the day it was made, whenever this runs).
    const program = rowsOf(after, 'programs').find((p) => p.id === sideSteps.program_id)!;
    const saved = await app.inject({
      method: 'POST',
      url: '/api/feedback/',
      headers: client,
      payload: {
        exercise: sideSteps.id,
        date_completed: program.start_date,
        effort_rating: 4,
        feeling: 'First time after the update.',
      },
      remoteAddress: nextIp(),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const counted = await getMetrics({ db: database.db });
    expect(counted.exercise_feedback.total).toBe(rowsOf(before, 'feedback').length + 1);
    expect(counted).toEqual(await getMetricsByFullScan(database.db));

    const verdict = await verifyAuditChain(database.db);
    expect(verdict).toMatchObject({ ok: true });
    // The old rows stay chain 0; what the clinic's users did since chains per clinic.
    expect((verdict as { chains: number }).chains).toBeGreaterThan(1);
  });
});
