import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import type { AppContext } from '../../context';
import { type Db, engineOf, openPostgres } from '../../db/client';
import { buildCareTeam } from '../../../test/factories';
import { tempDataDir } from '../../../test/fixtures/media-fixtures';
import type { TestApp } from '../../../test/helper';
import { mediaTestApp } from '../../../test/media-test-app';
import { readManifest } from './backup-manifest';
import { dailyBackupsFolder, dailyBackupsOn, runDailyBackup, startDailyBackups } from './backup-daily';
import { emptyTarget, onPostgres, startMessageWriter } from './backups.test-support';
import { restoreBackup } from './restore.service';

// docs/product/backups.md#daily-backups: from 01:00 UTC, once a day across every process, into the DATA_DIR of the
// process that took the day, keeping the newest 7.

let t: TestApp;
const { dataDir } = mediaTestApp((app) => (t = app));
const otherDataDir = tempDataDir();
afterAll(() => rmSync(otherDataDir, { recursive: true, force: true }));

const at = (iso: string): AppContext => ({ ...t.ctx, now: () => new Date(iso) });
const backupsIn = (dir: string) =>
  existsSync(path.join(dir, 'backups')) ? readdirSync(path.join(dir, 'backups')).sort() : [];
const runsOf = async (day: string) =>
  (
    (await t.ctx.db.execute(sql`select status from backup_runs where day = ${day}::date`)) as unknown as {
      rows: { status: string }[];
    }
  ).rows;

/** Another process on the same database: a second connection on PostgreSQL, a second handle on PGlite. */
async function secondNode() {
  const engine = engineOf(t.ctx.db);
  if (engine.kind === 'postgres') {
    const database = await openPostgres(engine.url, { migrate: false });
    return { db: database.db, close: () => database.close() };
  }
  const db = drizzle({ client: engine.client as PGlite }) as unknown as Db;
  return { db, close: async () => undefined };
}

describe('the daily backup', () => {
  it('runs once a day across two processes, from 01:00 UTC, into the DATA_DIR of the one that took the day', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const writer = await startMessageWriter(t, client);
    await vi.waitFor(() => expect(writer.writes.length).toBeGreaterThanOrEqual(2), { timeout: 30_000 });
    await writer.stop();
    const other = await secondNode();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: otherDataDir });
    const nodesAt = (iso: string) => [at(iso), { ...at(iso), db: other.db, config }];
    try {
      // Before 01:00 UTC nothing is due.
      const early = await Promise.all(nodesAt('2045-06-01T00:30:00Z').map((ctx) => runDailyBackup(ctx)));
      expect(early.map((r) => r.ran)).toEqual([false, false]);
      expect(await runsOf('2045-06-01')).toEqual([]);

      const due = await Promise.all(nodesAt('2045-06-01T01:30:00Z').map((ctx) => runDailyBackup(ctx)));
      expect(due.filter((r) => r.ran)).toHaveLength(1);
      const written = [...backupsIn(dataDir), ...backupsIn(otherDataDir)];
      expect(written).toEqual(['2045-06-01T013000Z']);
      const folder = path.join(due[0]!.ran ? dataDir : otherDataDir, 'backups', written[0]!);
      const manifest = readManifest(folder);
      expect(manifest).toMatchObject({ kind: onPostgres() ? 'postgres' : 'embedded', warnings: [] });
      expect(manifest.media.length).toBeGreaterThanOrEqual(1);
      expect(await runsOf('2045-06-01')).toEqual([{ status: 'done' }]);

      // Later the same day: taken already. The next day: once again.
      const again = await Promise.all(nodesAt('2045-06-01T13:00:00Z').map((ctx) => runDailyBackup(ctx)));
      expect(again.map((r) => r.ran)).toEqual([false, false]);
      const next = await Promise.all(nodesAt('2045-06-02T01:00:00Z').map((ctx) => runDailyBackup(ctx)));
      expect(next.filter((r) => r.ran)).toHaveLength(1);
      expect([...backupsIn(dataDir), ...backupsIn(otherDataDir)].sort()).toEqual([
        '2045-06-01T013000Z',
        '2045-06-02T010000Z',
      ]);
    } finally {
      await other.close();
      rmSync(path.join(dataDir, 'backups'), { recursive: true, force: true });
    }
  });

  it('keeps the newest 7, each complete on its own: unchanged files are linked to the previous backup', async () => {
    for (let day = 1; day <= 8; day += 1) {
      const report = await runDailyBackup(at(`2046-01-0${day}T02:00:00Z`));
      expect(report.ran).toBe(true);
    }
    const kept = backupsIn(dataDir);
    expect(kept).toEqual([2, 3, 4, 5, 6, 7, 8].map((day) => `2046-01-0${day}T020000Z`));
    const newest = path.join(dataDir, 'backups', kept[6]!);
    const key = readManifest(newest).media[0]!.key;
    // One file on the disk for all seven backups.
    expect(statSync(path.join(newest, 'media', key)).nlink).toBe(7);

    // The oldest kept restores by itself: every sum checks out.
    const target = await emptyTarget();
    try {
      const summary = await restoreBackup(target.config, path.join(dataDir, 'backups', kept[0]!));
      expect(summary.mediaFiles).toBe(readManifest(newest).media.length);
    } finally {
      await target.cleanup();
      rmSync(path.join(dataDir, 'backups'), { recursive: true, force: true });
    }
  });

  it('gives the day back when the copy fails, so a later tick writes it; the server logs the failure and goes on', async () => {
    // DATA_DIR/backups is a file: no backup can be written.
    writeFileSync(path.join(dataDir, 'backups'), 'in the way');
    await expect(runDailyBackup(at('2047-03-01T01:10:00Z'))).rejects.toThrow();
    expect(await runsOf('2047-03-01')).toEqual([]);

    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const stop = startDailyBackups(at('2047-03-01T01:20:00Z'), log, 60_000);
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledWith(expect.anything(), 'backup tick failed'), {
      timeout: 10_000,
    });
    await stop();

    rmSync(path.join(dataDir, 'backups'));
    const report = await runDailyBackup(at('2047-03-01T01:30:00Z'));
    expect(report.ran).toBe(true);
    expect(await runsOf('2047-03-01')).toEqual([{ status: 'done' }]);
    expect(backupsIn(dataDir)).toEqual(['2047-03-01T013000Z']);
    rmSync(path.join(dataDir, 'backups'), { recursive: true, force: true });
  });

  it('takes over a day whose process stopped beating, and removes what a stopped copy left', async () => {
    await t.ctx.db.execute(sql`insert into backup_runs (day, status, started_at, heartbeat_at)
      values ('2048-05-01', 'running', '2048-05-01T01:00:00Z', '2048-05-01T01:00:00Z')`);
    mkdirSync(path.join(dailyBackupsFolder(t.ctx.config), '2048-05-01T010000Z.partial'), { recursive: true });
    // Beaten 5 minutes ago: still alive.
    expect((await runDailyBackup(at('2048-05-01T01:05:00Z'))).ran).toBe(false);
    // Silent for 20 minutes: taken over.
    expect((await runDailyBackup(at('2048-05-01T01:20:00Z'))).ran).toBe(true);
    expect(backupsIn(dataDir)).toEqual(['2048-05-01T012000Z']);
    rmSync(path.join(dataDir, 'backups'), { recursive: true, force: true });
  });

  it('is on by default with the embedded database only; BACKUP_DAILY decides otherwise', () => {
    const url = 'postgres://u@db:5432/hep';
    expect(dailyBackupsOn(loadConfig({}))).toBe(true);
    expect(dailyBackupsOn(loadConfig({ BACKUP_DAILY: '0' }))).toBe(false);
    expect(dailyBackupsOn(loadConfig({ DATABASE_URL: url }))).toBe(false);
    expect(dailyBackupsOn(loadConfig({ DATABASE_URL: url, BACKUP_DAILY: '1' }))).toBe(true);
  });
});
