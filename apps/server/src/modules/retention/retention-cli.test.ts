import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client';

// `npm run cli -- retention run [--dry-run]` (docs/product/retention.md#the-cli) against an embedded database.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dir = mkdtempSync(path.join(os.tmpdir(), 'hep-retention-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(tsx, ['apps/server/src/cli.ts', ...args], { cwd: root, env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** A client of a new clinic, deactivated `years` ago (null: active); returns its id. */
const clientSql = (email: string, years: number | null) => sql`with u as (
    insert into users (email, first_name, last_name, is_active, deactivated_at)
    values (${email}, 'Sam', 'Erasable', ${years === null},
      ${years === null ? null : sql`now() - make_interval(years => ${years})`})
    returning id
  ), c as (insert into clinics (name) values (${`Clinic of ${email}`}) returning id)
  insert into client_profiles (user_id, clinic_id) select u.id, c.id from u, c returning user_id as id`;

async function usersLeft(ids: number[]): Promise<number[]> {
  const database = await openPglite(dir);
  try {
    const result = await database.db.execute(
      sql`select id from users where id = any(${`{${ids.join(',')}}`}::integer[]) order by id`,
    );
    return (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  } finally {
    await database.close();
  }
}

describe('npm run cli -- retention run', () => {
  it('lists with --dry-run what would go, changes nothing; then erases exactly those and the chain verifies', async () => {
    const database = await openPglite(dir);
    const ids: number[] = [];
    for (const [email, years] of [
      ['old@example.test', 8],
      ['recent@example.test', 2],
      ['active@example.test', null],
    ] as const) {
      const result = await database.db.execute(clientSql(email, years));
      ids.push((result as unknown as { rows: { id: number }[] }).rows[0]!.id);
    }
    await database.close();
    const [old] = ids;

    const dry = await cli(['retention', 'run', '--dry-run']);
    expect(dry).toMatchObject({ code: 0, stderr: '' });
    const lines = dry.stdout.trim().split('\n');
    expect(lines[0]).toBe('Dry run: 1 client(s) would be erased.');
    expect(lines[1]).toMatch(new RegExp(`^client ${old} \\(clinic \\d+\\): 0 programs, 0 feedback`));
    expect(lines.at(-1)).toMatch(/^Would prune: /);
    // No name or address in the listing.
    expect(dry.stdout).not.toMatch(/Sam|Erasable|example\.test/);
    expect(await usersLeft(ids)).toEqual(ids);

    const run = await cli(['retention', 'run']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.split('\n')[0]).toBe('1 client(s) erased.');
    expect(await usersLeft(ids)).toEqual(ids.slice(1));

    const verify = await cli(['audit', 'verify']);
    expect(verify).toMatchObject({ code: 0, stderr: '' });
    expect(verify.stdout.trim()).toMatch(/^Audit log verified: \d+ rows in \d+ chains?$/);
  }, 300_000);

  it('refuses an unknown retention command or option with the usage', async () => {
    const res = await cli(['retention', 'run', '--dryrun']);
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stdout).toContain('npm run cli -- retention run [--dry-run]');
  }, 120_000);
});
