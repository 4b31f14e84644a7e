import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPostgres } from '../../src/db/client';
import { tempDataDir } from '../fixtures/media-fixtures';
import { databaseUrlFor } from '../global-setup';
import { startServerProcess } from '../server-process';

/**
 * The app's connections run with JIT off and random_page_cost 1.1 (docs/decisions/021-jit-off.md,
 * docs/decisions/026-random-page-cost.md), set when each connects rather than by a query of its own: a query sent while the pool hands the connection out makes node-postgres warn that two queries
 * at once on one client is deprecated (and will fail in pg 9).
 */
const name = `hep_t_jit_${process.pid}_${Date.now()}`;
const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
const url = () => databaseUrlFor(process.env.TEST_DATABASE_URL!, name);

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
});
afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe("the app's PostgreSQL pool", () => {
  let database: Database;
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => void warnings.push(warning);
  beforeAll(async () => {
    process.on('warning', onWarning);
    database = await openPostgres(url());
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await database.close();
  });

  it('runs every connection with JIT off and random_page_cost 1.1, and no query meets another on one connection', async () => {
    // Several at once, so that the pool opens new connections while queries wait for them.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        database.db.execute(
          sql`select current_setting('jit') as jit, current_setting('random_page_cost') as cost, pg_sleep(0.05)::text`,
        ),
      ),
    );
    const settings = answers.map((answer) => {
      const { jit, cost } = (answer as unknown as { rows: { jit: string; cost: string }[] }).rows[0]!;
      return { jit, cost };
    });
    expect(settings).toEqual(Array(6).fill({ jit: 'off', cost: '1.1' }));
    const shown = (await database.db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] };
    expect(shown.rows[0]!.jit).toBe('off');
    // Let a warning emitted on a later tick arrive before looking.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.name === 'DeprecationWarning').map((w) => w.message)).toEqual([]);
  });
});

describe('a DATABASE_URL that carries startup options of its own', () => {
  it('keeps them and adds our settings', async () => {
    const withTimeout = new URL(url());
    withTimeout.searchParams.set('options', '-c statement_timeout=7s');
    const database = await openPostgres(withTimeout.toString());
    try {
      const shown = (await database.db.execute(
        sql`select current_setting('jit') as jit, current_setting('random_page_cost') as cost,
          current_setting('statement_timeout') as timeout`,
      )) as unknown as { rows: { jit: string; cost: string; timeout: string }[] };
      expect(shown.rows[0]).toEqual({ jit: 'off', cost: '1.1', timeout: '7s' });
    } finally {
      await database.close();
    }
  });
});

describe('the server process on PostgreSQL', () => {
  it('starts and answers without a DeprecationWarning on its stderr', async () => {
    const dataDir = tempDataDir();
    const server = await startServerProcess({
      DATABASE_URL: url(),
      DATA_DIR: dataDir,
      SECRET_KEY: 'jit-test-secret-key-that-is-long-enough-0123456789',
      SEED_DEMO: '0',
    });
    try {
      // Requests at once, so that the pool opens connections while they wait (the health check reads the database).
      const statuses = await Promise.all(
        Array.from({ length: 8 }, async () => (await fetch(`${server.url}/api/health/`)).status),
      );
      expect(statuses).toEqual(Array(8).fill(200));
      expect(server.output()).not.toContain('DeprecationWarning');
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
