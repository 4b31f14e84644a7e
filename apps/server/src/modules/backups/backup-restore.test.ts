import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createMailer } from '../../modules/mail/mailer';
import { buildCareTeam, login } from '../../../test/factories';
import type { TestApp } from '../../../test/helper';
import { mediaTestApp } from '../../../test/media-test-app';
import { readManifest } from './backup-manifest';
import { BackupRefusal, writeBackup } from './backup.service';
import {
  emptyTarget,
  expectAuditVerifies,
  expectSameFiles,
  onPostgres,
  rowsByKey,
  rowsOfTable,
  startMessageWriter,
  storageKeysOf,
  tablesOf,
} from './backups.test-support';
import { restoreBackup } from './restore.service';

// docs/product/backups.md: a backup taken while the app serves writes restores to a consistent state, row by row and
// byte by byte, into an empty target only (the embedded engine's DATA_DIR, or an empty PostgreSQL database).

let t: TestApp;
mediaTestApp((app) => (t = app));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A path for a backup folder that does not exist yet. */
function backupDir(): string {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'hep-backup-'));
  folders.push(parent);
  return path.join(parent, 'backup');
}

const sourceConfig = () => t.ctx.config;
const auditKey = (row: Record<string, unknown>) => `${String(row.chain_id)}/${String(row.seq)}`;

describe('a backup taken while the app serves writes', () => {
  it('restores to the state of one moment: the rows as the source has them, each file byte for byte, the audit chains whole', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const writer = await startMessageWriter(t, client);
    await vi.waitFor(() => expect(writer.writes.length).toBeGreaterThanOrEqual(4), { timeout: 30_000 });
    const dir = backupDir();
    const started = performance.now();
    const summary = await writeBackup(t.ctx, dir);
    const ended = performance.now();
    const writes = await writer.stop();
    // The writer kept going while the copy ran.
    expect(writes.some((w) => w.startedAt > started && w.startedAt < ended)).toBe(true);
    expect(summary).toMatchObject({ kind: onPostgres() ? 'postgres' : 'embedded', warnings: [] });
    expect(summary.mediaFiles).toBeGreaterThanOrEqual(2);

    const target = await emptyTarget();
    try {
      await restoreBackup(target.config, dir);
      const restored = (await target.open()).db;
      await expectAuditVerifies(restored);

      // The conversation: each restored message is the source's row; every message sent before the copy began is
      // there, none begun after it ended.
      const ofClient = sql`where client_id = ${client.id}`;
      const copy = await rowsByKey(restored, 'public.messages', (r) => String(r.id), ofClient);
      const original = await rowsByKey(t.ctx.db, 'public.messages', (r) => String(r.id), ofClient);
      for (const [id, row] of copy) expect(row).toEqual(original.get(id));
      for (const write of writes) {
        if (write.endedAt < started) expect(copy.has(String(write.id))).toBe(true);
        if (write.startedAt > ended) expect(copy.has(String(write.id))).toBe(false);
      }
      expect(copy.size).toBeLessThan(writes.length);

      // The audit rows: each chain a prefix of the source's, row for row.
      const audit = await rowsByKey(restored, 'public.audit_log', auditKey);
      const sourceAudit = await rowsByKey(t.ctx.db, 'public.audit_log', auditKey);
      for (const [key, row] of audit) expect(row).toEqual(sourceAudit.get(key));

      // The files: exactly those the copy's rows name, each byte for byte.
      const manifest = readManifest(dir);
      expect(manifest.media.map((m) => m.key)).toEqual(await storageKeysOf(restored));
      const media = await rowsByKey(restored, 'public.media', (r) => String(r.id));
      const sourceMedia = await rowsByKey(t.ctx.db, 'public.media', (r) => String(r.id));
      for (const [id, row] of media) expect(row).toEqual(sourceMedia.get(id));
      expect(await expectSameFiles(restored, target.config, sourceConfig())).toBe(manifest.media.length);
    } finally {
      await target.cleanup();
    }
  });
});

describe('a backup of a quiet app', () => {
  it('restores every table row for row and every file byte for byte; the restored app signs the same user in and serves the same bytes', async () => {
    const { client, therapist } = await buildCareTeam(t.ctx);
    const writer = await startMessageWriter(t, client);
    await vi.waitFor(() => expect(writer.writes.length).toBeGreaterThanOrEqual(3), { timeout: 30_000 });
    await writer.stop();
    const dir = backupDir();
    await writeBackup(t.ctx, dir);

    const target = await emptyTarget();
    try {
      const summary = await restoreBackup(target.config, dir);
      expect(summary.mediaFiles).toBe(readManifest(dir).media.length);
      const restored = (await target.open()).db;
      const tables = await tablesOf(t.ctx.db);
      expect(await tablesOf(restored)).toEqual(tables);
      for (const table of tables)
        expect(await rowsOfTable(restored, table), table).toEqual(await rowsOfTable(t.ctx.db, table));
      expect(await expectSameFiles(restored, target.config, sourceConfig())).toBeGreaterThanOrEqual(2);
      await expectAuditVerifies(restored);

      // The restored app: the therapist signs in with the same password and gets the same photo.
      const app = await buildApp({
        ...t.ctx,
        config: target.config,
        db: restored,
        mailer: createMailer({ db: restored, now: t.clock.now }),
      });
      try {
        const photoOf = async (serving: TestApp['app']) => {
          const session = await login({ ...t, app: serving }, therapist);
          const page = await serving.inject({
            method: 'GET',
            url: `/api/clients/${client.id}/messages/`,
            headers: session.headers,
          });
          expect(page.statusCode).toBe(200);
          const url = page
            .json<{ results: { image_url: string | null }[] }>()
            .results.find((m) => m.image_url)!.image_url!;
          const file = await serving.inject({ method: 'GET', url });
          expect(file.statusCode).toBe(200);
          return file.rawPayload;
        };
        const bytes = await photoOf(app);
        expect(bytes.length).toBeGreaterThan(100);
        expect(bytes.equals(await photoOf(t.app))).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await target.cleanup();
    }
  });
});

describe('refusals', () => {
  it('refuses a target that holds anything, in one line, and touches nothing', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const writer = await startMessageWriter(t, client);
    await vi.waitFor(() => expect(writer.writes.length).toBeGreaterThanOrEqual(1), { timeout: 30_000 });
    await writer.stop();
    const dir = backupDir();
    await writeBackup(t.ctx, dir);

    const target = await emptyTarget();
    try {
      const dataDir = target.config.DATA_DIR;
      // Something in the way: a table in the database, or a file in DATA_DIR.
      let before: unknown;
      if (onPostgres()) {
        const database = await target.open({ migrate: false });
        await database.db.execute(sql`create table notes (id int)`);
        await database.db.execute(sql`insert into notes values (1)`);
        before = await rowsOfTable(database.db, 'public.notes');
        await expect(restoreBackup(target.config, dir)).rejects.toThrow(
          'The database of DATABASE_URL is not empty (it holds 1 tables, views or sequences): restore only into an empty database',
        );
        expect(await rowsOfTable(database.db, 'public.notes')).toEqual(before);
        expect(await tablesOf(database.db)).toEqual(['public.notes']);
      } else {
        mkdirSync(dataDir);
        writeFileSync(path.join(dataDir, 'notes.txt'), 'keep me');
        await expect(restoreBackup(target.config, dir)).rejects.toThrow(
          new BackupRefusal(
            `DATA_DIR (${dataDir}) is not empty (it holds notes.txt): restore only into an empty folder, or ` +
              'point DATA_DIR at a new one.',
          ),
        );
        expect(readdirSync(dataDir)).toEqual(['notes.txt']);
        expect(readFileSync(path.join(dataDir, 'notes.txt'), 'utf8')).toBe('keep me');
      }
    } finally {
      await target.cleanup();
    }
  });

  it('refuses a damaged backup, a backup of the other engine or of a newer release, and a backup into a folder that is not empty', async () => {
    const dir = backupDir();
    await writeBackup(t.ctx, dir);
    const target = await emptyTarget();
    try {
      // A media file changed after the backup: named, and nothing restored.
      const manifest = readManifest(dir);
      const damaged = backupDir();
      cpSync(dir, damaged, { recursive: true });
      const file = path.join(damaged, 'media', manifest.media[0]!.key);
      const bytes = readFileSync(file);
      bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
      writeFileSync(file, bytes);
      await expect(restoreBackup(target.config, damaged)).rejects.toThrow(
        `${damaged} is damaged: media/${manifest.media[0]!.key} does not match its size and SHA-256 in the manifest; nothing was restored.`,
      );

      const edited = (changes: object) => {
        const copy = backupDir();
        cpSync(dir, copy, { recursive: true });
        writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify({ ...manifest, ...changes }));
        return copy;
      };
      await expect(
        restoreBackup(target.config, edited({ last_migration: 'unknown-1999999999999' })),
      ).rejects.toThrow('This backup was made by a newer release of the app');
      const otherEngine = loadConfig({
        DATA_DIR: target.config.DATA_DIR,
        ...(onPostgres() ? {} : { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }),
      });
      await expect(restoreBackup(otherEngine, dir)).rejects.toThrow(
        onPostgres()
          ? 'This backup holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.'
          : 'This backup holds an embedded database: unset DATABASE_URL to restore it into an empty DATA_DIR.',
      );
      // Without a manifest (an interrupted backup) it is not a backup.
      rmSync(path.join(damaged, 'manifest.json'));
      await expect(restoreBackup(target.config, damaged)).rejects.toThrow(
        `${damaged} holds no manifest.json: it is not a complete backup`,
      );
      // Every refusal left the target as it was: empty.
      if (onPostgres()) expect(await tablesOf((await target.open({ migrate: false })).db)).toEqual([]);
      else
        expect(readdirSync(path.dirname(target.config.DATA_DIR))).not.toContain(
          path.basename(target.config.DATA_DIR),
        );

      // A backup goes into a new or empty folder only.
      await expect(writeBackup(t.ctx, dir)).rejects.toThrow(
        `${dir} is not empty (it holds SHA256SUMS, database.${onPostgres() ? 'pgdump' : 'tar.gz'}, manifest.json and 1 more): back up into a new or empty folder.`,
      );
      expect(readManifest(dir)).toEqual(manifest);
    } finally {
      await target.cleanup();
    }
  });
});
