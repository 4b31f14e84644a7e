import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readManifest } from '../../src/modules/backups/backup-manifest';
import { cli, photosOf, signIn, startPhotoWriter } from '../backup-process';
import { tempDataDir } from '../fixtures/media-fixtures';
import { databaseUrlFor } from '../global-setup';
import { startS3Server, type S3Server } from '../s3-server';
import { startServerProcess, type ServerProcess } from '../server-process';

/**
 * docs/product/backups.md on PostgreSQL with media in a bucket, as a larger clinic runs it: `npm run cli -- backup`
 * (pg_dump) while a server serves writes, `restore` into an empty database and an empty bucket (a database holding
 * anything refused, nothing touched), `audit verify` on the copy, and a server on the copy that signs in the same
 * users and serves the same bytes.
 */

const stamp = `${process.pid}_${Date.now()}`;
const names = { source: `hep_t_bk_${stamp}`, copy: `hep_t_rs_${stamp}` };
const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
const urlOf = (name: string) => databaseUrlFor(process.env.TEST_DATABASE_URL!, name);
const dataDirs = [tempDataDir(), tempDataDir()];
const scratch = mkdtempSync(path.join(os.tmpdir(), 'hep-restore-'));
const backupDir = path.join(scratch, 'backup');
const SECRET_KEY = randomUUID() + randomUUID();
let buckets: S3Server[] = [];
let server: ServerProcess;
let restoredServer: ServerProcess | undefined;

const sourceEnv = () => ({ DATABASE_URL: urlOf(names.source), DATA_DIR: dataDirs[0]!, ...buckets[0]!.env });
const copyEnv = () => ({ DATABASE_URL: urlOf(names.copy), DATA_DIR: dataDirs[1]!, ...buckets[1]!.env });

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${names.source} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.query(`CREATE DATABASE ${names.copy}`);
  buckets = await Promise.all([startS3Server(), startS3Server()]);
  server = await startServerProcess({ ...sourceEnv(), SECRET_KEY, SEED_DEMO: '1', TRUST_PROXY: '1' });
}, 120_000);
afterAll(async () => {
  for (const s of [server, restoredServer]) if (s && s.child.exitCode === null) s.child.kill('SIGKILL');
  await Promise.all([server?.exited, restoredServer?.exited]);
  await Promise.all(buckets.map((bucket) => bucket.close()));
  for (const name of Object.values(names)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  for (const dir of [...dataDirs, scratch]) rmSync(dir, { recursive: true, force: true });
});

/** Every table's row count in the copy: what "nothing touched" compares. */
async function rowCounts(name: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: urlOf(name) });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name: table } of tables.rows)
      counts[table] = (
        await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`)
      ).rows[0]!.n;
    return counts;
  } finally {
    await client.end();
  }
}

describe('backup and restore on PostgreSQL with a bucket', () => {
  it('backs up with pg_dump while the server writes, and restores into an empty database and bucket that a server then serves', async () => {
    const client = await signIn(server, server.login('client'));
    const writer = startPhotoWriter(server, client);
    await expect.poll(() => writer.sent(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    const sentBefore = writer.sent();
    const backup = await cli(sourceEnv(), ['backup', '--to', backupDir]);
    const sentDuring = writer.sent() - sentBefore;
    await writer.stop();
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout.trim()).toMatch(
      /^Backup written to .+: the postgres database \(.+\) and \d+ media files/,
    );
    expect(backup.stderr).toContain('Copying the database');
    expect(sentDuring).toBeGreaterThan(0);
    const manifest = readManifest(backupDir);
    expect(manifest).toMatchObject({ kind: 'postgres', secret_key: null, warnings: [] });
    expect(manifest.media.length).toBeGreaterThanOrEqual(3);

    const therapistLogin = server.login('therapist');
    const therapist = await signIn(server, therapistLogin);
    const sourcePhotos = await photosOf(server, therapist.headers, client.id);

    const restored = await cli(copyEnv(), ['restore', '--from', backupDir]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout.trim()).toMatch(
      /^Restored .+: the postgres database into the database of DATABASE_URL, \d+ media files \(.+\) into the bucket hep-media\./,
    );
    expect(await buckets[1]!.objectKeys()).toEqual(manifest.media.map((m) => m.key));

    // Restoring again: the database is not empty any more. One line, and nothing touched.
    const counts = await rowCounts(names.copy);
    const objects = await buckets[1]!.objectKeys();
    const again = await cli(copyEnv(), ['restore', '--from', backupDir]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^The database of DATABASE_URL is not empty \(it holds \d+ tables, views or sequences\)/,
      ),
    ]);
    expect(await rowCounts(names.copy)).toEqual(counts);
    expect(await buckets[1]!.objectKeys()).toEqual(objects);

    const verified = await cli(copyEnv(), ['audit', 'verify']);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/^Audit log verified: \d+ rows in \d+ chains?/);

    restoredServer = await startServerProcess({ ...copyEnv(), SECRET_KEY, SEED_DEMO: '0', TRUST_PROXY: '1' });
    const onCopy = await signIn(restoredServer, therapistLogin);
    expect(onCopy.id).toBe(therapist.id);
    expect((await signIn(restoredServer, server.login('client'))).id).toBe(client.id);
    const photos = await photosOf(restoredServer, onCopy.headers, client.id);
    expect(photos.size).toBe(manifest.media.length);
    for (const [id, bytes] of photos) expect(bytes.equals(sourcePhotos.get(id)!), `message ${id}`).toBe(true);
  }, 180_000);
});
