import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from './db/client';
import { auditEntries, writeAudit } from './modules/audit/audit.service';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hep-cli-'));
  dirs.push(dir);
  return dir;
}

/**
 * Runs `tsx apps/server/src/cli.ts …` (what `npm run cli --` runs) against an embedded database in dir; `extra`
 * changes the environment.
 */
function cli(
  dir: string,
  args: string[],
  extra: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  Object.assign(env, extra);
  return new Promise((resolve) => {
    execFile(tsx, ['apps/server/src/cli.ts', ...args], { cwd: root, env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const createStaff = (dir: string, email: string) =>
  cli(dir, ['create-user', '--role', 'staff', '--email', email, '--password', 'a good password']);

describe('npm run cli -- create-user', () => {
  it('creates a staff user and prints its id; the same email again is refused', async () => {
    const dir = dataDir();

    const first = await createStaff(dir, 'admin@example.test');
    expect(first.stderr).toBe('');
    expect(first.stdout.trim()).toMatch(/^Created staff admin@example\.test with id \d+\.$/);
    expect(first.code).toBe(0);

    const again = await createStaff(dir, 'ADMIN@example.test');
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe('ADMIN@example.test is already registered.');
  }, 60_000);

  it('refuses a bad email in one line naming --email, and shows the usage', async () => {
    const res = await createStaff(dataDir(), 'not-an-email');
    expect(res.code).toBe(1);
    const lines = res.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^--email: /);
    expect(res.stdout).toContain('Usage: npm run cli -- create-user');
  }, 60_000);

  it('refuses a therapist without a discipline and an unknown option', async () => {
    const dir = dataDir();
    const therapist = await cli(dir, [
      'create-user',
      '--role',
      'therapist',
      '--email',
      't@example.test',
      '--password',
      'a good password',
    ]);
    expect(therapist.code).toBe(1);
    expect(therapist.stderr.trim()).toMatch(/^--discipline is required for a therapist/);

    const unknown = await cli(dir, ['create-user', '--role', 'staff', '--emial', 'a@example.test']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    expect(unknown.stderr).toContain('--emial');
  }, 60_000);

  it('says in one line that the database is in use while another live process holds it', async () => {
    const dir = dataDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'pgdata.lock'), String(process.pid));

    const res = await createStaff(dir, 'admin@example.test');

    expect(res.code).toBe(1);
    const lines = res.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('in use');
    expect(lines[0]).toContain(String(process.pid));
    expect(res.stdout).toBe('');
  }, 60_000);
});

describe('npm run cli -- audit verify', () => {
  it('verifies a clean chain, then names the row edited behind its back and exits 1', async () => {
    const dir = dataDir();
    const database = await openPglite(dir);
    for (const id of [1, 2, 3])
      await writeAudit(database.db, auditEntries({ id: 9 }, 'read', { entity: 'program', ids: [id] }, null));
    await database.close();

    const clean = await cli(dir, ['audit', 'verify']);
    expect(clean).toMatchObject({ code: 0, stderr: '' });
    expect(clean.stdout.trim()).toBe('Audit log verified: 3 rows in 1 chain');

    const again = await openPglite(dir);
    await again.db.execute(sql`update audit_log set target_ids = '{7}' where seq = 2`);
    await again.close();
    const broken = await cli(dir, ['audit', 'verify']);
    expect(broken.code).toBe(1);
    expect(broken.stderr.trim()).toBe(
      'Audit log broken in chain 0 at row 2: its fields do not match its hash (the row was changed).',
    );
  }, 300_000);
});

describe('npm run cli -- backup and restore', () => {
  it('asks for the folder in one line, and shows the usage', async () => {
    const res = await cli(dataDir(), ['backup']);
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe('--to DIR is required.');
    expect(res.stdout).toContain('npm run cli -- backup --to DIR');
    expect(res.stdout).toContain('npm run cli -- restore --from DIR');
  }, 60_000);

  it('says there is nothing to back up, or nothing to restore, in one line', async () => {
    const dir = dataDir();
    const backup = await cli(path.join(dir, 'data'), ['backup', '--to', path.join(dir, 'backup')]);
    expect(backup.code).toBe(1);
    expect(backup.stderr.trim()).toBe(
      `There is no embedded database in ${path.join(dir, 'data')} to back up.`,
    );
    const restore = await cli(path.join(dir, 'data'), ['restore', '--from', dir]);
    expect(restore.code).toBe(1);
    expect(restore.stderr.trim()).toBe(
      `${dir} holds no manifest.json: it is not a complete backup (or the backup was interrupted).`,
    );
  }, 60_000);

  it('names the script that installs pg_dump when it is missing, before connecting to anything', async () => {
    // A PATH with Node.js only.
    const bin = dataDir();
    symlinkSync(process.execPath, path.join(bin, 'node'));
    const res = await cli(dataDir(), ['backup', '--to', path.join(bin, 'backup')], {
      PATH: bin,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing',
    });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      'pg_dump is not installed: run "bash scripts/ensure-pg-client.sh" (as root it installs postgresql-client ' +
        'with apt-get), then try again.',
    );
  }, 60_000);
});
