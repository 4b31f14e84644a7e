/**
 * One "API process" for reminders-exactly-once.test.ts: opens the PostgreSQL database DATABASE_URL, says "ready",
 * waits for a line on stdin (the test's start signal, so that all processes tick at the same moment), runs TICKS
 * reminder ticks at the fixed instant NOW and prints the summed tick results as one JSON line.
 */
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openPostgres } from '../src/db/client';
import { createMailer } from '../src/modules/mail/mailer';
import { runReminderTick, type TickResult } from '../src/modules/reminders/reminders.service';

const env = process.env;
const config = loadConfig({
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://app.test',
  LOG_LEVEL: 'silent',
  PUSH_ALLOW_PRIVATE_ENDPOINTS: '1',
  DATABASE_URL: env.DATABASE_URL,
});
const database = await openPostgres(config.DATABASE_URL!);
const ctx: AppContext = {
  config,
  db: database.db,
  // Reminder emails are queued in the outbox; the test sends them with its own mail worker.
  mailer: createMailer({ db: database.db, now: () => new Date(env.NOW!) }),
  secretKey: new TextEncoder().encode('test-secret-key-that-is-long-enough-0123456789'),
  now: () => new Date(env.NOW!),
};

// An hour early nobody is due: this opens the connection and warms the statements before the start signal, so
// that neither process starts with a head start (a cold connection on a loaded machine costs hundreds of ms).
await runReminderTick(ctx, new Date(new Date(env.NOW!).getTime() - 3_600_000));
console.log('ready');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.pause();
const totals: TickResult = { enqueued: 0, sent: 0, expired: 0, skipped: 0 };
for (let i = 0; i < Number(env.TICKS ?? 5); i += 1) {
  const result = await runReminderTick(ctx);
  for (const key of Object.keys(totals) as (keyof TickResult)[]) totals[key] += result[key];
}
await database.close();
console.log(JSON.stringify(totals));
