import path from 'node:path';
import pino from 'pino';
import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DatabaseInUseError } from './db/data-dir-lock';
import { seedDemoIfEmpty } from './db/seed/demo';
import { removeUploadLeftovers } from './modules/media/upload-leftovers';
import { createMailer } from './modules/mail/mailer';
import { startReminderScheduler } from './modules/reminders/reminder-scheduler';
import { resolveSecretKey } from './secret-key';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const ctx = {
    config,
    db: database.db,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, 'outbox'),
      log,
    }),
    secretKey: resolveSecretKey(config.SECRET_KEY, config.DATA_DIR),
    now: () => new Date(),
  };
  if (config.SEED_DEMO) await seedDemoIfEmpty(ctx, (line) => console.log(line));
  await removeUploadLeftovers(ctx);

  const app = await buildApp(ctx, { logger: loggerOptions(config.LOG_LEVEL) });
  app.addHook('onClose', () => database.close());
  // Here, not in app.ts: API tests build the app without a scheduler sending reminders behind their back.
  const stopReminders =
    config.REMINDER_INTERVAL_MS > 0
      ? startReminderScheduler(ctx, app.log, config.REMINDER_INTERVAL_MS)
      : async () => undefined;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Reminders first: a tick in flight finishes its sends before the database closes under it.
    stopReminders()
      .then(() => app.close())
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseInUseError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
