import path from 'node:path';
import pino from 'pino';
import { buildApp, loggerOptions } from './app';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './demo/demo';
import { dailyBackupsOn, startDailyBackups } from './modules/backups/backup-daily';
import { serveBackupRequests } from './modules/backups/backup-socket';
import { loadStarterLibrary } from './modules/library/starter-library.service';
import { removeUploadLeftovers } from './modules/media/upload-leftovers';
import { createMailTransport } from './modules/mail/mail-transport';
import { startMailWorker } from './modules/mail/mail-worker';
import { startMessageDigests } from './modules/messages/message-digest';
import { startReminderScheduler } from './modules/reminders/reminder-scheduler';
import { startRetentionJob } from './modules/retention/retention-job';
import { unfinishedWorkDone } from './lib/unfinished-work';
import { processContext } from './process-context';
import { stopTracing } from './tracing';

/** Runs the server on `config` until SIGTERM or SIGINT (server.ts loads this once tracing, if any, has started). */
export async function runServer(config: Config) {
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onConnectionProblem: (error, what) =>
      what === 'lost'
        ? log.warn(
            { code: (error as { code?: unknown }).code },
            'database connection lost; reconnecting on demand',
          )
        : log.warn(
            { code: (error as { code?: unknown }).code },
            'waiting for the database to accept connections',
          ),
  });
  await loadStarterLibrary(database.db);
  const ctx = processContext(config, database.db);
  if (config.SEED_DEMO) await seedDemoIfEmpty(ctx, (line) => console.log(line));
  await removeUploadLeftovers(ctx);

  const app = await buildApp(ctx, { logger: loggerOptions(config.LOG_LEVEL) });
  // Node's own figures (memory, event loop delay, garbage collection) beside the app's, once per process.
  app.metrics?.collectProcessMetrics();
  // Here, not in app.ts: API tests build the app without a scheduler sending reminders behind their back.
  const stopReminders =
    config.REMINDER_INTERVAL_MS > 0
      ? startReminderScheduler(
          ctx,
          app.log,
          config.REMINDER_INTERVAL_MS,
          undefined,
          app.metrics?.reminderTick,
        )
      : async () => undefined;
  // Mails members who leave a message unread for an hour (docs/product/messages.md#notifications), through the outbox.
  const stopDigests =
    config.MESSAGE_DIGEST_INTERVAL_MS > 0
      ? startMessageDigests(ctx, app.log, config.MESSAGE_DIGEST_INTERVAL_MS)
      : async () => undefined;
  // Erases clients past their clinic's retention and prunes expired rows, once a day across every process
  // (docs/product/retention.md#the-job).
  const stopRetention =
    config.RETENTION_INTERVAL_MS > 0
      ? startRetentionJob(ctx, app.log, config.RETENTION_INTERVAL_MS)
      : async () => undefined;
  // Backs up the database and the media once a day across every process, into DATA_DIR/backups (keeping 7): on by
  // default with the embedded database (docs/product/backups.md#daily-backups).
  const stopDailyBackups = dailyBackupsOn(config) ? startDailyBackups(ctx, app.log) : async () => undefined;
  // The embedded database is this process's alone: `npm run cli -- backup` asks it for the copy through a socket.
  const stopBackupSocket =
    database.kind === 'pglite' ? serveBackupRequests(ctx, app.log) : async () => undefined;
  // Sends what requests queue in the mail outbox (docs/decisions/010-mail-outbox.md): SMTP, or .eml files without
  // SMTP_URL.
  const stopMail = startMailWorker(ctx, app.log, {
    transport: createMailTransport({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, 'outbox'),
    }),
  });

  let closing = false;
  /**
   * Stops accepting, lets requests in flight finish for SHUTDOWN_GRACE_MS, then cuts what is left (a stalled upload,
   * say: its partial files are removed by its own error path) and closes the database once nothing uses it.
   * A hard deadline 4 s later ends the process whatever happens, within the 25 s an orchestrator usually allows.
   */
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.warn('drain deadline reached: closing the connections still open');
      app.server.closeAllConnections();
    }, config.SHUTDOWN_GRACE_MS).unref();
    setTimeout(() => {
      app.log.error('shutdown deadline reached: exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS + 4_000).unref();
    Promise.all([
      app.close(),
      stopReminders(),
      stopDigests(),
      stopRetention(),
      stopDailyBackups(),
      stopBackupSocket(),
      stopMail(),
    ])
      // A cut upload still removing its partial file, a reset link not yet written: finished before the database closes.
      .then(() => unfinishedWorkDone())
      .then(() => database.close())
      // The last spans, the shutdown's own among them, before the process exits.
      .then(() => stopTracing())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`App ready at ${config.PUBLIC_URL} (listening on ${address})`);
}
