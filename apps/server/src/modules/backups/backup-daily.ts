import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { startPeriodicTick, type TickLog } from '../../lib/periodic-tick';
import { findManifest } from './backup-manifest';
import { type BackupSummary, writeBackup } from './backup.service';
import { beatBackupClaim, claimBackupDay, finishBackupClaim, releaseBackupClaim } from './backups.repository';

// docs/product/backups.md#daily-backups: once a UTC day, from 01:00, the first tick of any process takes the day and
// writes DATA_DIR/backups/<time>/, keeping the newest 7.

/** The hour (UTC) from which a day's backup is due: after the retention job's run at the day's start. */
export const DAILY_BACKUP_HOUR_UTC = 1;
export const DAILY_BACKUPS_KEPT = 7;
/** How often each process looks whether today's backup is due; a look is one statement. */
export const DAILY_BACKUP_TICK_MS = 10 * 60_000;
const HEARTBEAT_MS = 60_000;

/** A complete daily backup's folder: its time, UTC, sortable as text ("2026-03-01T010012Z"). */
const FOLDER = /^\d{4}-\d{2}-\d{2}T\d{6}Z$/;
const PARTIAL = /^\d{4}-\d{2}-\d{2}T\d{6}Z\.partial$/;

/** On by default with the embedded database only; BACKUP_DAILY=0 or 1 decides otherwise. */
export const dailyBackupsOn = (config: Config) => config.BACKUP_DAILY ?? !config.DATABASE_URL;

export const dailyBackupsFolder = (config: Config) => path.resolve(config.DATA_DIR, 'backups');

const folderName = (date: Date) => date.toISOString().slice(0, 19).replace(/:/g, '') + 'Z';

export type DailyBackupReport =
  | { ran: false; day: string }
  | { ran: true; day: string; folder: string; summary: BackupSummary; pruned: number; seconds: number };

/** The complete backups in the folder, newest first. */
async function completeBackups(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return names
    .filter((name) => FOLDER.test(name))
    .sort()
    .reverse();
}

/**
 * Today's backup if it is due and no process has taken the day: the claim is committed first (the copy runs outside
 * any transaction), given back if the copy fails so that the next tick tries again, and kept alive by a heartbeat
 * so that another process takes over a day whose process died. The new backup links the files the newest one holds.
 */
export async function runDailyBackup(
  ctx: AppContext,
  options: { signal?: AbortSignal } = {},
): Promise<DailyBackupReport> {
  const now = ctx.now();
  const day = now.toISOString().slice(0, 10);
  if (now.getUTCHours() < DAILY_BACKUP_HOUR_UTC) return { ran: false, day };
  if (!(await claimBackupDay(ctx.db, day, now))) return { ran: false, day };
  const started = Date.now();
  const heartbeat = setInterval(() => {
    void beatBackupClaim(ctx.db, day, now, ctx.now()).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const folder = dailyBackupsFolder(ctx.config);
    const newest = (await completeBackups(folder))[0];
    const previousManifest = newest ? findManifest(path.join(folder, newest)) : null;
    const name = folderName(now);
    const partial = path.join(folder, `${name}.partial`);
    await rm(partial, { recursive: true, force: true });
    const summary = await writeBackup(ctx, partial, {
      signal: options.signal,
      now: ctx.now,
      previous: previousManifest && { dir: path.join(folder, newest!), manifest: previousManifest },
    });
    await rename(partial, path.join(folder, name));
    const pruned = await pruneDailyBackups(folder);
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    await finishBackupClaim(ctx.db, day, now, ctx.now(), {
      folder: name,
      database_bytes: summary.databaseBytes,
      media_files: summary.mediaFiles,
      media_bytes: summary.mediaBytes,
      linked_files: summary.linkedFiles,
      warnings: summary.warnings.length,
      seconds,
    });
    return { ran: true, day, folder: name, summary, pruned, seconds };
  } catch (error) {
    await releaseBackupClaim(ctx.db, day, now).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

/** Keeps the newest 7 complete backups; removes older ones and folders a stopped copy left. Returns how many went. */
export async function pruneDailyBackups(folder: string): Promise<number> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const old = (await completeBackups(folder)).slice(DAILY_BACKUPS_KEPT);
  const leftovers = names.filter((name) => PARTIAL.test(name));
  for (const name of [...old, ...leftovers])
    await rm(path.join(folder, name), { recursive: true, force: true });
  return old.length;
}

/**
 * Every DAILY_BACKUP_TICK_MS each process looks whether today's backup is due (docs/product/backups.md#daily-backups).
 * Each backup's outcome is logged with sizes and counts only. The stop function stops a copy in flight (its folder is
 * removed and the day given back) and resolves once it has.
 */
export function startDailyBackups(ctx: AppContext, log: TickLog, intervalMs = DAILY_BACKUP_TICK_MS) {
  const stopping = new AbortController();
  const stopTick = startPeriodicTick('backup', log, intervalMs, async () => {
    const report = await runDailyBackup(ctx, { signal: stopping.signal }).catch((error: unknown) => {
      // Stopped by the shutdown: the day was given back, and the next start takes it again.
      if (stopping.signal.aborted) return null;
      throw error;
    });
    if (!report?.ran) return;
    const { summary } = report;
    log.info(
      {
        day: report.day,
        folder: report.folder,
        databaseBytes: summary.databaseBytes,
        mediaFiles: summary.mediaFiles,
        mediaBytes: summary.mediaBytes,
        linkedFiles: summary.linkedFiles,
        pruned: report.pruned,
        seconds: report.seconds,
      },
      'daily backup written',
    );
    if (summary.warnings.length > 0)
      log.warn({ day: report.day, warnings: summary.warnings }, 'daily backup: files to look at');
  });
  return async () => {
    stopping.abort();
    await stopTick();
  };
}
