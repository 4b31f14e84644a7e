/**
 * One "API process" for mail-outbox-exactly-once.test.ts: opens the PostgreSQL database DATABASE_URL, says "ready",
 * waits for a line on stdin (the test's start signal, so that all processes start at the same moment), runs the
 * mail worker at the fixed instant NOW through SMTP_URL until nothing is due, and prints its result as one JSON line.
 */
import os from 'node:os';
import pino from 'pino';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openPostgres } from '../src/db/client';
import { createMailer } from '../src/modules/mail/mailer';
import { createMailTransport } from '../src/modules/mail/mail-transport';
import { type MailRunResult, runMailWorker } from '../src/modules/mail/mail-worker';

const env = process.env;
const config = loadConfig({
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://app.test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: env.DATABASE_URL,
  SMTP_URL: env.SMTP_URL,
});
const database = await openPostgres(config.DATABASE_URL!);
const now = () => new Date(env.NOW!);
const ctx: AppContext = {
  config,
  db: database.db,
  mailer: createMailer({ db: database.db, now }),
  secretKey: new TextEncoder().encode('test-secret-key-that-is-long-enough-0123456789'),
  now,
};
const transport = createMailTransport({
  smtpUrl: config.SMTP_URL,
  from: config.MAIL_FROM,
  outboxDir: os.tmpdir(),
});

console.log('ready');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.pause();
const result: MailRunResult = await runMailWorker(ctx, transport, pino({ level: 'silent' }));
await database.close();
console.log(JSON.stringify(result));
